import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { clearResumeState, onResumeStateCleared } from './resume-state.ts';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('clearResumeState', () => {
  it('removes every resume* entry from local and session storage and nothing else', () => {
    localStorage.setItem('resumeDraft', '{}');
    localStorage.setItem('resume-builder:template', 'simple');
    localStorage.setItem('i18nextLng', 'pt-BR');
    sessionStorage.setItem('resumePreview', '{}');
    sessionStorage.setItem('passwordResetLink', '{}');

    clearResumeState();

    expect(localStorage.getItem('resumeDraft')).toBeNull();
    expect(localStorage.getItem('resume-builder:template')).toBeNull();
    expect(sessionStorage.getItem('resumePreview')).toBeNull();
    expect(localStorage.getItem('i18nextLng')).toBe('pt-BR');
    expect(sessionStorage.getItem('passwordResetLink')).toBe('{}');
  });

  it('resets the stores that registered, until they unsubscribe', () => {
    const reset = jest.fn();
    const unsubscribe = onResumeStateCleared(reset);

    clearResumeState();
    unsubscribe();
    clearResumeState();

    expect(reset).toHaveBeenCalledTimes(1);
  });
});
