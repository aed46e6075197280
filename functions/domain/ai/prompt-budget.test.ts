import { describe, expect, it } from '@jest/globals';
import { ASSISTANT_MESSAGE_MAX_CHARS, JOB_DESCRIPTION_MAX_CHARS, SUGGESTIONS_SEEN_MAX } from '#shared/ai';
import { analyzeJobDescription } from '#shared/match-score';
import { type ResumeContent, resumeContentSchema } from '#shared/resume';
import { sampleResumeEn, sampleResumePtBr } from '#shared/sample-resumes';
import { blockJson, fitResume, fitText, PROMPT_BUDGET } from './prompt-budget.ts';
import {
  chatPrompt,
  type Prompt,
  refineImportPrompt,
  resumeForModel,
  suggestPrompt,
  tailorPrompt,
} from './prompts.ts';
import { IMPORT_FIELDS_MAX } from './provider.ts';
import { estimateTokens } from './tokens.ts';

// What a call sends is bounded whatever the stored data: the largest resume the edits can build (every text
// at its limit, in a script of three bytes a character), the longest job ad and message, the fullest
// conversation. Today such a resume is about 400 KB and, sent whole, about 100,000 tokens a call.

/** `n` characters of three UTF-8 bytes each: the most a character of one UTF-16 unit costs. */
const heavy = (n: number) => '€'.repeat(n);

function hugeResume(): ResumeContent {
  const base = resumeContentSchema.parse({});
  const item = (i: number) => ({
    id: `item-${i}`,
    company: heavy(200),
    position: heavy(200),
    location: heavy(200),
    url: '',
    startDate: '2020-01',
    endDate: '',
    current: true,
    description: heavy(5_000),
  });
  const items = Array.from({ length: 60 }, (_, i) => item(i));
  return {
    ...base,
    personalInfo: { ...base.personalInfo, jobTitle: heavy(200), summary: heavy(2_000) },
    experience: items,
    projects: items.map((p) => ({
      ...p,
      id: `project-${p.id}`,
      name: heavy(200),
    })) as unknown as ResumeContent['projects'],
    skills: Array.from({ length: 200 }, (_, i) => ({
      id: `skill-${i}`,
      name: heavy(100),
      level: '',
      keywords: heavy(500),
    })) as unknown as ResumeContent['skills'],
    customSections: Array.from({ length: 20 }, (_, i) => ({
      id: `section-${i}`,
      title: heavy(100),
      items: Array.from({ length: 20 }, (_, j) => ({
        id: `custom-${i}-${j}`,
        title: heavy(200),
        subtitle: heavy(200),
        date: '2020',
        description: heavy(5_000),
      })),
    })) as unknown as ResumeContent['customSections'],
  };
}

const size = (prompt: Prompt) => estimateTokens(prompt.system) + estimateTokens(prompt.user);

describe('what one call sends', () => {
  const resume = hugeResume();

  it('the resume a feature was built for is sent whole', () => {
    for (const sample of [sampleResumeEn, sampleResumePtBr]) {
      const view = resumeForModel(sample);
      expect(fitResume(view, PROMPT_BUDGET.chat.resume)).toEqual(view);
    }
  });

  it('the largest resume is cut to the budget, the item a suggestion is about kept whole', () => {
    const view = resumeForModel(resume);
    expect(estimateTokens(blockJson(view))).toBeGreaterThan(1_000_000);

    const fitted = fitResume(view, PROMPT_BUDGET.suggestions.resume, 'item-42');

    expect(estimateTokens(blockJson(fitted))).toBeLessThanOrEqual(PROMPT_BUDGET.suggestions.resume);
    const experience = fitted.experience as { id: string; description: string }[];
    expect(experience[0]).toEqual(resume.experience[42]);
  });

  it('suggestions, tailoring, chat and an import refinement stay within their totals with the largest inputs', () => {
    const jobDescription = heavy(JOB_DESCRIPTION_MAX_CHARS);
    const history = Array.from({ length: 40 }, (_, i) => ({
      id: `turn-${i}`,
      role: i % 2 ? ('assistant' as const) : ('user' as const),
      content: heavy(20_000),
      createdAt: '2026-01-01T00:00:00.000Z',
    }));
    const prompts: [keyof typeof PROMPT_BUDGET, Prompt][] = [
      ['suggestions', suggestPrompt({ resume, target: 'summary', language: 'en' })],
      ['suggestions', suggestPrompt({ resume, target: 'experience', itemId: 'item-1', language: 'en' })],
      [
        'suggestions',
        suggestPrompt({
          resume,
          target: 'experience',
          itemId: 'item-1',
          language: 'en',
          avoid: Array.from({ length: SUGGESTIONS_SEEN_MAX }, () => heavy(5_000)),
        }),
      ],
      [
        'tailoring',
        tailorPrompt({
          resume,
          jobDescription,
          analysis: analyzeJobDescription(`${'Python Django Kubernetes AWS '.repeat(600)}`),
          language: 'en',
        }),
      ],
      [
        'chat',
        chatPrompt({ resume, history, message: heavy(ASSISTANT_MESSAGE_MAX_CHARS), language: 'pt-BR' }),
      ],
      [
        'import',
        refineImportPrompt({
          documentText: fitText(heavy(100_000), 16_000),
          fields: Array.from({ length: IMPORT_FIELDS_MAX }, (_, i) => ({
            path: `experience.${i}.company`,
            value: heavy(200),
            meaning: "the employer's name (company or organisation)",
          })),
          language: 'en',
        }),
      ],
    ];
    const over = prompts
      .map(([kind, prompt]) => ({ kind, size: size(prompt), total: PROMPT_BUDGET[kind].total }))
      .filter(({ size, total }) => size > total);

    expect(over).toEqual([]);
  });

  it('a text over its budget is cut on a character and marked', () => {
    const cut = fitText(heavy(10_000), 3_000);

    expect(estimateTokens(cut)).toBeLessThanOrEqual(3_000);
    expect(cut.endsWith('…')).toBe(true);
    expect(fitText('short', 3_000)).toBe('short');
  });
});
