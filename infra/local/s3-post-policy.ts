/**
 * S3's checks of a browser POST upload's policy, which s3rver skips: the policy has not expired, each of its
 * conditions holds for the form (exact match, `eq`, `starts-with`, `content-length-range`), and every form
 * field is covered by a condition. The signature over the policy is checked by sigv4.ts.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html
 */

export interface PolicyRefusal {
  status: number;
  code: string;
  message: string;
}

/** Fields S3 never matches against conditions. */
const EXEMPT = new Set(['policy', 'x-amz-signature', 'file']);

const deny = (message: string): PolicyRefusal => ({
  status: 403,
  code: 'AccessDenied',
  message: `Invalid according to Policy: ${message}`,
});

/**
 * Why S3 would refuse this upload, or null when the policy allows it. `fields` are the form's fields before
 * the file, names as sent; `bucket` is the one in the URL; `size` the file's length in bytes.
 */
export function postPolicyRefusal(input: {
  policyBase64: string;
  fields: ReadonlyMap<string, string>;
  bucket: string;
  size: number;
  now?: Date;
}): PolicyRefusal | null {
  let policy: { expiration?: unknown; conditions?: unknown };
  try {
    policy = JSON.parse(Buffer.from(input.policyBase64, 'base64').toString('utf8'));
  } catch {
    return { status: 400, code: 'InvalidPolicyDocument', message: 'Invalid Policy: Invalid JSON.' };
  }
  if (typeof policy.expiration !== 'string' || !Array.isArray(policy.conditions)) {
    return {
      status: 400,
      code: 'InvalidPolicyDocument',
      message: 'Invalid Policy: it needs an expiration and a list of conditions.',
    };
  }
  const expiration = Date.parse(policy.expiration);
  if (Number.isNaN(expiration) || expiration <= (input.now ?? new Date()).getTime()) {
    return deny('Policy expired.');
  }
  const values = new Map<string, string>();
  for (const [name, value] of input.fields) values.set(name.toLowerCase(), value);
  values.set('bucket', input.bucket);
  const fieldValue = (field: string) => values.get(field.replace(/^\$/, '').toLowerCase());
  const covered = new Set<string>(['bucket']);
  let sizeRange: [number, number] | null = null;

  for (const condition of policy.conditions as unknown[]) {
    const text = JSON.stringify(condition);
    if (condition && typeof condition === 'object' && !Array.isArray(condition)) {
      const entries = Object.entries(condition);
      const [name, expected] = entries[0] ?? [];
      if (entries.length !== 1 || name === undefined || typeof expected !== 'string') {
        return { status: 400, code: 'InvalidPolicyDocument', message: `Invalid Policy: condition ${text}.` };
      }
      covered.add(name.toLowerCase());
      if (fieldValue(name) !== expected)
        return deny(`Policy Condition failed: ["eq", "$${name}", "${expected}"]`);
      continue;
    }
    if (!Array.isArray(condition) || condition.length !== 3) {
      return { status: 400, code: 'InvalidPolicyDocument', message: `Invalid Policy: condition ${text}.` };
    }
    const [operator, first, second] = condition as [unknown, unknown, unknown];
    if (operator === 'content-length-range' && typeof first === 'number' && typeof second === 'number') {
      sizeRange = [first, second];
      continue;
    }
    if (
      (operator === 'eq' || operator === 'starts-with') &&
      typeof first === 'string' &&
      first.startsWith('$')
    ) {
      if (typeof second !== 'string') {
        return { status: 400, code: 'InvalidPolicyDocument', message: `Invalid Policy: condition ${text}.` };
      }
      covered.add(first.slice(1).toLowerCase());
      const actual = fieldValue(first) ?? '';
      const holds = operator === 'eq' ? actual === second : actual.startsWith(second);
      if (!holds) return deny(`Policy Condition failed: ${text}`);
      continue;
    }
    return { status: 400, code: 'InvalidPolicyDocument', message: `Invalid Policy: condition ${text}.` };
  }

  for (const name of values.keys()) {
    if (!EXEMPT.has(name) && !name.startsWith('x-ignore-') && !covered.has(name)) {
      return deny(`Extra input fields: ${name}`);
    }
  }
  if (sizeRange) {
    const [min, max] = sizeRange;
    if (input.size > max) {
      return {
        status: 400,
        code: 'EntityTooLarge',
        message: 'Your proposed upload exceeds the maximum allowed size',
      };
    }
    if (input.size < min) {
      return {
        status: 400,
        code: 'EntityTooSmall',
        message: 'Your proposed upload is smaller than the minimum allowed size',
      };
    }
  }
  return null;
}
