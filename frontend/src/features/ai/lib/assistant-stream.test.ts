/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import type { AssistantEvent } from '#shared/ai';
import { answerText, applyFrame, startAnswer } from './assistant-stream.ts';

const delta = (seq: number, text: string, requestId = 'req-12345'): AssistantEvent => ({
  type: 'assistant.delta',
  resumeId: 'r1',
  requestId,
  seq,
  text,
});

describe('a streamed answer', () => {
  it('shows the pieces in seq order, waiting at a gap, and ignores repeats', () => {
    let answer = startAnswer('req-12345');
    answer = applyFrame(answer, delta(0, 'Your summary '));
    answer = applyFrame(answer, delta(2, 'clear.'));
    expect(answerText(answer)).toBe('Your summary ');
    answer = applyFrame(answer, delta(1, 'is '));
    answer = applyFrame(answer, delta(1, 'is '));
    expect(answerText(answer)).toBe('Your summary is clear.');
  });

  it('ignores frames of another request and anything after the end', () => {
    let answer = startAnswer('req-12345');
    answer = applyFrame(answer, delta(0, 'other', 'req-99999'));
    expect(answerText(answer)).toBe('');
    answer = applyFrame(answer, {
      type: 'assistant.error',
      resumeId: 'r1',
      requestId: 'req-12345',
      code: 'AI_TIMEOUT',
    });
    expect(answer).toMatchObject({ state: 'error', code: 'AI_TIMEOUT' });
    expect(applyFrame(answer, delta(0, 'late'))).toBe(answer);
  });
});
