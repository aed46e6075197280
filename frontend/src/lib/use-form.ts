import type { ChangeEvent, FormEvent } from 'react';
import { useState } from 'react';
import type { z } from 'zod';
import { focusFirstInvalid } from './focus.ts';

/**
 * The app's submit forms, one pattern: the values, the first problem of each field (a key the form
 * translates), a busy flag while the submit runs, and the submit itself: check the values, then either show
 * the problems and move the focus to the first, or run with the checked data. Problems show on submit only,
 * and stay until the next one (or until the server adds its own with `refuse`).
 *
 * Our own hook rather than react-hook-form: the forms keep their markup and behaviour exactly (controlled
 * inputs, problems shown on submit, the focus by `focusFirstInvalid` once they are rendered, server refusals
 * on the same fields), the checks stay what they are (the zod schemas through `schemaCheck`, plain
 * functions elsewhere), and the auth and settings chunks gain no dependency.
 */

/** Where a check left the values: the data to submit, or the first problem of each field. */
export type FormCheck<K extends string, D> =
  | { data: D; errors: null }
  | { data: null; errors: Partial<Record<string, K>> };

/** A check's answer from a list of problems: valid when there are none. */
export function checked<V, K extends string>(values: V, errors: Partial<Record<string, K>>): FormCheck<K, V> {
  return Object.keys(errors).length > 0 ? { data: null, errors } : { data: values, errors: null };
}

/**
 * A zod schema as a form's check: the first issue of each field, its message being the problem's key
 * (`asKey` turns any other message into one). The schema's module is the form's: zod stays out of this one.
 */
export function schemaCheck<S extends z.ZodType, K extends string>(
  schema: S,
  values: unknown,
  asKey: (message: string) => K,
): { data: z.output<S>; errors: null } | { data: null; errors: Partial<Record<string, K>> } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: Partial<Record<string, K>> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= asKey(issue.message);
  }
  return { data: null, errors };
}

interface FormOptions<V, K extends string, D> {
  initial: V | (() => V);
  /** The problems of the values, by field name (a field outside the values, like a parent's, too). */
  check: (values: V) => FormCheck<K, D>;
  /** The text of a problem, in the reader's language. */
  message: (key: K) => string;
  /** Runs as each submit starts, before the check: clears what the last answer showed. */
  onStart?: () => void;
  /** Runs with the checked data; the form is busy until what it returns settles. */
  submit: (data: NonNullable<D>, form: HTMLFormElement) => unknown;
}

export function useForm<V extends Record<string, string>, K extends string, D = V>({
  initial,
  check,
  message,
  onStart,
  submit,
}: FormOptions<V, K, D>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<string, K>>>({});
  const [pending, setPending] = useState(false);

  const error = (name: string) => {
    const key = errors[name];
    return key ? message(key) : undefined;
  };

  /** Check and run the form (a dialog's confirm passes its form here). */
  async function submitForm(form: HTMLFormElement) {
    onStart?.();
    const result = check(values);
    setErrors(result.errors ?? {});
    if (result.data === null) {
      focusFirstInvalid(form);
      return;
    }
    setPending(true);
    try {
      await submit(result.data as NonNullable<D>, form);
    } finally {
      setPending(false);
    }
  }

  return {
    values,
    setValues,
    errors,
    setErrors,
    error,
    pending,
    setPending,
    /** A field's name, value, change handler and translated problem, for TextField and TextAreaField. */
    field: (name: keyof V & string) => ({
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        setValues((current) => ({ ...current, [name]: event.target.value })),
      error: error(name),
    }),
    /** Problems found after the check (the server's answer): shown, and the focus on the first. */
    refuse(found: Partial<Record<string, K>>, form: HTMLFormElement | null) {
      setErrors(found);
      focusFirstInvalid(form);
    },
    submitForm,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      event.preventDefault();
      void submitForm(event.currentTarget);
    },
  };
}
