import { afterEach, describe, expect, test } from '@jest/globals';
import { queueUrlEnv } from '#functions/contract';
import { queueUrl } from './queues.ts';

describe('queueUrl', () => {
  const variable = queueUrlEnv['pdf-render'];
  const before = process.env[variable];
  afterEach(() => {
    if (before === undefined) delete process.env[variable];
    else process.env[variable] = before;
  });

  test('reads the granted queue URL from its own variable', () => {
    process.env[variable] = 'https://sqs.us-east-1.amazonaws.com/123456789012/pdf-render';

    const url = queueUrl('pdf-render');

    expect(url).toBe('https://sqs.us-east-1.amazonaws.com/123456789012/pdf-render');
  });

  test('a queue the function was not granted fails with the manifest fix in the message', () => {
    delete process.env[variable];

    expect(() => queueUrl('pdf-render')).toThrow(
      "QUEUE_URL_PDF_RENDER is not set: add 'pdf-render' to this function's access.queues",
    );
  });

  test('every queue has its own variable', () => {
    expect(new Set(Object.values(queueUrlEnv)).size).toBe(Object.keys(queueUrlEnv).length);
  });
});
