import common from './common.json';
import errors from './errors.json';
import publicPages from './public.json';
import shell from './shell.json';

/**
 * The pt-BR texts every page may need (as en-US/index.ts; the auth, resumes, account and pdf texts are loaded
 * by their routes).
 */
export const messages = { ...common, ...errors, ...shell, ...publicPages };
