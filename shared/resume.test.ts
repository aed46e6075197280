import { describe, expect, it } from '@jest/globals';
import {
  createResumeSchema,
  digitsOnly,
  isCompleteResume,
  isEmptyItem,
  newResume,
  resumeContentSchema,
  resumePatchSchema,
  withoutEmptyItems,
} from './resume.ts';

describe('createResumeSchema and newResume', () => {
  it('applies the spec defaults: title My Resume, locale en, digits-only phone, default section titles', () => {
    const input = createResumeSchema.parse({
      userId: 'u1',
      firstName: 'Ana',
      phoneNumber: '+55 (11) 9 8765-4321',
    });

    const resume = newResume(input, { id: 'r1', profileId: 'u1', now: '2026-01-01T00:00:00.000Z' });

    expect(input.locale).toBe('en');
    expect(resume.title).toBe('My Resume');
    expect(resume.personalInfo.phone).toBe('5511987654321');
    expect(resume.revision).toBe(1);
    expect(resume.sectionTitle).toMatchObject({
      personalInfo: 'Personal Information',
      experience: 'Work Experience',
      education: 'Education',
      skills: 'Skills',
      objectives: 'Profile',
    });
  });

  it('keeps a given title, and treats a blank one as missing', () => {
    const ids = { id: 'r', profileId: 'p', now: 'n' };
    expect(newResume(createResumeSchema.parse({ userId: 'u', title: 'CV' }), ids).title).toBe('CV');
    expect(newResume(createResumeSchema.parse({ userId: 'u', title: '   ' }), ids).title).toBe('My Resume');
  });

  it('rejects unknown fields and a locale other than en', () => {
    expect(createResumeSchema.safeParse({ userId: 'u', plan: 'pro' }).success).toBe(false);
    expect(createResumeSchema.safeParse({ userId: 'u', locale: 'pt-BR' }).success).toBe(false);
  });
});

describe('resumePatchSchema', () => {
  it('drops non-object list entries and leaves absent lists absent', () => {
    const patch = resumePatchSchema.parse({
      experience: [null, 'x', 1, [], { id: 'e1', company: 'ACME' }],
      education: undefined,
    });

    expect(patch.experience).toEqual([
      {
        id: 'e1',
        company: 'ACME',
        position: '',
        location: '',
        url: '',
        startDate: '',
        endDate: '',
        current: false,
        description: '',
      },
    ]);
    expect(patch.education).toBeUndefined();
  });

  it('refuses a list field sent as something other than a list, instead of emptying the stored list', () => {
    expect(resumePatchSchema.safeParse({ skills: { id: 's1' } }).success).toBe(false);
    expect(resumePatchSchema.safeParse({ experience: 'none' }).success).toBe(false);
    expect(resumePatchSchema.safeParse({ education: null }).success).toBe(false);
  });

  it('rejects unknown fields at every level and wrong types', () => {
    expect(resumePatchSchema.safeParse({ owner: 'x' }).success).toBe(false);
    expect(resumePatchSchema.safeParse({ personalInfo: { firstName: 'a', role: 'admin' } }).success).toBe(
      false,
    );
    expect(resumePatchSchema.safeParse({ skills: [{ id: 's', name: 'Go', level: 3 }] }).success).toBe(false);
    expect(resumePatchSchema.safeParse({ experience: [{ id: 'e', current: 'yes' }] }).success).toBe(false);
  });

  it('caps list length and string length', () => {
    const many = Array.from({ length: 101 }, (_, i) => ({ id: `s${i}`, name: 'x', skillLevelId: 'a' }));
    expect(resumePatchSchema.safeParse({ skills: many }).success).toBe(false);
    expect(resumePatchSchema.safeParse({ title: 't'.repeat(201) }).success).toBe(false);
  });
});

describe('isCompleteResume', () => {
  const base = {
    personalInfo: {
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.c',
      phone: '',
      jobTitle: '',
      summary: '',
      city: '',
      photo: '',
    },
    experience: [],
    education: [],
    skills: [],
  };

  it('needs first name, last name and e-mail', () => {
    expect(isCompleteResume(base)).toBe(true);
    expect(isCompleteResume({ ...base, personalInfo: { ...base.personalInfo, email: ' ' } })).toBe(false);
  });

  it('strips a phone to digits', () => {
    expect(digitsOnly('(11) 2345-6789 ext. 2')).toBe('11234567892');
  });
});

describe('isEmptyItem and withoutEmptyItems', () => {
  const blankProject = {
    id: 'p',
    name: ' ',
    role: '',
    url: '',
    startDate: '',
    endDate: '',
    current: false,
    description: '',
  };

  it('calls an item empty when every text is blank and nothing is ticked', () => {
    expect(isEmptyItem(blankProject)).toBe(true);
    expect(isEmptyItem({ ...blankProject, role: 'Maintainer' })).toBe(false);
    expect(isEmptyItem({ ...blankProject, current: true })).toBe(false);
    expect(isEmptyItem({ id: 's', name: '', skillLevelId: 'expert', keywords: '' })).toBe(false);
  });

  it('drops empty items from every list and custom section, and keeps the same object when none are', () => {
    const content = resumeContentSchema.parse({
      projects: [blankProject, { ...blankProject, id: 'q', name: 'Open Trails' }],
      certifications: [{ id: 'c' }],
      customSections: [
        { id: 'x', title: 'Talks', items: [{ id: 'i' }, { id: 'j', title: 'Boring Deploys' }] },
        { id: 'y', title: 'Empty', items: [] },
      ],
    });
    const cleaned = withoutEmptyItems(content);
    expect(cleaned.projects.map((p) => p.id)).toEqual(['q']);
    expect(cleaned.certifications).toEqual([]);
    expect(cleaned.customSections.map((c) => c.items.map((i) => i.id))).toEqual([['j'], []]);
    expect(cleaned.customSections[1]).toBe(content.customSections[1]);
    expect(withoutEmptyItems(cleaned)).toBe(cleaned);
  });
});
