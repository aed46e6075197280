import { useEffect } from 'react';
import { useHistoryFeedback } from './use-history-feedback.ts';

/**
 * Undo and redo over the whole document: Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z and Ctrl+Y. They replace the
 * browser's per-field undo, which would disagree with the document (and with autosave) after a reorder.
 * Each says what it changed (use-history-feedback.ts).
 */
export function useEditorShortcuts(enabled: boolean): void {
  const { undo, redo } = useHistoryFeedback();
  useEffect(() => {
    if (!enabled) return;
    function onKeyDown(event: KeyboardEvent) {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        undo();
      } else if ((key === 'z' && event.shiftKey) || (key === 'y' && !event.metaKey)) {
        event.preventDefault();
        redo();
      }
    }
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [enabled, undo, redo]);
}
