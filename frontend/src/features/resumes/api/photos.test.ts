/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { photoFormData } from './photos.ts';

describe('photoFormData', () => {
  it('puts every policy field first and the file last, as S3 requires', () => {
    const file = new Blob(['jpeg'], { type: 'image/jpeg' });

    const form = photoFormData(
      { key: 'users/u/photos/p.jpg', Policy: 'abc', 'X-Amz-Signature': 'sig' },
      file,
    );

    expect([...form.keys()]).toEqual(['key', 'Policy', 'X-Amz-Signature', 'file']);
    expect(form.get('key')).toBe('users/u/photos/p.jpg');
    expect(form.get('file')).toBeInstanceOf(Blob);
  });
});
