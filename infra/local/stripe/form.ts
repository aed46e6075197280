/**
 * Stripe's form encoding, as its SDK sends request parameters: nested keys in brackets, arrays by index
 * (`metadata[userId]=…`, `line_items[0][price_data][currency]=usd`).
 */

/** A parameter's value: a string, or nested parameters. */
export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue | undefined;
}

/** Parse `a[b][0][c]=v&…` into nested objects and arrays. */
export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split('[').map((p, i) => (i === 0 ? p : p.replace(/]$/, '')));
    let node: FormObject | FormValue[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1] ?? '');
      const key = Array.isArray(node) && /^\d+$/.test(part) ? Number(part) : part;
      // A key met first as a value and then as a parent (`a=1&a[b]=2`) throws here, as it always has: the
      // request is answered 500, as a malformed one.
      const slots = node as Record<string | number, FormValue | undefined>;
      if (last) {
        slots[key] = value;
      } else {
        slots[key] ??= nextIsIndex ? [] : {};
        node = slots[key] as FormObject | FormValue[];
      }
    });
  }
  return root;
}

/** The value when it is a string. */
export const text = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

/** The value when it is a set of nested parameters. */
export const formObject = (v: FormValue | undefined): FormObject | undefined =>
  typeof v === 'object' && !Array.isArray(v) ? v : undefined;

/** The value when it is a list. */
export const formList = (v: FormValue | undefined): FormValue[] => (Array.isArray(v) ? v : []);

/** Stripe's booleans: `true` or `'true'`. */
export const bool = (v: unknown) => v === true || v === 'true';

/** A number parameter, or undefined when absent or empty. */
export const int = (v: FormValue | undefined) => (v === undefined || v === '' ? undefined : Number(v));

/** Stripe's metadata update: '' deletes a key. */
export function mergeMetadata(
  current: Record<string, string>,
  update: FormValue | undefined,
): Record<string, string> {
  const next = { ...current };
  for (const [k, v] of Object.entries(update ?? {})) {
    if (v === '') delete next[k];
    else next[k] = String(v);
  }
  return next;
}
