import { registerMessages } from '../../i18n/index.ts';
import { editorTexts } from './editor-texts.ts';

/** The editor's texts, in their own chunk: loaded with the builder, never by the public pages. */
export function loadEditorMessages(): Promise<void> {
  return registerMessages('editor', editorTexts);
}
