import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Resume } from '#shared/resume';
import { MenuButton, type MenuItem } from '../../../components/menu-button.tsx';
import { useUpgradePath } from '../../../lib/upgrade-path.ts';
import { useDownloadPdf } from '../../pdf/index.ts';
import { formatAgo, formatExactTime, relativeTime } from '../lib/relative-time.ts';
import { PageThumbnail } from './page-thumbnail.tsx';

export interface ResumeCardActions {
  onDuplicate: (resume: Resume) => void;
  onRename: (resume: Resume) => void;
  onDownload: (resume: Resume) => void;
  onDelete: (resume: Resume) => void;
}

function MoreIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true" focusable="false">
      <circle cx="5" cy="12" r="1.75" />
      <circle cx="12" cy="12" r="1.75" />
      <circle cx="19" cy="12" r="1.75" />
    </svg>
  );
}

/** "Updated 5 minutes ago", in the interface language. */
export function useUpdatedLabel(iso: string, now: number): string {
  const { t, i18n } = useTranslation();
  const ago = relativeTime(iso, now);
  if (ago.kind === 'invalid') return '';
  if (ago.kind === 'justNow') return t('resumes.card.updatedJustNow');
  return t('resumes.card.updated', { when: formatAgo(ago.value, ago.unit, i18n.language) });
}

/**
 * One resume as its first page, its title, the job it is for and its last edit: the whole card opens it in
 * the builder (the title link stretches over it),
 * and a menu holds the other actions (Download PDF among them). At the plan's limit, Duplicate leads to the
 * pricing page instead.
 */
export function ResumeCard({
  resume,
  title,
  now,
  atLimit,
  busy,
  actions,
}: {
  resume: Resume;
  /** The title as shown ("Untitled" for an empty one). */
  title: string;
  now: number;
  atLimit: boolean;
  /** A duplicate or JSON download of this resume is under way (a PDF is followed here). */
  busy: boolean;
  actions: ResumeCardActions;
}) {
  const { t, i18n } = useTranslation();
  const upgradeTo = useUpgradePath();
  const updated = useUpdatedLabel(resume.updatedAt, now);
  const pdf = useDownloadPdf(resume.id);
  const items: MenuItem[] = [
    atLimit
      ? { key: 'duplicate', label: t('resumes.card.duplicateUpgrade'), to: upgradeTo }
      : { key: 'duplicate', label: t('resumes.card.duplicate'), onSelect: () => actions.onDuplicate(resume) },
    { key: 'rename', label: t('resumes.card.rename'), onSelect: () => actions.onRename(resume) },
    { key: 'download', label: t('resumes.card.download'), onSelect: () => actions.onDownload(resume) },
    { key: 'pdf', label: pdf.locked ? t('pdf.downloadLocked') : t('pdf.download'), onSelect: pdf.start },
    { key: 'delete', label: t('resumes.card.delete'), onSelect: () => actions.onDelete(resume) },
  ];

  return (
    <li className="resume-tile" data-resume-id={resume.id} aria-busy={busy || pdf.busy || undefined}>
      <PageThumbnail resume={resume} className="resume-tile__page" />
      <div className="resume-tile__footer">
        <div className="resume-tile__text">
          <h2 className="resume-tile__title">
            <Link className="resume-tile__link" to={`/builder?id=${encodeURIComponent(resume.id)}`}>
              {title}
            </Link>
          </h2>
          {resume.personalInfo.jobTitle.trim() ? (
            <p className="resume-tile__role">{resume.personalInfo.jobTitle.trim()}</p>
          ) : null}
          {updated ? (
            <p className="resume-tile__time">
              <time dateTime={resume.updatedAt} title={formatExactTime(resume.updatedAt, i18n.language)}>
                {updated}
              </time>
            </p>
          ) : null}
        </div>
        {busy || pdf.busy ? (
          <span className="spinner spinner--inline resume-tile__busy" aria-hidden="true" />
        ) : null}
        <span className="visually-hidden" role="status">
          {pdf.progress}
        </span>
        <MenuButton
          className="resume-tile__menu"
          buttonLabel={t('resumes.card.actions', { title })}
          buttonContent={<MoreIcon />}
          items={items}
        />
      </div>
      {pdf.elements}
    </li>
  );
}
