/**
 * The SPA's runtime configuration, served as `/config.json`: written by the stack at deploy time and by
 * the local cloud at start, so one front-end build serves every stage.
 *
 * Checked by hand rather than with zod: the SPA validates it before its first render, so the check sits on
 * the landing page's critical path, where zod alone would be about 25 KiB gzip of the 120 KiB budget.
 */
export interface RuntimeConfig {
  stage: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Set only where Cognito is not at its AWS address (the local cloud). */
  cognitoEndpoint?: string | undefined;
  apiUrl: string;
  wsUrl: string;
  socialSignIn: boolean;
  /** Cognito hosted-UI domain for the Google and LinkedIn redirects; present only when social sign-in is on. */
  oauthDomain?: string | undefined;
  /** Hosts that get Brazilian Portuguese (and BRL prices) by default; every other host gets en-US and USD. */
  ptBrHosts: string[];
  features: { coverLetter: boolean };
}

/** One problem with a config file: where (a dotted path, empty for the whole file) and what. */
export interface RuntimeConfigIssue {
  path: string;
  message: string;
}

export type RuntimeConfigParse =
  | { success: true; data: RuntimeConfig }
  | { success: false; issues: RuntimeConfigIssue[] };

type Check = (value: unknown) => string | null;

const nonEmptyString: Check = (value) =>
  typeof value === 'string' && value.length > 0 ? null : 'expected a non-empty string';
const boolean: Check = (value) => (typeof value === 'boolean' ? null : 'expected true or false');
const absoluteUrl: Check = (value) => {
  try {
    // URL.canParse is younger than the browsers the SPA supports.
    return typeof value === 'string' && new URL(value) ? null : 'expected an absolute URL';
  } catch {
    return 'expected an absolute URL';
  }
};
const hostList: Check = (value) =>
  Array.isArray(value) && value.every((host) => nonEmptyString(host) === null)
    ? null
    : 'expected a list of non-empty host names';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Each field with its check; `optional` fields may be absent (or undefined), every other key is refused. */
const fields: Record<keyof RuntimeConfig, { check: Check; optional?: true }> = {
  stage: { check: nonEmptyString },
  region: { check: nonEmptyString },
  userPoolId: { check: nonEmptyString },
  userPoolClientId: { check: nonEmptyString },
  cognitoEndpoint: { check: absoluteUrl, optional: true },
  apiUrl: { check: nonEmptyString },
  wsUrl: { check: nonEmptyString },
  socialSignIn: { check: boolean },
  oauthDomain: { check: nonEmptyString, optional: true },
  ptBrHosts: { check: hostList, optional: true },
  features: {
    check: (value) => {
      if (!isRecord(value)) return 'expected an object';
      const unknown = Object.keys(value).filter((key) => key !== 'coverLetter');
      if (unknown.length > 0) return `unknown key(s): ${unknown.join(', ')}`;
      const problem = boolean(value.coverLetter);
      return problem && `coverLetter: ${problem}`;
    },
  },
};

/** Validate a parsed `/config.json`; unknown keys are errors, so a misspelt field cannot pass unnoticed. */
export function parseRuntimeConfig(value: unknown): RuntimeConfigParse {
  if (!isRecord(value)) return { success: false, issues: [{ path: '', message: 'expected an object' }] };
  const issues: RuntimeConfigIssue[] = [];
  for (const key of Object.keys(value)) {
    if (!Object.hasOwn(fields, key)) issues.push({ path: key, message: 'unknown key' });
  }
  for (const [key, { check, optional }] of Object.entries(fields)) {
    const field = value[key];
    if (field === undefined && optional) continue;
    const message = field === undefined ? 'required' : check(field);
    if (message) issues.push({ path: key, message });
  }
  if (issues.length > 0) return { success: false, issues };
  const config = { ...value, ptBrHosts: value.ptBrHosts ?? [] } as RuntimeConfig;
  return { success: true, data: config };
}

/** The issues as one line each, `path: message`, for the start-up error page and thrown errors. */
export function formatRuntimeConfigIssues(issues: readonly RuntimeConfigIssue[]): string {
  return issues.map(({ path, message }) => (path ? `${path}: ${message}` : message)).join('\n');
}

/**
 * The check with a schema's two entry points, for the stack (which refuses to deploy a bad config) and
 * the tests: `parse` throws with every issue listed, `safeParse` returns them.
 */
export const runtimeConfigSchema = {
  safeParse: parseRuntimeConfig,
  parse(value: unknown): RuntimeConfig {
    const result = parseRuntimeConfig(value);
    if (!result.success)
      throw new Error(`Invalid runtime config:\n${formatRuntimeConfigIssues(result.issues)}`);
    return result.data;
  },
};
