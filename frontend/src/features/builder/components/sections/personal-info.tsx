import { useTranslation } from 'react-i18next';
import type { PersonalInfo } from '#shared/resume';
import { personalInfoLimits } from '#shared/resume-model';
import { titleAfterJobChange } from '#shared/resume-title';
import { useChange, useDocument } from '../../store/document-store.ts';
import { emailWarning, phoneWarning } from './checks.ts';
import { TextInput } from './form-controls.tsx';
import { PhotoField } from './photo-field.tsx';

type TextField = Exclude<keyof PersonalInfo, 'photo' | 'summary'>;

/** Name, job title, contact details and the photo: the resume's header. */
export function PersonalInfoEditor() {
  const { t } = useTranslation();
  const change = useChange();
  // Only the fields shown here: typing the summary does not re-render this form.
  const info = useDocument((d) => ({
    firstName: d.personalInfo.firstName,
    lastName: d.personalInfo.lastName,
    jobTitle: d.personalInfo.jobTitle,
    email: d.personalInfo.email,
    phone: d.personalInfo.phone,
    city: d.personalInfo.city,
  }));

  const set = (field: TextField) => (value: string) =>
    change(
      (doc) => ({
        personalInfo: { ...doc.personalInfo, [field]: value },
        // A title nobody wrote ("Resume · Nov 28, 2025") follows the job title, in the same undo step.
        ...(field === 'jobTitle'
          ? {
              title: titleAfterJobChange(doc.title, doc.personalInfo.jobTitle, value, doc.settings.language),
            }
          : {}),
      }),
      { coalesce: `personalInfo.${field}` },
    );

  return (
    <div className="editor-personal">
      <PhotoField />
      <div className="editor-grid">
        <TextInput
          label={t('editor.fields.firstName')}
          value={info.firstName}
          onValue={set('firstName')}
          autoComplete="given-name"
          maxLength={personalInfoLimits.firstName}
          field="firstName"
        />
        <TextInput
          label={t('editor.fields.lastName')}
          value={info.lastName}
          onValue={set('lastName')}
          autoComplete="family-name"
          maxLength={personalInfoLimits.lastName}
          field="lastName"
        />
        <TextInput
          label={t('editor.fields.jobTitle')}
          hint={t('editor.fields.jobTitleHint')}
          value={info.jobTitle}
          onValue={set('jobTitle')}
          autoComplete="organization-title"
          maxLength={personalInfoLimits.jobTitle}
          field="jobTitle"
          className="editor-field--wide"
        />
        <TextInput
          label={t('editor.fields.email')}
          type="email"
          value={info.email}
          onValue={set('email')}
          warning={emailWarning(info.email, t)}
          autoComplete="email"
          maxLength={personalInfoLimits.email}
          field="email"
        />
        <TextInput
          label={t('editor.fields.phone')}
          type="tel"
          value={info.phone}
          onValue={set('phone')}
          warning={phoneWarning(info.phone, t)}
          autoComplete="tel"
          maxLength={personalInfoLimits.phone}
          field="phone"
        />
        <TextInput
          label={t('editor.fields.city')}
          value={info.city}
          onValue={set('city')}
          autoComplete="address-level2"
          maxLength={personalInfoLimits.city}
          field="city"
        />
      </div>
    </div>
  );
}
