import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  type DownloadPdfOptions,
  type PdfDownloadState,
  useDownloadPdf,
} from '../hooks/use-download-pdf.tsx';
import './pdf.css';

function DownloadIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
    </svg>
  );
}

/** The button's short text for a state; the full sentence is announced separately. */
function shortLabel(t: TFunction, state: PdfDownloadState): string {
  switch (state.phase) {
    case 'saving':
      return t('pdf.busy.saving');
    case 'requesting':
      return t('pdf.busy.requesting');
    case 'rendering':
      return state.step === 'storing' ? t('pdf.busy.storing') : t('pdf.busy.rendering');
    default:
      return t('pdf.download');
  }
}

/**
 * "Download PDF" for one resume: busy with the job's step while it renders (announced politely), a Pro
 * badge when the plan has no PDF download, disabled while the resume has no id yet.
 */
export function DownloadPdfButton({
  resumeId,
  prepare,
  primary = false,
  className,
}: {
  resumeId: string | null;
  prepare?: DownloadPdfOptions['prepare'];
  /** The screen's main action (the builder's toolbar). */
  primary?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const pdf = useDownloadPdf(resumeId, { prepare });
  const label = shortLabel(t, pdf.state);
  // A locked button stays quiet (secondary) so its Pro badge is what stands out.
  const variant = primary && !pdf.locked ? 'button--primary' : 'button--secondary';
  return (
    <>
      <button
        type="button"
        className={['button', variant, 'button--small', 'pdf-button', className].filter(Boolean).join(' ')}
        disabled={!resumeId}
        // Busy keeps focus on the button (a disabled one would drop it); presses are ignored meanwhile.
        aria-disabled={pdf.busy || undefined}
        aria-busy={pdf.busy || undefined}
        title={resumeId ? label : t('pdf.needsSave')}
        onClick={pdf.start}
      >
        {pdf.busy ? <span className="spinner spinner--inline" aria-hidden="true" /> : <DownloadIcon />}
        <span className="pdf-button__label">{label}</span>
        {pdf.locked ? <span className="badge--pro">Pro</span> : null}
      </button>
      <span className="visually-hidden" role="status">
        {pdf.progress}
      </span>
      {pdf.elements}
    </>
  );
}
