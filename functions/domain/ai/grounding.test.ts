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
import { groundChanges, groundSuggestions, newFacts, resumeFacts } from './grounding.ts';

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

describe('newFacts reads a number however it is written', () => {
  const facts = resumeFacts(temptationResume);
  const numbers = (text: string) => newFacts(facts, text).filter((f) => f.startsWith('number: '));

  // The resume says "12,000 customers", "a team of 5" and "35%".
  it.each([
    '12,000',
    '12.000',
    '12000',
    '12K',
    '12 mil',
    'twelve thousand',
    'doze mil',
    '１２,０００',
    '١٢٠٠٠',
    'five',
    'cinco',
    '٥',
    '３５%',
    'thirty-five percent',
    'trinta e cinco por cento',
  ])('%s is a number the resume holds', (written) => {
    expect(numbers(`Shipped features used by ${written} customers.`)).toEqual([]);
  });

  it.each([
    ['13', 'number: 13'],
    ['thirteen', 'number: thirteen'],
    ['treze', 'number: treze'],
    ['sixty', 'number: sixty'],
    ['sessenta', 'number: sessenta'],
    ['ninety-nine', 'number: ninety-nine'],
    ['noventa e nove', 'number: noventa e nove'],
    ['a hundred', 'number: hundred'],
    ['cem', 'number: cem'],
    ['duzentos', 'number: duzentos'],
    ['mil', 'number: mil'],
    ['1 million', 'number: 1 million'],
    ['a million', 'number: million'],
    ['um milhão de', 'number: um milhão'],
    ['dois milhões de', 'number: dois milhões'],
    ['1,5 milhão de', 'number: 1,5 milhão'],
    ['120K', 'number: 120K'],
    ['１３', 'number: 13'],
    ['۱۳', 'number: 13'],
    ['x10', 'number: x10'],
    ['10x', 'number: 10x'],
    ['10×', 'number: 10×'],
  ])('%s is a new number', (written, fact) => {
    expect(numbers(`Shipped features used by ${written} customers.`)).toEqual([fact]);
  });

  it('reads "two and three" as two numbers, "one hundred and twenty" as one', () => {
    expect(numbers('Hired two and three developers.')).toEqual(['number: three', 'number: two']);
    expect(numbers('Hired one hundred and twenty developers.')).toEqual(['number: one hundred and twenty']);
  });

  it('takes no article or pronoun for a number, nor the digits of a product name', () => {
    expect(
      numbers('Built one portal in React on AWS S3 and EC2 with a team; uma equipe, um portal.'),
    ).toEqual([]);
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

describe('a stronger claim of ownership (issue 22, item 5)', () => {
  const resume = {
    ...temptationResume,
    experience: temptationResume.experience.map((e) =>
      e.id === 'exp-1' ? { ...e, description: `Worked on Magic Pocket.\n${e.description}` } : e,
    ),
  };

  it('drops "Worked on Magic Pocket" rewritten as "Delivered Magic Pocket", as a suggestion and as a change', () => {
    const suggestion = 'Delivered Magic Pocket.\nBuilt the customer portal in React and JS.';
    const change = {
      section: 'experience' as const,
      itemId: 'exp-1',
      field: 'description' as const,
      original: resume.experience[0]?.description ?? '',
      suggested: (resume.experience[0]?.description ?? '').replace('Worked on', 'Delivered'),
      explanation: '',
    };

    expect(groundSuggestions(resume, [suggestion]).dropped[0]?.facts).toEqual(['ownership: Delivered']);
    expect(groundChanges(resume, analysis, [change]).dropped[0]?.facts).toEqual(['ownership: Delivered']);
  });

  it('keeps the same claim said another way', () => {
    expect(groundSuggestions(resume, ['Contributed to Magic Pocket.']).dropped).toEqual([]);
  });
});
