import { describe, expect, it } from '@jest/globals';
import { sampleResumeEn } from '#shared/sample-resumes';
import { describeChange } from './history-change.ts';

const doc = sampleResumeEn;

describe('describeChange', () => {
  it('names the personal-info field, and the Profile section for the summary', () => {
    expect(describeChange(doc, { ...doc, personalInfo: { ...doc.personalInfo, city: 'Recife' } })).toEqual({
      kind: 'field',
      section: 'personalInfo',
      field: 'fields.city',
    });
    expect(describeChange(doc, { ...doc, personalInfo: { ...doc.personalInfo, summary: '' } })).toEqual({
      kind: 'field',
      section: 'objectives',
      field: 'summary.label',
    });
  });

  it('names the item field that changed, with its item', () => {
    const experience = doc.experience.map((item, k) => (k === 1 ? { ...item, company: 'Acme' } : item));
    expect(describeChange(doc, { ...doc, experience })).toEqual({
      kind: 'field',
      section: 'experience',
      field: 'fields.company',
      itemId: doc.experience[1]?.id,
    });
  });

  it('tells an item added, removed or moved', () => {
    const skills = doc.skills;
    expect(describeChange(doc, { ...doc, skills: skills.slice(1) })).toMatchObject({ change: 'removed' });
    expect(describeChange({ ...doc, skills: skills.slice(1) }, doc)).toMatchObject({ change: 'added' });
    expect(describeChange(doc, { ...doc, skills: [...skills].reverse() })).toMatchObject({ change: 'moved' });
  });

  it('names a custom section’s item field by the section', () => {
    const [section] = doc.customSections;
    if (!section) throw new Error('the sample has a custom section');
    const items = section.items.map((item, k) => (k === 0 ? { ...item, subtitle: 'Changed' } : item));
    expect(
      describeChange(doc, {
        ...doc,
        customSections: [{ ...section, items }, ...doc.customSections.slice(1)],
      }),
    ).toMatchObject({ kind: 'field', section: `custom:${section.id}`, field: 'fields.subtitle' });
  });

  it('tells the title, the sections and the design apart, and nothing from nothing', () => {
    expect(describeChange(doc, { ...doc, title: 'New' })).toEqual({ kind: 'title' });
    expect(describeChange(doc, { ...doc, hiddenSections: ['awards'] })).toEqual({ kind: 'sections' });
    expect(describeChange(doc, { ...doc, template: 'modern' })).toEqual({ kind: 'design' });
    expect(describeChange(doc, { ...doc })).toBeNull();
  });
});
