import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { everythingConfirmed, reviewCount } from '../lib/import-review.ts';
import { useChange, useDocument } from '../store/document-store.ts';
import { useAnnounce } from './announcer.tsx';
import { EditorIcon } from './editor-icons.tsx';

/**
 * The top of the editor after an import that left something to check: how many fields carry a "check
 * this" mark, and for a scan read with OCR, that every detail deserves a look. "Show next" goes to the
 * next marked field; "Confirm all" takes every mark off (one undo step). Gone once nothing is left.
 */
export function ImportReviewBanner({
  onShowNext,
  onConfirmedAll,
}: {
  onShowNext: () => void;
  /** After "Confirm all" (the banner is gone): where the focus should go. */
  onConfirmedAll: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const change = useChange();
  const announce = useAnnounce();
  const count = useDocument(reviewCount);
  const scan = useDocument((d) => d.importReview?.scan ?? false);
  if (count === 0 && !scan) return null;

  const confirmAll = () => {
    change({ importReview: everythingConfirmed() });
    announce(t('editor.review.allConfirmed'));
    onConfirmedAll();
  };
  const title = scan ? t('editor.review.scanTitle') : t('editor.review.title', { count });
  const text = scan
    ? [t('editor.review.scanBody'), count > 0 ? t('editor.review.count', { count }) : ''].join(' ').trim()
    : t('editor.review.body');

  return (
    <section className="editor-review" aria-labelledby={`${id}-title`} data-scan={scan || undefined}>
      <EditorIcon name="flag" size={18} className="editor-review__icon" />
      <div className="editor-review__content">
        <h2 id={`${id}-title`} className="editor-review__title">
          {title}
        </h2>
        <p className="editor-review__text">{text}</p>
        <div className="editor-review__actions">
          {count > 0 ? (
            <button
              type="button"
              className="button button--secondary editor-small-button"
              onClick={onShowNext}
            >
              {t('editor.review.next')}
            </button>
          ) : null}
          <button type="button" className="button button--secondary editor-small-button" onClick={confirmAll}>
            <EditorIcon name="check" size={16} />
            {count > 0 ? t('editor.review.confirmAll') : t('editor.review.done')}
          </button>
        </div>
      </div>
    </section>
  );
}
