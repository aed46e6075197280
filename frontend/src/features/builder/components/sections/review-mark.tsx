import { createContext, useCallback, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmPaths } from '../../lib/import-review.ts';
import { useChange, useDocument } from '../../store/document-store.ts';
import { EditorIcon } from '../editor-icons.tsx';

/**
 * The quiet "check this" mark an import leaves on a field it was unsure of (lib/import-review.ts). A field
 * knows its own name (`field`); the editor around it says where it sits: `personalInfo`, or a list item's
 * `experience.{id}`. Together they are the field's review path.
 */
export const ReviewScope = createContext<string | null>(null);

export interface ReviewMark {
  /** The field's review path, when it has a place in the document. */
  path: string | null;
  marked: boolean;
  /** Takes the mark off (one undo step, saved with the resume). */
  confirm: () => void;
}

export function useReviewMark(field: string | undefined): ReviewMark {
  const scope = useContext(ReviewScope);
  const path = scope && field ? `${scope}.${field}` : null;
  const marked = useDocument((d) => (path ? (d.importReview?.uncertain.includes(path) ?? false) : false));
  const change = useChange();
  const confirm = useCallback(() => {
    if (!path) return;
    change((doc) => (doc.importReview ? { importReview: confirmPaths(doc.importReview, [path]) } : {}));
  }, [change, path]);
  return { path, marked, confirm };
}

/**
 * The mark under a field: a short note, read with the field (its `id` goes in the control's
 * aria-describedby), and a "Looks right" button that confirms the value as it is.
 */
export function ReviewNote({
  id,
  label,
  onConfirm,
}: {
  id: string;
  /** The field's label, which names the button for screen readers ("City looks right"). */
  label: string;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <p className="field__review">
      <span id={id} className="field__review-note">
        <EditorIcon name="flag" size={14} />
        {t('editor.review.mark')}
      </span>
      <button
        type="button"
        className="field__review-confirm"
        aria-label={t('editor.review.looksRightLabel', { field: label })}
        onClick={onConfirm}
      >
        <EditorIcon name="check" size={14} />
        {t('editor.review.looksRight')}
      </button>
    </p>
  );
}
