import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Resume } from '#shared/resume';
import { ResumeThumb } from './resume-thumb.tsx';

/** The title as shown ("Untitled" for an empty one). */
export function useResumeTitle(): (resume: Pick<Resume, 'title'>) => string {
  const { t } = useTranslation();
  return (resume) => resume.title.trim() || t('ai.untitled');
}

/**
 * A resume as a one-line choice: its title, the job it is for and its last edit ("Platform Engineer · Nov 28,
 * 2025 · Platform Engineer · edited Nov 28, 2025"), so resumes with like titles are told apart.
 */
export function usePickerLabel(): (resume: Pick<Resume, 'title' | 'personalInfo' | 'updatedAt'>) => string {
  const { t, i18n } = useTranslation();
  const titleOf = useResumeTitle();
  return (resume) => {
    const jobTitle = resume.personalInfo.jobTitle.trim();
    const values = { title: titleOf(resume), jobTitle, date: formatDate(resume.updatedAt, i18n.language) };
    return jobTitle ? t('resumes.picker.option', values) : t('resumes.picker.optionNoJob', values);
  };
}

function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

/**
 * Step 1: the user's resumes as a grid of first pages (a radio group: arrow keys move between them), or a
 * dropdown on small screens where a grid of pages would be a long scroll.
 */
export function ResumePicker({
  resumes,
  selected,
  onSelect,
  describedBy,
  invalid = false,
}: {
  resumes: readonly Resume[];
  selected: string | null;
  onSelect: (id: string) => void;
  describedBy?: string;
  /** Continue was pressed with no resume chosen. */
  invalid?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const titleOf = useResumeTitle();
  const pickerLabel = usePickerLabel();
  const name = useId();
  const selectId = useId();
  return (
    <>
      <div className="ai-picker__select field">
        <label htmlFor={selectId}>{t('ai.tailoring.select.label')}</label>
        <select
          id={selectId}
          value={selected ?? ''}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(event) => event.target.value && onSelect(event.target.value)}
        >
          <option value="">{t('ai.tailoring.select.placeholder')}</option>
          {resumes.map((resume) => (
            <option key={resume.id} value={resume.id}>
              {pickerLabel(resume)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="ai-picker__grid" aria-describedby={describedBy}>
        <legend className="visually-hidden">{t('ai.tailoring.select.label')}</legend>
        {resumes.map((resume) => {
          const checked = resume.id === selected;
          const date = formatDate(resume.updatedAt, i18n.language);
          return (
            <label key={resume.id} className="ai-picker__card" data-checked={checked || undefined}>
              <input
                type="radio"
                name={name}
                value={resume.id}
                checked={checked}
                aria-invalid={invalid || undefined}
                onChange={() => onSelect(resume.id)}
                className="visually-hidden"
              />
              <ResumeThumb resume={resume} />
              <span className="ai-picker__text">
                <span className="ai-picker__title">{titleOf(resume)}</span>
                {resume.personalInfo.jobTitle.trim() ? (
                  <span className="ai-picker__role">{resume.personalInfo.jobTitle.trim()}</span>
                ) : null}
                {date ? (
                  <span className="ai-picker__date">{t('ai.tailoring.select.updated', { date })}</span>
                ) : null}
              </span>
              {checked ? <span className="ai-picker__badge">{t('ai.tailoring.select.selected')}</span> : null}
            </label>
          );
        })}
      </fieldset>
    </>
  );
}
