import { describe, expect, it } from '@jest/globals';
import { HOUR, id, NOW, photo } from './photo-fixtures.ts';
import { PHOTO_ORPHAN_GRACE_MS, type PhotoSweepInput, photoIdsIn, planPhotoSweep } from './photos.ts';

// Issue 21, item 5: photos on none of the user's resumes are deleted once past the grace period, and a user
// keeps at most MAX_STORED_PHOTOS. The selection is a pure rule, tested cell by cell here; the upload is tested
// against played S3 and DynamoDB answers in functions/adapters/photo-upload.test.ts (the integration suite
// runs it against the local cloud).

describe('photoIdsIn', () => {
  it('finds the photo id a resume stores, and one named inside a URL', () => {
    const ids = photoIdsIn([id(1), `https://bucket.example/photos/sub/${id(2, 'png')}?x=1`, '', 'no photo']);

    expect([...ids].sort()).toEqual([id(1), id(2, 'png')]);
  });

  it('finds every id in a whole stored item, wherever a field names one', () => {
    const item = JSON.stringify({
      personalInfo: { photo: id(3) },
      customSections: [{ note: id(4, 'webp') }],
    });

    expect([...photoIdsIn([item])].sort()).toEqual([id(3), id(4, 'webp')]);
  });
});

describe('planPhotoSweep', () => {
  const plan = (stored: PhotoSweepInput[], references: string[] = []) =>
    planPhotoSweep(stored, photoIdsIn(references), NOW);

  it('deletes a photo on no resume once it is older than the grace period', () => {
    const result = plan([photo(1, 2 * HOUR)]);

    expect(result.orphans).toEqual([id(1)]);
    expect(result.kept).toEqual([]);
  });

  it('keeps a photo a resume uses, however old', () => {
    const result = plan([photo(1, 1000 * HOUR)], [id(1)]);

    expect([result.orphans, result.kept.map((p) => p.photoId)]).toEqual([[], [id(1)]]);
  });

  it('keeps a photo two resumes share (a duplicate) while either uses it', () => {
    const result = plan([photo(1, 5 * HOUR), photo(2, 5 * HOUR)], [id(1), id(1), '']);

    expect(result.orphans).toEqual([id(2)]);
  });

  it('keeps a photo a resume names by URL', () => {
    const result = plan([photo(1, 5 * HOUR)], [`/api/photos/${id(1)}`]);

    expect(result.orphans).toEqual([]);
  });

  it('keeps a photo younger than the grace period (uploaded while the builder saves), up to the boundary', () => {
    const result = plan([photo(1, 0), photo(2, PHOTO_ORPHAN_GRACE_MS), photo(3, PHOTO_ORPHAN_GRACE_MS + 1)]);

    expect(result.orphans).toEqual([id(3)]);
    expect(result.kept.map((p) => p.photoId)).toEqual([id(1), id(2)]);
  });

  it('keeps an object of unknown age, and one whose name is not a photo id', () => {
    const result = plan([photo(1, undefined), { photoId: 'nested/x.jpg', lastModified: new Date(0) }]);

    expect(result.orphans).toEqual([]);
    expect(result.kept).toHaveLength(2);
  });

  it('grace period: one hour', () => {
    expect(PHOTO_ORPHAN_GRACE_MS).toBe(HOUR);
  });

  it('says when the oldest young unused photo may be swept, and nothing when every kept photo is in use', () => {
    const young = plan(
      [photo(1, 10 * 60 * 1000), photo(2, 40 * 60 * 1000), photo(3, 50 * 60 * 1000)],
      [id(3)],
    );
    const allUsed = plan([photo(1, 10 * 60 * 1000)], [id(1)]);

    expect(young.nextFreedAt?.toISOString()).toBe(new Date(NOW - 40 * 60 * 1000 + HOUR).toISOString());
    expect(allUsed.nextFreedAt).toBeUndefined();
  });
});
