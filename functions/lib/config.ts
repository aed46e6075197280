import { env } from '#infra/app-manifest';
import { parseEmailList } from '#shared/roles';

/** An environment variable the function cannot work without. */
export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/** The bootstrap admin e-mails (configuration, never code), lower-cased. */
export const bootstrapAdmins = (): string[] => parseEmailList(process.env[env.bootstrapAdminEmails]);

/** The browser origins of the app (the first is the canonical one). */
export const allowedOrigins = (): string[] =>
  (process.env[env.allowedOrigins] ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);

/** The hosts served in pt-BR and charged in BRL (the stack's `ptBrHosts`), besides any `.br` host. */
export const ptBrHosts = (): string[] =>
  (process.env[env.ptBrHosts] ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
