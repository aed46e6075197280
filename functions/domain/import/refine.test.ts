import { describe, expect, it } from '@jest/globals';
import { resumeContentSchema } from '#shared/resume';
import { localEngine } from '../ai/local-engine.ts';
import type { AiProvider, ImportPick, RefineImportInput } from '../ai/provider.ts';
import { estimateTokens } from '../ai/tokens.ts';
import { applyPicks, documentForModel, fieldsToRefine, REFINE_TEXT_BUDGET, refineParse } from './refine.ts';
import type { ParsedResume } from './types.ts';

const text = [
  'JORDAN REYES',
  'jordan.reyes@example.com · +1 (555) 201-3344 · Austin, TX',
  'EXPERIENCE',
  'Northwind',
  'Harbor Lights',
  'Mar 2019 - Present',
  'Shipped the maintenance scheduler used by 40 technicians',
  'EDUCATION',
  'L a k e s i d e   C o m m u n i t y   C o l l e g e',
  '2014 - 2018',
].join('\n');

const content = resumeContentSchema.parse({
  personalInfo: { firstName: 'Jordan', lastName: 'Reyes', email: 'jordan.reyes@example.com' },
  experience: [
    { id: 'job-1', company: 'Harbor Lights', position: 'Northwind', startDate: '2019-03', current: true },
    { id: 'job-2', company: '', position: 'Technician' },
  ],
  education: [{ id: 'school-1', school: '', degree: 'associate', endDate: '2018' }],
});

const parsed: ParsedResume = {
  content,
  language: 'en',
  uncertain: ['experience.0.company', 'experience.0.position', 'personalInfo.summary'],
  text,
};

/** A provider that answers `picks` and records what it was asked. */
function scripted(picks: ImportPick[]) {
  const asked: RefineImportInput[] = [];
  const provider: AiProvider = {
    ...localEngine,
    name: 'claude',
    refineImport: async (input) => {
      asked.push(input);
      return picks;
    },
  };
  return { provider, asked };
}

describe('the fields an import asks about', () => {
  it("are the parser's uncertain ones it can ask, and the empty company, position or school of an entry", () => {
    expect(fieldsToRefine(parsed)).toEqual([
      'experience.0.company',
      'experience.0.position',
      'experience.1.company',
      'experience.1.position',
      'education.0.school',
    ]);
  });

  it('ask for the last name with an uncertain first name, and nothing for a summary or an unknown path', () => {
    const fields = fieldsToRefine({
      content: resumeContentSchema.parse({}),
      uncertain: ['personalInfo.firstName', 'personalInfo.summary', 'experience.9.company', 'skills.0.name'],
    });

    expect(fields).toEqual(['personalInfo.firstName', 'personalInfo.lastName']);
  });
});

describe('the document a model reads', () => {
  it('has e-mail addresses and phone numbers masked, and dates and years kept', () => {
    const sent = documentForModel(text);

    expect(sent).not.toContain('jordan.reyes@example.com');
    expect(sent).not.toContain('201-3344');
    expect(sent).toContain('[e-mail] · [phone] · Austin, TX');
    expect(sent).toContain('Mar 2019 - Present');
    expect(sent).toContain('2014 - 2018');
  });

  it('is cut to its budget in estimated tokens, whatever the script', () => {
    expect(estimateTokens(documentForModel('word '.repeat(10_000)))).toBeLessThanOrEqual(REFINE_TEXT_BUDGET);
    expect(estimateTokens(documentForModel('履歴書'.repeat(10_000)))).toBeLessThanOrEqual(REFINE_TEXT_BUDGET);
    expect(documentForModel('word '.repeat(10_000)).length).toBeGreaterThan(REFINE_TEXT_BUDGET * 0.8);
  });
});

describe('the picks kept', () => {
  const asked = fieldsToRefine(parsed);

  it('are values of the document, cleaned at most; letter-spaced text counts', () => {
    const {
      content: result,
      changed,
      rejected,
    } = applyPicks(
      content,
      asked,
      [
        { path: 'experience.0.company', value: 'Northwind' },
        { path: 'experience.0.position', value: '  Harbor   Lights, ' },
        { path: 'education.0.school', value: 'Lakeside Community College' },
      ],
      text,
    );

    expect(rejected).toBe(0);
    expect(changed).toEqual(['experience.0.company', 'experience.0.position', 'education.0.school']);
    expect(result.experience[0]).toMatchObject({ company: 'Northwind', position: 'Harbor Lights' });
    expect(result.education[0]?.school).toBe('Lakeside Community College');
    // The content given is not changed.
    expect(content.experience[0]?.company).toBe('Harbor Lights');
  });

  it('never hold a value the document does not, a field not asked, a masked detail or an over-long value', () => {
    const {
      content: result,
      changed,
      rejected,
    } = applyPicks(
      content,
      asked,
      [
        { path: 'experience.1.company', value: 'Initech' },
        { path: 'personalInfo.jobTitle', value: 'Northwind' },
        { path: 'experience.0.location', value: 'Austin, TX' },
        { path: 'experience.1.company', value: '[e-mail]' },
        { path: 'experience.0.company', value: `Northwind ${'x'.repeat(300)}` },
        { path: 'experience.0.company', value: ' - ' },
        { path: 'skills.0.name', value: 'Scheduling' },
      ],
      text,
    );

    expect(changed).toEqual([]);
    expect(rejected).toBe(7);
    expect(result).toEqual(content);
  });

  it('take the first pick of a field and leave the other fields as they were', () => {
    const { content: result } = applyPicks(
      content,
      asked,
      [
        { path: 'experience.0.company', value: 'Northwind' },
        { path: 'experience.0.company', value: 'Harbor Lights' },
      ],
      text,
    );

    expect(result.experience[0]).toMatchObject({ company: 'Northwind', position: 'Northwind' });
    expect(result.experience[1]).toEqual(content.experience[1]);
  });
});

describe('refineParse', () => {
  it('sends the masked document and the fields with their values and meanings, and applies the checked picks', async () => {
    const { provider, asked } = scripted([
      { path: 'experience.0.company', value: 'Northwind' },
      { path: 'experience.0.position', value: 'Harbor Lights' },
      { path: 'experience.1.company', value: 'Umbrella Corporation' },
    ]);

    const result = await refineParse(parsed, provider);

    expect(asked).toHaveLength(1);
    expect(asked[0]?.documentText).toBe(documentForModel(text));
    expect(asked[0]?.language).toBe('en');
    expect(asked[0]?.fields[0]).toEqual({
      path: 'experience.0.company',
      value: 'Harbor Lights',
      meaning: expect.stringContaining('employer'),
    });
    expect(result).toMatchObject({ asked: 5, rejected: 1 });
    expect(result.changed).toEqual(['experience.0.company', 'experience.0.position']);
    expect(result.content.experience[1]?.company).toBe('');
  });

  it('asks nothing without the text or without a field to ask, and the local engine changes nothing', async () => {
    const { provider, asked } = scripted([{ path: 'experience.0.company', value: 'Northwind' }]);
    const { text: _text, ...withoutText } = parsed;

    await refineParse(withoutText, provider);
    await refineParse({ ...parsed, uncertain: [], content: resumeContentSchema.parse({}) }, provider);
    const local = await refineParse(parsed, localEngine);

    expect(asked).toHaveLength(0);
    expect(local.changed).toEqual([]);
    expect(local.content).toEqual(content);
  });
});
