import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Resume } from '#shared/resume';
import { useDeleteResume } from '../api/delete-resume.ts';

function formatUpdated(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** One resume: title, last update, Edit, and Delete with a confirmation step. */
export function ResumeListItem({ resume }: { resume: Resume }) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteResume();
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const title = resume.title.trim() || t('resumes.untitled');
  const updated = formatUpdated(resume.updatedAt, i18n.language);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (returnFocus.current) deleteRef.current?.focus();
  }, [confirming]);

  return (
    <li className="resume-card">
      <div className="resume-card__body">
        <h2 className="resume-card__title">{title}</h2>
        {updated ? (
          <p className="muted">
            {t('resumes.updated')} <time dateTime={resume.updatedAt}>{updated}</time>
          </p>
        ) : null}
      </div>

      {confirming ? (
        <fieldset className="resume-card__confirm">
          <legend>{t('resumes.delete.question')}</legend>
          <div className="resume-card__actions">
            <button
              ref={confirmRef}
              type="button"
              className="button button--danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate(resume.id)}
            >
              {t('resumes.delete.confirm')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={remove.isPending}
              onClick={() => {
                returnFocus.current = true;
                remove.reset();
                setConfirming(false);
              }}
            >
              {t('resumes.delete.cancel')}
            </button>
          </div>
        </fieldset>
      ) : (
        <div className="resume-card__actions">
          <Link className="button button--secondary" to={`/builder?id=${encodeURIComponent(resume.id)}`}>
            {t('resumes.edit')}
          </Link>
          <button
            ref={deleteRef}
            type="button"
            className="button button--ghost"
            onClick={() => setConfirming(true)}
          >
            {t('resumes.delete.action')}
          </button>
        </div>
      )}

      {remove.isError ? (
        <p className="form-error" role="alert">
          {t('resumes.delete.failed')}
        </p>
      ) : null}
    </li>
  );
}
