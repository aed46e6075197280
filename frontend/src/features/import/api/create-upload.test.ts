/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { importFormData, uploadRefusal } from './create-upload.ts';

describe('importFormData', () => {
  it('puts every policy field first and the file last, as S3 requires', () => {
    const form = importFormData(
      { key: 'uploads/u/j.pdf', 'Content-Type': 'application/pdf', Policy: 'p', 'X-Amz-Signature': 's' },
      new Blob(['%PDF-'], { type: 'application/pdf' }),
    );
    expect([...form.keys()]).toEqual(['key', 'Content-Type', 'Policy', 'X-Amz-Signature', 'file']);
    expect(form.get('file')).toBeInstanceOf(Blob);
  });
});

describe('uploadRefusal', () => {
  it.each([
    [400, '<Error><Code>EntityTooLarge</Code></Error>', 'tooLarge'],
    [
      403,
      '<Error><Code>AccessDenied</Code><Message>Invalid according to Policy: Policy expired.</Message></Error>',
      'expired',
    ],
    [403, '<Error><Code>AccessDenied</Code></Error>', 'failed'],
    [500, '', 'failed'],
  ] as const)('reads %d %s as %s', (status, body, refusal) => {
    expect(uploadRefusal(status, body)).toBe(refusal);
  });
});
