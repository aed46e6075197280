import account from './account.json';
import auth from './auth.json';
import common from './common.json';
import errors from './errors.json';
import pdf from './pdf.json';
import publicPages from './public.json';
import resumes from './resumes.json';
import shell from './shell.json';

/**
 * Every en-US text every page may need, one file per area of the app; top-level keys never repeat across
 * files. The editor's texts (editor.json) load with the builder (features/builder/messages.ts).
 */
export const messages = {
  ...common,
  ...auth,
  ...resumes,
  ...errors,
  ...shell,
  ...publicPages,
  ...account,
  ...pdf,
};
