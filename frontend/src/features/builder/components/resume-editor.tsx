import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { personalInfoLimits, type Resume } from '#shared/resume';
import { TextAreaField, TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useUpdateResume } from '../../resumes/api/update-resume.ts';
import { buildResumePatch, type EditorValues, editorValuesFrom } from '../lib/editor-values.ts';

type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

/** The minimal editor: title and personal information, saved with the Save button. */
export function ResumeEditor({ resume }: { resume: Resume }) {
  const { t } = useTranslation();
  const update = useUpdateResume();
  const [saved, setSaved] = useState<EditorValues>(() => editorValuesFrom(resume));
  const [values, setValues] = useState<EditorValues>(saved);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [failure, setFailure] = useState<string | null>(null);

  const dirty = buildResumePatch(resume, saved, values) !== null;
  const set = (field: keyof EditorValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'saving') return;
    const patch = buildResumePatch(resume, saved, values);
    setFailure(null);
    if (!patch) {
      setStatus('saved');
      return;
    }
    const sent = values;
    setStatus('saving');
    try {
      await update.mutateAsync({ id: resume.id, patch });
      setSaved(sent);
      setStatus('saved');
    } catch (error) {
      setFailure(errorMessage(t, error));
      setStatus('error');
    }
  }

  const statusText =
    status === 'saving'
      ? t('builder.status.saving')
      : status === 'error'
        ? t('builder.status.error')
        : dirty
          ? t('builder.status.dirty')
          : status === 'saved'
            ? t('builder.status.saved')
            : '';

  return (
    <form className="editor" noValidate onSubmit={save} aria-busy={status === 'saving'}>
      <fieldset className="card editor__section">
        <legend>{t('builder.sections.resume')}</legend>
        <TextField
          label={t('builder.fields.title')}
          name="title"
          maxLength={200}
          value={values.title}
          onChange={set('title')}
        />
      </fieldset>

      <fieldset className="card editor__section">
        <legend>{t('builder.sections.personal')}</legend>
        <div className="form__row">
          <TextField
            label={t('builder.fields.firstName')}
            name="firstName"
            autoComplete="given-name"
            maxLength={personalInfoLimits.firstName}
            value={values.firstName}
            onChange={set('firstName')}
          />
          <TextField
            label={t('builder.fields.lastName')}
            name="lastName"
            autoComplete="family-name"
            maxLength={personalInfoLimits.lastName}
            value={values.lastName}
            onChange={set('lastName')}
          />
        </div>
        <div className="form__row">
          <TextField
            label={t('builder.fields.email')}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={personalInfoLimits.email}
            value={values.email}
            onChange={set('email')}
          />
          <TextField
            label={t('builder.fields.phone')}
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={personalInfoLimits.phone}
            value={values.phone}
            onChange={set('phone')}
          />
        </div>
        <div className="form__row">
          <TextField
            label={t('builder.fields.jobTitle')}
            name="jobTitle"
            autoComplete="organization-title"
            maxLength={personalInfoLimits.jobTitle}
            value={values.jobTitle}
            onChange={set('jobTitle')}
          />
          <TextField
            label={t('builder.fields.city')}
            name="city"
            autoComplete="address-level2"
            maxLength={personalInfoLimits.city}
            value={values.city}
            onChange={set('city')}
          />
        </div>
        <TextAreaField
          label={t('builder.fields.summary')}
          name="summary"
          rows={6}
          maxLength={personalInfoLimits.summary}
          value={values.summary}
          onChange={set('summary')}
          hint={t('builder.summaryCount', { length: values.summary.length, max: 2000 })}
        />
      </fieldset>

      <div className="editor__actions">
        <p className={`save-status save-status--${status}`} role="status">
          {statusText}
        </p>
        {failure ? (
          <p className="form-error" role="alert">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={status === 'saving'}>
          {t('builder.save')}
        </button>
      </div>
    </form>
  );
}
