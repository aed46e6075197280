import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { checked, schemaCheck } from './use-form.ts';

describe('form checks', () => {
  it('schemaCheck keeps the first problem of each field, as the form’s keys, and the parsed data when valid', () => {
    const schema = z.object({
      name: z.string().trim().min(1, { error: 'required' }).max(3, { error: 'long' }),
      code: z.string().min(1, { error: 'required' }),
    });
    const asKey = (message: string) => (message === 'required' || message === 'long' ? message : 'other');

    expect(schemaCheck(schema, { name: ' ', code: '' }, asKey)).toEqual({
      data: null,
      errors: { name: 'required', code: 'required' },
    });
    expect(schemaCheck(schema, { name: 'abcd', code: 7 }, asKey).errors).toEqual({
      name: 'long',
      code: 'other',
    });
    expect(schemaCheck(schema, { name: ' ab ', code: 'x' }, asKey)).toEqual({
      data: { name: 'ab', code: 'x' },
      errors: null,
    });
  });

  it('checked is valid only without problems', () => {
    expect(checked({ a: '' }, { a: 'required' })).toEqual({ data: null, errors: { a: 'required' } });
    expect(checked({ a: 'x' }, {})).toEqual({ data: { a: 'x' }, errors: null });
  });
});
