import type { SuggestionTarget } from '#shared/ai';

/** What the editor gives a suggestion button; the button hands it on to its panel (loaded when first opened). */
export interface SuggestionsButtonProps {
  target: SuggestionTarget;
  /** The saved resume's id; null before its first save (suggestions are written from the saved resume). */
  resumeId: string | null;
  /** The experience item, for `target: 'experience'`. */
  itemId?: string;
  /** Waits until the server has the latest edits (the editor saves them first). */
  prepare?: () => Promise<void>;
  /** Put the chosen text in the field (through the editor's store, so undo and autosave see it). */
  onUse: (text: string) => void;
}
