import { describe, expect, it } from '@jest/globals';
import { type ResumeContent, resumeContentSchema } from '#shared/resume';
import { documentStore, resetDocument, undo } from '../store/document-store.ts';
import { confirmPaths, everythingConfirmed, marksOn, reviewCount, settleReview } from './import-review.ts';

const job = (id: string, company: string) => ({ id, company, position: 'Engineer' });

function imported(): ResumeContent {
  return resumeContentSchema.parse({
    personalInfo: { firstName: 'Ana', city: 'Austin, TX' },
    experience: [job('a', 'Acme'), job('b', 'Globex')],
    importReview: {
      uncertain: [
        'personalInfo.city',
        'experience.a.company',
        'experience.b.company',
        'experience.b.position',
      ],
      scan: true,
    },
  });
}

const paths = (doc: ResumeContent) => doc.importReview?.uncertain ?? [];

describe('settleReview', () => {
  it('takes the mark off a field whose value an edit changed, and only that one', () => {
    const before = imported();
    const after = { ...before, personalInfo: { ...before.personalInfo, city: 'Austin' } };

    expect(paths(settleReview(before, after))).toEqual([
      'experience.a.company',
      'experience.b.company',
      'experience.b.position',
    ]);
  });

  it('keeps every mark through a reorder, and drops the marks of a deleted item', () => {
    const before = imported();
    const reordered = { ...before, experience: [...before.experience].reverse() };
    expect(settleReview(before, reordered)).toBe(reordered);

    const deleted = { ...before, experience: before.experience.filter((e) => e.id !== 'b') };
    expect(paths(settleReview(before, deleted))).toEqual(['personalInfo.city', 'experience.a.company']);
  });

  it('leaves the scan notice to the user', () => {
    const before = imported();
    const after = { ...before, experience: [] };
    expect(settleReview(before, after).importReview).toEqual({
      uncertain: ['personalInfo.city'],
      scan: true,
    });
  });
});

describe('confirming', () => {
  it('confirms one path, or everything with the scan notice', () => {
    const review = imported().importReview ?? everythingConfirmed();
    expect(confirmPaths(review, ['experience.b.company']).uncertain).toEqual([
      'personalInfo.city',
      'experience.a.company',
      'experience.b.position',
    ]);
    expect(reviewCount({ importReview: everythingConfirmed() })).toBe(0);
  });

  it('counts the marks of one item', () => {
    const review = imported().importReview;
    expect(marksOn(review, 'experience.b')).toBe(2);
    expect(marksOn(review, 'experience.a')).toBe(1);
    expect(marksOn(review, 'experience.c')).toBe(0);
    expect(marksOn(undefined, 'experience.a')).toBe(0);
  });
});

describe('the document store', () => {
  it('clears a mark with the edit that changes its field, in the same undo step', () => {
    resetDocument(imported());
    const { change } = documentStore.getState();

    change((doc) => ({
      experience: doc.experience.map((e) => (e.id === 'a' ? { ...e, company: 'ACME' } : e)),
    }));
    expect(paths(documentStore.getState().doc)).not.toContain('experience.a.company');
    expect(reviewCount(documentStore.getState().doc)).toBe(3);

    undo();
    expect(documentStore.getState().doc.experience[0]?.company).toBe('Acme');
    expect(paths(documentStore.getState().doc)).toContain('experience.a.company');
  });
});
