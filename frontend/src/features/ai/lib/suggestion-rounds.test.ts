/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { SUGGESTION_SEED_MAX, SUGGESTIONS_SEEN_MAX } from '#shared/ai';
import { addRound, repeatSeed, roundsKey, savedRounds, seenForRepeat } from './suggestion-rounds.ts';

describe('suggestion rounds', () => {
  it('keep the latest round to show and every suggestion seen, once each, for the page', () => {
    const key = roundsKey('r1', 'experience', 'exp-1');

    const first = addRound(key, savedRounds(key), ['A', 'B']);
    const second = addRound(key, first, ['C', 'B ']);

    expect(second).toEqual({ shown: ['C', 'B '], seen: ['A', 'B', 'C'] });
    expect(savedRounds(key)).toEqual(second);
    expect(savedRounds(roundsKey('r1', 'experience', 'exp-2'))).toEqual({ shown: [], seen: [] });
    expect(savedRounds(roundsKey('r1', 'summary'))).toEqual({ shown: [], seen: [] });
  });

  it('send the newest suggestions the API accepts as already shown', () => {
    const seen = Array.from({ length: SUGGESTIONS_SEEN_MAX + 4 }, (_, i) => `s${i}`);

    expect(seenForRepeat({ shown: [], seen })).toEqual(seen.slice(4));
  });

  it('draw a repeat seed of 1 or more, within the API’s range', () => {
    expect(repeatSeed(() => 0)).toBe(1);
    expect(repeatSeed(() => 0.999_999_999_9)).toBeLessThanOrEqual(SUGGESTION_SEED_MAX);
  });
});
