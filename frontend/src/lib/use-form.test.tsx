import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act } from 'react';
import { z } from 'zod';
import { rootPerTest } from '../components/testing/dom.ts';
import { TextField } from '../components/text-field.tsx';
import { checked, schemaCheck, useForm } from './use-form.ts';

const mount = rootPerTest();

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

/** One required field; the submit resolves when the test says so, or refuses the name as taken. */
function NameForm({ onSubmit }: { onSubmit: (name: string, refuse: () => void) => Promise<void> }) {
  const form = useForm({
    initial: { name: '' },
    check: (values) =>
      checked<{ name: string }, 'required' | 'taken'>(
        values,
        values.name.trim() === '' ? { name: 'required' } : {},
      ),
    message: (key: 'required' | 'taken') => (key === 'required' ? 'Enter a name' : 'That name is taken'),
    submit: ({ name }, element) => onSubmit(name, () => form.refuse({ name: 'taken' }, element)),
  });
  return (
    <form noValidate onSubmit={form.onSubmit} aria-busy={form.pending}>
      <input name="before" />
      <TextField label="Name" {...form.field('name')} />
    </form>
  );
}

const input = () => mount.container.querySelector<HTMLInputElement>('input[name="name"]') as HTMLInputElement;
const formElement = () => mount.container.querySelector('form') as HTMLFormElement;
const errorText = () => mount.container.querySelector('.field__error')?.textContent ?? null;
function type(value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input(), value);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });
}
function submit() {
  act(() => formElement().requestSubmit());
  act(() => jest.advanceTimersByTime(50));
}

describe('useForm', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows a problem on submit only, focuses its field, and keeps it until the next submit', () => {
    const onSubmit = jest.fn(async (_name: string, _refuse: () => void) => {});
    act(() => mount.root.render(<NameForm onSubmit={onSubmit} />));

    expect(errorText()).toBeNull();
    submit();
    expect(errorText()).toBe('Enter a name');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input());
    expect(onSubmit).not.toHaveBeenCalled();

    type('Ada');
    expect(errorText()).toBe('Enter a name');
    submit();
    expect(errorText()).toBeNull();
    expect(onSubmit).toHaveBeenCalledWith('Ada', expect.any(Function));
  });

  it('is busy until the submit settles, and shows the server’s refusal on its field', async () => {
    let finish = () => {};
    const onSubmit = jest.fn(
      (_name: string, refuse: () => void) =>
        new Promise<void>((resolve) => {
          finish = () => {
            refuse();
            resolve();
          };
        }),
    );
    act(() => mount.root.render(<NameForm onSubmit={onSubmit} />));
    type('Ada');
    (mount.container.querySelector('input[name="before"]') as HTMLInputElement).focus();

    submit();
    expect(formElement().getAttribute('aria-busy')).toBe('true');
    await act(async () => finish());
    act(() => jest.advanceTimersByTime(50));

    expect(formElement().getAttribute('aria-busy')).toBe('false');
    expect(errorText()).toBe('That name is taken');
    expect(document.activeElement).toBe(input());
  });
});
