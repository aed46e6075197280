import { describe, expect, it } from '@jest/globals';
import { postPolicyRefusal } from './s3-post-policy.ts';

const now = new Date('2026-01-01T12:00:00Z');
const policy = (conditions: unknown[], expiration = '2026-01-01T12:05:00Z') =>
  Buffer.from(JSON.stringify({ expiration, conditions })).toString('base64');
const conditions = [
  { bucket: 'uploads' },
  { key: 'photos/a/1.png' },
  ['eq', '$Content-Type', 'image/png'],
  ['content-length-range', 1, 100],
];
const fields = new Map([
  ['key', 'photos/a/1.png'],
  ['Content-Type', 'image/png'],
  ['bucket', 'uploads'],
]);
const check = (over: Partial<Parameters<typeof postPolicyRefusal>[0]> = {}) =>
  postPolicyRefusal({ policyBase64: policy(conditions), fields, bucket: 'uploads', size: 10, now, ...over });

describe("S3's POST policy checks", () => {
  it('allows a form that meets every condition', () => {
    expect(check()).toBeNull();
  });

  it.each([
    ['another key', { fields: new Map([...fields, ['key', 'photos/b/1.png']]) }, 'AccessDenied'],
    ['another type', { fields: new Map([...fields, ['Content-Type', 'text/html']]) }, 'AccessDenied'],
    ['another bucket', { bucket: 'exports' }, 'AccessDenied'],
    ['a field no condition names', { fields: new Map([...fields, ['acl', 'public-read']]) }, 'AccessDenied'],
    ['an expired policy', { policyBase64: policy(conditions, '2026-01-01T11:59:59Z') }, 'AccessDenied'],
    ['a file too large', { size: 101 }, 'EntityTooLarge'],
    ['an empty file', { size: 0 }, 'EntityTooSmall'],
    ['a policy that is not JSON', { policyBase64: 'bm90IGpzb24=' }, 'InvalidPolicyDocument'],
    ['an unknown operator', { policyBase64: policy([['matches', '$key', '.*']]) }, 'InvalidPolicyDocument'],
  ])('refuses %s', (_name, over, code) => {
    expect(check(over)?.code).toBe(code);
  });

  it('matches field names without regard to case, ignores x-ignore- fields, and takes starts-with', () => {
    const refusal = check({
      policyBase64: policy([
        { bucket: 'uploads' },
        ['starts-with', '$key', 'photos/a/'],
        { 'content-type': 'image/png' },
      ]),
      fields: new Map([
        ['key', 'photos/a/2.png'],
        ['CONTENT-TYPE', 'image/png'],
        ['x-ignore-note', 'anything'],
      ]),
    });

    expect(refusal).toBeNull();
  });

  it('says why, as S3 does', () => {
    expect(check({ fields: new Map([...fields, ['key', 'photos/b/1.png']]) })?.message).toBe(
      'Invalid according to Policy: Policy Condition failed: ["eq", "$key", "photos/a/1.png"]',
    );
    expect(check({ policyBase64: policy(conditions, '2026-01-01T11:00:00Z') })?.message).toBe(
      'Invalid according to Policy: Policy expired.',
    );
  });
});
