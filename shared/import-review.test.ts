import { describe, expect, it } from '@jest/globals';
import { hasReview, importReviewOf, readReviewPath, reviewPathsOf, reviewValue } from './import-review.ts';
import { type ResumeContent, resumeContentSchema } from './resume.ts';

const job = (id: string, company: string) => ({ id, company, position: 'Engineer' });

function content(): ResumeContent {
  return resumeContentSchema.parse({
    personalInfo: { firstName: 'Ana', city: 'Austin, TX' },
    experience: [job('e1', 'Acme'), job('e.2', 'Globex')],
    education: [{ id: 's1', school: 'USP' }],
  });
}

describe('reviewPathsOf', () => {
  it('names list items by id instead of index and keeps header fields', () => {
    const paths = reviewPathsOf(content(), [
      'personalInfo.city',
      'experience.0.company',
      'experience.1.position',
      'education.0.school',
    ]);
    expect(paths).toEqual([
      'personalInfo.city',
      'experience.e1.company',
      'experience.e.2.position',
      'education.s1.school',
    ]);
  });

  it('drops paths of no item, no field or another shape, and duplicates', () => {
    expect(
      reviewPathsOf(content(), [
        'experience.5.company',
        'experience.0.nothing',
        'personalInfo.nothing',
        'customSections.0.title',
        'experience.0',
        'experience.x.company',
        'personalInfo.city',
        'personalInfo.city',
      ]),
    ).toEqual(['personalInfo.city']);
  });
});

describe('readReviewPath and reviewValue', () => {
  it('reads an id that holds dots whole', () => {
    expect(readReviewPath('experience.e.2.company')).toEqual({
      section: 'experience',
      id: 'e.2',
      field: 'company',
    });
    expect(readReviewPath('personalInfo.city')).toEqual({ section: 'personalInfo', field: 'city' });
    expect(readReviewPath('settings.language')).toBeNull();
  });

  it('finds the value by item id wherever the item moved, and nothing once it is gone', () => {
    const doc = content();
    expect(reviewValue(doc, 'experience.e.2.company')).toBe('Globex');
    const reordered = { ...doc, experience: [...doc.experience].reverse() };
    expect(reviewValue(reordered, 'experience.e.2.company')).toBe('Globex');
    expect(reviewValue({ ...doc, experience: [] }, 'experience.e.2.company')).toBeUndefined();
    expect(reviewValue(doc, 'personalInfo.city')).toBe('Austin, TX');
  });
});

describe('importReviewOf', () => {
  it('keeps a review for a scan even when the parser was sure of everything', () => {
    expect(importReviewOf(content(), { uncertain: [], ocr: true })).toEqual({ uncertain: [], scan: true });
    expect(importReviewOf(content(), { uncertain: [] })).toBeUndefined();
    expect(importReviewOf(content(), { uncertain: ['experience.0.company'] })).toEqual({
      uncertain: ['experience.e1.company'],
      scan: false,
    });
  });

  it('tells a review with something left from an empty one', () => {
    expect(hasReview({ uncertain: [], scan: false })).toBe(false);
    expect(hasReview({ uncertain: ['personalInfo.city'], scan: false })).toBe(true);
    expect(hasReview(undefined)).toBe(false);
  });
});
