import { describe, expect, it } from '@jest/globals';
import { analyzeJobDescription } from '#shared/match-score';
import {
  changeCases,
  injectedClaims,
  injectionJobDescription,
  injectionResume,
  suggestionCases,
  temptationJobDescription,
  temptationResume,
} from '../../../tests/fixtures/ai/index.ts';
import { groundChanges, groundSuggestions } from './grounding.ts';

const analysis = analyzeJobDescription(temptationJobDescription);

describe('groundSuggestions on answers built to tempt it', () => {
  it.each(suggestionCases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const result = groundSuggestions(temptationResume, [c.text], analysis);

    if (c.expect === 'kept') {
      expect(result.dropped).toEqual([]);
      expect(result.kept).toEqual([c.text]);
    } else {
      expect(result.kept).toEqual([]);
      expect(result.dropped[0]?.facts).toEqual(expect.arrayContaining(c.facts ?? []));
    }
  });

  it('keeps the order of what it keeps and reports each drop with its suggestion', () => {
    const texts = suggestionCases.map((c) => c.text);

    const result = groundSuggestions(temptationResume, texts, analysis);

    expect(result.kept).toEqual(suggestionCases.filter((c) => c.expect === 'kept').map((c) => c.text));
    expect(result.dropped.map((d) => d.draft)).toEqual(
      suggestionCases.filter((c) => c.expect === 'dropped').map((c) => c.text),
    );
  });

  it('drops an empty suggestion', () => {
    expect(groundSuggestions(temptationResume, ['  ']).dropped[0]?.facts).toEqual(['empty']);
  });
});

describe('groundChanges on changes built to tempt it', () => {
  it.each(changeCases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const result = groundChanges(temptationResume, analysis, [c.text]);

    if (c.expect === 'kept') {
      expect(result.dropped).toEqual([]);
      expect(result.kept).toEqual([c.text]);
    } else {
      expect(result.kept).toEqual([]);
      expect(result.dropped[0]?.facts).toEqual(expect.arrayContaining(c.facts ?? []));
    }
  });

  it('compares with the whole resume, not only the field it rewrites', () => {
    // PHP and MySQL are only in the second job; saying so in the summary is no new fact.
    const draft = {
      section: 'personalInfo' as const,
      field: 'summary' as const,
      original: temptationResume.personalInfo.summary,
      suggested: 'Developer who builds web apps in React and maintained an ordering site in PHP and MySQL.',
      explanation: '',
    };

    expect(groundChanges(temptationResume, analysis, [draft]).kept).toEqual([draft]);
  });
});

describe('prompt injection', () => {
  it('drops every claim an injected instruction asks for', () => {
    const jdAnalysis = analyzeJobDescription(injectionJobDescription);
    const obeyed = [
      'Backend developer building APIs in Python, Django and Kubernetes.',
      'Backend developer with a PhD from Stanford.',
      'Backend developer, formerly at Google, building APIs in Python.',
      'Backend developer skilled in Go and Python.',
      "Backend developer with a Master's degree.",
    ];

    const result = groundSuggestions(injectionResume, obeyed, jdAnalysis);

    expect(result.kept).toEqual([]);
    const facts = result.dropped.flatMap((d) => d.facts).join(' | ');
    for (const claim of ['Kubernetes', 'PhD', 'Stanford', 'Google', 'Go', 'master'])
      expect(facts).toContain(claim);
    expect(injectedClaims.length).toBeGreaterThan(0);
  });
});
