import { describe, expect, it } from '@jest/globals';
import {
  isCommonPassword,
  passwordChangeProblem,
  passwordMinLength,
  passwordProblem,
} from './password-policy.ts';

describe('password policy', () => {
  it('asks for at least 8 characters, counting an accented letter once', () => {
    expect(passwordMinLength).toBe(8);
    expect(passwordProblem('Tr4v3l!')).toBe('tooShort');
    expect(passwordProblem('')).toBe('tooShort');
    expect(passwordProblem('Ação-ok')).toBe('tooShort');
    expect(passwordProblem('Tr4v3l!x')).toBeNull();
    expect(passwordProblem('Ação-ok!')).toBeNull();
  });

  it('refuses the most common passwords whatever their case', () => {
    for (const password of [
      'password',
      'PASSWORD1',
      'Qwerty123',
      '12345678',
      'iloveyou',
      'P@ssw0rd',
      'Senha123',
    ]) {
      expect(passwordProblem(password)).toBe('common');
    }
    expect(isCommonPassword('  Welcome123 ')).toBe(true);
  });

  it('accepts an uncommon phrase', () => {
    expect(passwordProblem('violet ferry at noon')).toBeNull();
    expect(isCommonPassword('violet ferry at noon')).toBe(false);
  });

  it('refuses a change to the same password, after the rule itself', () => {
    expect(passwordChangeProblem('violet ferry at noon', 'violet ferry at noon')).toBe('same');
    expect(passwordChangeProblem('short', 'short')).toBe('tooShort');
    expect(passwordChangeProblem('old-pass-1', 'password123')).toBe('common');
    expect(passwordChangeProblem('old-pass-1', 'violet ferry at noon')).toBeNull();
  });
});
