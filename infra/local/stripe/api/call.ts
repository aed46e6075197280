import type { FormObject } from '../form.ts';

/** One call to `/v1/…`: `parts` is the path split (`['v1', 'checkout', 'sessions', 'cs_…', 'expire']`). */
export interface ApiCall {
  method: string;
  path: string;
  parts: string[];
  params: FormObject;
}
