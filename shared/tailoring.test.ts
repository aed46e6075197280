import { describe, expect, it } from '@jest/globals';
import type { TailoringChange } from './ai.ts';
import { resumeContentSchema } from './resume.ts';
import { sampleResumeEn } from './sample-resumes.ts';
import {
  applyTailoringChanges,
  skillOrderText,
  TailoringOutdatedError,
  tailoringProblems,
  tailoringTarget,
} from './tailoring.ts';

const resume = sampleResumeEn;
const exp1 = resume.experience[0]?.description as string;
const names = skillOrderText(resume).split('\n');
const reordered = [names[6], names[0], names[2], names[1], names[3], names[4], names[5], names[7]].join('\n');

const changes: TailoringChange[] = [
  {
    id: 'c1',
    section: 'personalInfo',
    field: 'summary',
    original: resume.personalInfo.summary,
    suggested: 'A new summary.',
    explanation: '',
  },
  {
    id: 'c2',
    section: 'personalInfo',
    field: 'jobTitle',
    original: resume.personalInfo.jobTitle,
    suggested: 'Software Engineer',
    explanation: '',
  },
  {
    id: 'c3',
    section: 'experience',
    itemId: 'exp-1',
    field: 'description',
    original: exp1,
    suggested: exp1.split('\n').reverse().join('\n'),
    explanation: '',
  },
  {
    id: 'c4',
    section: 'skills',
    itemId: 'skill-2',
    field: 'name',
    original: 'AWS',
    suggested: 'Amazon Web Services',
    explanation: '',
  },
  {
    id: 'c5',
    section: 'skills',
    field: 'order',
    original: names.join('\n'),
    suggested: reordered,
    explanation: '',
  },
  {
    id: 'c6',
    section: 'projects',
    itemId: 'proj-1',
    field: 'description',
    original: resume.projects[0]?.description as string,
    suggested: 'One line.',
    explanation: '',
  },
];

describe('applyTailoringChanges', () => {
  it('applies only the accepted changes, to a copy', () => {
    const before = structuredClone(resume);

    const next = applyTailoringChanges(resume, changes, ['c1', 'c3', 'c6']);

    expect(resume).toEqual(before);
    expect(next).not.toBe(resume);
    expect(next.personalInfo.summary).toBe('A new summary.');
    expect(next.personalInfo.jobTitle).toBe(resume.personalInfo.jobTitle);
    expect(next.experience[0]?.description).toBe(changes[2]?.suggested);
    expect(next.experience[1]).toEqual(resume.experience[1]);
    expect(next.projects[0]?.description).toBe('One line.');
    expect(next.skills).toEqual(resume.skills);
  });

  it('reorders the skills without adding or dropping one, and keeps a renamed skill in its new place', () => {
    const next = applyTailoringChanges(resume, changes, new Set(['c4', 'c5']));

    expect(next.skills.map((s) => s.id)).toEqual([
      'skill-7',
      'skill-1',
      'skill-3',
      'skill-2',
      'skill-4',
      'skill-5',
      'skill-6',
      'skill-8',
    ]);
    expect(next.skills.find((s) => s.id === 'skill-2')).toEqual({
      ...resume.skills[1],
      name: 'Amazon Web Services',
    });
  });

  it('never adds or drops a skill, even when an order names unknown skills or leaves some out', () => {
    const odd: TailoringChange = {
      id: 'x',
      section: 'skills',
      field: 'order',
      original: names.join('\n'),
      suggested: 'Kubernetes\nCOBOL\nGo',
      explanation: '',
    };

    const next = applyTailoringChanges(resume, [odd], ['x']);

    expect(next.skills.map((s) => s.name)).toEqual([
      'Kubernetes',
      'Go',
      ...names.filter((n) => n !== 'Kubernetes' && n !== 'Go'),
    ]);
  });

  it('throws TailoringOutdatedError when an accepted change’s original is no longer the resume’s value', () => {
    const edited = resumeContentSchema.parse({
      ...resume,
      personalInfo: { ...resume.personalInfo, summary: 'Edited since.' },
    });

    expect(() => applyTailoringChanges(edited, changes, ['c3', 'c1'])).toThrow(TailoringOutdatedError);
    // A rejected change against an edited field is no problem.
    expect(applyTailoringChanges(edited, changes, ['c3']).personalInfo.summary).toBe('Edited since.');
  });

  it('throws when an accepted change targets an item that is gone', () => {
    const gone = resumeContentSchema.parse({ ...resume, experience: resume.experience.slice(1) });

    expect(() => applyTailoringChanges(gone, changes, ['c3'])).toThrow(
      expect.objectContaining({ name: 'TailoringOutdatedError', changeId: 'c3' }),
    );
  });

  it('ignores ids that name no change', () => {
    expect(applyTailoringChanges(resume, changes, ['nope'])).toEqual(resume);
  });
});

describe('tailoringTarget', () => {
  it('reads the value a change rewrites, or undefined for a target that does not exist', () => {
    expect(tailoringTarget(resume, { section: 'skills', field: 'name', itemId: 'skill-1' })).toBe(
      'TypeScript',
    );
    expect(tailoringTarget(resume, { section: 'skills', field: 'order' })).toBe(names.join('\n'));
    expect(
      tailoringTarget(resume, { section: 'experience', field: 'description', itemId: 'nope' }),
    ).toBeUndefined();
    expect(
      tailoringTarget(resume, { section: 'experience', field: 'name', itemId: 'exp-1' }),
    ).toBeUndefined();
    expect(tailoringTarget(resume, { section: 'personalInfo', field: 'order' })).toBeUndefined();
  });
});

describe('tailoringProblems', () => {
  const base = { firstName: 'Ana', lastName: 'Lima' };
  const make = (personalInfo: object | undefined, lists: object = {}) =>
    ({ ...resumeContentSchema.parse({ personalInfo: base, ...lists }), personalInfo }) as never;

  it('is empty for a resume that can be tailored', () => {
    expect(tailoringProblems(resume)).toEqual([]);
    expect(tailoringProblems(make(base, { skills: [{ id: 's', name: 'SQL' }] }))).toEqual([]);
  });

  it('names each missing part', () => {
    expect(tailoringProblems(make(undefined, { education: [{ id: 'e' }] }))).toEqual(['personalInfo']);
    expect(tailoringProblems(make({ ...base, firstName: ' ' }, { experience: [{ id: 'x' }] }))).toEqual([
      'firstName',
    ]);
    expect(tailoringProblems(make({ ...base, lastName: '' }))).toEqual(['lastName', 'content']);
    expect(tailoringProblems(make(base))).toEqual(['content']);
  });
});
