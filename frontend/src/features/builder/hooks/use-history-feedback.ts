import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResumeContent } from '#shared/resume';
import { useNotify } from '../../../components/notices.tsx';
import { defaultTitle, displayTitle, storedTitle } from '../components/sections/section-titles.ts';
import { describeChange, type HistoryChange } from '../lib/history-change.ts';
import { documentStore, redo, undo } from '../store/document-store.ts';

type Direction = 'undo' | 'redo';

/**
 * Undo and redo that say what they changed: a toast names the section and the field ("Company in Work
 * Experience"), with the opposite step as its action, so an undo that reaches a section out of sight is
 * seen, and taken back in one press.
 */
export function useHistoryFeedback(): { undo: () => void; redo: () => void } {
  const { t } = useTranslation();
  const notify = useNotify();
  const tr = t as unknown as (key: string, options?: Record<string, unknown>) => string;

  const describeText = useCallback(
    (change: HistoryChange, doc: ResumeContent): string => {
      if (change.kind === 'title') return tr('editor.history.title');
      if (change.kind === 'design') return tr('editor.history.design');
      if (change.kind === 'sections') return tr('editor.history.sections');
      const section = displayTitle(
        storedTitle(doc, change.section),
        defaultTitle(doc.settings.language, change.section),
        t,
      );
      if (change.kind === 'items') return tr(`editor.history.items.${change.change}`, { section });
      return tr('editor.history.field', { field: tr(`editor.${change.field}`), section });
    },
    [t, tr],
  );

  const step = useRef<(direction: Direction) => void>(() => undefined);
  step.current = (direction) => {
    const before = documentStore.getState().doc;
    if (direction === 'undo') undo();
    else redo();
    const after = documentStore.getState().doc;
    if (after === before) return;
    const change = describeChange(before, after);
    const opposite: Direction = direction === 'undo' ? 'redo' : 'undo';
    notify({
      title: direction === 'undo' ? tr('editor.history.undone') : tr('editor.history.redone'),
      ...(change ? { description: describeText(change, after) } : {}),
      action: { label: tr(`editor.history.${opposite}`), onClick: () => step.current(opposite) },
      // Several presses show one toast, the latest step, not a stack of them.
      group: 'history',
    });
  };

  return {
    undo: useCallback(() => step.current('undo'), []),
    redo: useCallback(() => step.current('redo'), []),
  };
}
