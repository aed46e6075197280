import { readEnv } from '#functions/contract';
import { parseEmailList } from '#shared/roles';

/** The bootstrap admin e-mails (configuration, never code), lower-cased. */
export const bootstrapAdmins = (): string[] => parseEmailList(readEnv('bootstrapAdminEmails'));

/** The browser origins of the app (the first is the canonical one). */
export const allowedOrigins = (): string[] =>
  (readEnv('allowedOrigins') ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);

/** The hosts served in pt-BR and charged in BRL (the stack's `ptBrHosts`), besides any `.br` host. */
export const ptBrHosts = (): string[] =>
  (readEnv('ptBrHosts') ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
