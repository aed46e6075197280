/**
 * /new-resume forgets the new resume's unsaved draft before it opens the builder. Apart from index.ts, so that
 * page does not load the editor.
 */
export { removeDraft } from './store/drafts.ts';
