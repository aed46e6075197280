/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { newResume, type Resume, resumePatchSchema } from '#shared/resume';
import { buildResumePatch, editorValuesFrom } from './editor-values.ts';

function makeResume(): Resume {
  const resume = newResume(
    {
      userId: 'u1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      professionalSummary: 'Analyst',
      jobTitle: 'Engineer',
      city: 'London',
      phoneNumber: '+44 20 7946 0000',
      locale: 'en',
    },
    { id: 'r1', profileId: 'p1', now: '2026-01-01T00:00:00.000Z' },
  );
  return { ...resume, personalInfo: { ...resume.personalInfo, photo: 'https://cdn.example/ada.png' } };
}

describe('buildResumePatch', () => {
  it('is null when nothing changed', () => {
    const resume = makeResume();
    const values = editorValuesFrom(resume);

    expect(buildResumePatch(resume, values, { ...values })).toBeNull();
  });

  it('sends only the title when only the title changed', () => {
    const resume = makeResume();
    const saved = editorValuesFrom(resume);

    expect(buildResumePatch(resume, saved, { ...saved, title: 'Engineering CV' })).toEqual({
      title: 'Engineering CV',
    });
  });

  it('sends personalInfo whole, keeping the stored photo, when one personal field changed', () => {
    const resume = makeResume();
    const saved = editorValuesFrom(resume);

    const patch = buildResumePatch(resume, saved, { ...saved, city: 'Paris' });

    expect(patch).toEqual({ personalInfo: { ...resume.personalInfo, city: 'Paris' } });
  });

  it('builds bodies that the strict PATCH schema accepts unchanged', () => {
    const resume = makeResume();
    const saved = editorValuesFrom(resume);

    const patch = buildResumePatch(resume, saved, { ...saved, title: 'T', summary: 'New summary' });

    expect(resumePatchSchema.parse(patch)).toEqual(patch);
  });
});
