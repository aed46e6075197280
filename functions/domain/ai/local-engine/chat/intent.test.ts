import { describe, expect, it } from '@jest/globals';
import { answerLanguage, intentOf } from './intent.ts';

describe('intentOf', () => {
  const earlier = [
    { role: 'user' as const, content: 'Which skills should I list?', createdAt: '2024-01-01T00:00:00Z' },
    { role: 'assistant' as const, content: 'You list 8 skills.', createdAt: '2024-01-01T00:00:01Z' },
  ];

  it('reads the message’s own subject', () => {
    expect(intentOf({ message: 'Is my resume too long?', history: earlier })).toBe('length');
  });

  it('gives a short follow-up the subject of the previous question', () => {
    expect(intentOf({ message: 'And what else?', history: earlier })).toBe('skills');
    expect(intentOf({ message: 'And what else?', history: [] })).toBe('unsupported');
  });

  it('does not carry the subject over to a longer message', () => {
    expect(intentOf({ message: 'What is the capital of France, please?', history: earlier })).toBe(
      'unsupported',
    );
  });
});

describe('answerLanguage', () => {
  it('answers in the language the question’s words tell', () => {
    expect(answerLanguage('Como melhorar meu currículo?', 'en')).toBe('pt');
    expect(answerLanguage('How can I improve my resume?', 'pt')).toBe('en');
  });

  it('falls back to the resume’s language when the words do not tell', () => {
    expect(answerLanguage('ATS?', 'pt')).toBe('pt');
    expect(answerLanguage('ATS?', 'en')).toBe('en');
  });
});
