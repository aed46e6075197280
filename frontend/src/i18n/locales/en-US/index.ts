import type account from './account.json';
import type auth from './auth.json';
import common from './common.json';
import errors from './errors.json';
import type pdf from './pdf.json';
import publicPages from './public.json';
import type resumes from './resumes.json';
import shell from './shell.json';

/**
 * The en-US texts every page may need, one file per area of the app; top-level keys never repeat across files.
 * The texts only the auth screens and the signed-in app use (auth, resumes, account, pdf) are loaded by their
 * routes (`loadAppMessages`, i18n/index.ts), the editor's with the builder (features/builder/messages.ts): the
 * public pages never download them. The type names them all, so every key stays checked (i18next.d.ts).
 */
export const messages = { ...common, ...errors, ...shell, ...publicPages } as typeof common &
  typeof errors &
  typeof shell &
  typeof publicPages &
  typeof auth &
  typeof resumes &
  typeof account &
  typeof pdf;
