import { formatRuntimeConfigIssues, parseRuntimeConfig, type RuntimeConfig } from '#shared/runtime-config';

export type ConfigResult =
  | { ok: true; config: RuntimeConfig }
  | { ok: false; reason: 'unreachable' | 'notJson' | 'invalid'; detail: string };

/** Fetch `/config.json` and validate it; the caller shows a full-page message when it is not ok. */
export async function loadRuntimeConfig(
  fetchFn: typeof fetch = fetch,
  url = '/config.json',
): Promise<ConfigResult> {
  let response: Response;
  try {
    response = await fetchFn(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  } catch (error) {
    return { ok: false, reason: 'unreachable', detail: String(error) };
  }
  if (!response.ok)
    return { ok: false, reason: 'unreachable', detail: `GET ${url}: HTTP ${response.status}` };

  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    return { ok: false, reason: 'notJson', detail: `GET ${url}: ${String(error)}` };
  }
  const parsed = parseRuntimeConfig(body);
  if (!parsed.success)
    return { ok: false, reason: 'invalid', detail: formatRuntimeConfigIssues(parsed.issues) };
  return { ok: true, config: parsed.data };
}
