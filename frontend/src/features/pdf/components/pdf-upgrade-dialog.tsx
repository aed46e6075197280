import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from '../../../components/icons.tsx';
import { useUpgradePath } from '../../../lib/upgrade-path.ts';
import './pdf.css';

/**
 * The upgrade prompt for a Free user who asks for a PDF (spec: Free keeps the online preview, PDF download
 * is Pro): what Pro adds and the way to /pricing. Escape, "Not now" and the backdrop close it.
 */
export function PdfUpgradeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const upgrade = useUpgradePath();
  const ids = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes a modal dialog natively; the click handler only adds closing by the backdrop.
    <dialog
      ref={dialog}
      className="pdf-upgrade"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-description`}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) onClose();
      }}
    >
      {open ? (
        <div className="pdf-upgrade__body">
          <span className="pdf-upgrade__icon" aria-hidden="true">
            <Icon name="lock" />
          </span>
          <h2 id={`${ids}-title`}>{t('pdf.upgrade.title')}</h2>
          <p id={`${ids}-description`}>{t('pdf.upgrade.description')}</p>
          <ul className="pdf-upgrade__perks">
            {(['pdf', 'templates', 'ai'] as const).map((perk) => (
              <li key={perk}>
                <Icon name="check" />
                {t(`pdf.upgrade.perks.${perk}`)}
              </li>
            ))}
          </ul>
          <div className="pdf-upgrade__actions">
            <button type="button" className="button button--ghost" onClick={onClose}>
              {t('pdf.upgrade.dismiss')}
            </button>
            <Link to={upgrade} className="button button--primary" onClick={onClose}>
              {t('pdf.upgrade.action')}
            </Link>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
