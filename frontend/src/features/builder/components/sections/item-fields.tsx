import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type CheckedList, missingFields, requiredFields } from '../../lib/field-checks.ts';
import { AiSuggestions } from './ai-suggestions.tsx';
import { urlWarning } from './checks.ts';
import type { FieldSpec, Period } from './field-spec.ts';
import {
  ChoiceWithOther,
  ComboboxInput,
  DateRange,
  DescriptionInput,
  MonthInput,
  SelectInput,
  TextInput,
} from './form-controls.tsx';
import type { ItemFieldsProps, KindName } from './item-kind.ts';

/** The required fields of an item (lib/field-checks.ts) that are still blank; none for the other kinds. */
export function missingOf(name: KindName, item: object): readonly string[] {
  if (!(name in requiredFields)) return [];
  return missingFields(name as CheckedList, item as Parameters<typeof missingFields>[1]);
}

/** The item-level note for blank required fields ("Add a position and a company"), or null. */
export function incompleteNote(name: KindName, item: object, t: TFunction): string | null {
  const missing = missingOf(name, item);
  if (missing.length === 0) return null;
  const list = name as CheckedList;
  return missing.length === 2
    ? t(`editor.incomplete.${list}.both`)
    : t(`editor.incomplete.${list}.${missing[0]}` as `editor.incomplete.${CheckedList}.both`);
}

/** An item's form, drawn from its section's fields. */
export function ItemFields<T extends { id: string }>({
  name,
  fields,
  item,
  patch,
}: ItemFieldsProps<T> & { name: KindName; fields: readonly FieldSpec<T>[] }) {
  const { t } = useTranslation();
  const missing = missingOf(name, item);
  const values = item as unknown as Record<string, string>;
  const write = (key: string) => (value: string) => patch({ [key]: value } as Partial<T>, key);
  const required = (key: string) =>
    missing.includes(key)
      ? t(`editor.incomplete.${name as CheckedList}.${key}` as `editor.incomplete.${CheckedList}.both`)
      : null;

  /** What every control bound to one of the item's text fields takes. */
  const bind = (field: Extract<FieldSpec<T>, { key: string }>) => ({
    label: t(`editor.fields.${field.label}`),
    value: values[field.key] ?? '',
    onValue: write(field.key),
    field: field.key,
  });

  return (
    <div className="editor-grid">
      {fields.map((field) => {
        switch (field.kind) {
          case 'text':
            return (
              <TextInput
                key={field.key}
                {...bind(field)}
                {...(field.hint ? { hint: t(`editor.fields.${field.hint}`) } : {})}
                {...(field.url ? { inputMode: 'url' as const } : {})}
                {...(field.verbatim ? { autoCapitalize: 'off', spellCheck: false } : {})}
                warning={field.url ? urlWarning(values[field.key] ?? '', t) : required(field.key)}
                maxLength={field.maxLength}
                {...(field.autoComplete ? { autoComplete: field.autoComplete } : {})}
                {...(field.wide ? { className: 'editor-field--wide' } : {})}
              />
            );
          case 'combobox':
            return (
              <ComboboxInput
                key={field.key}
                {...bind(field)}
                placeholder={t(`editor.fields.${field.placeholder}`)}
                suggestions={field.suggestions(t)}
                warning={required(field.key)}
                maxLength={field.maxLength}
              />
            );
          case 'select':
            return (
              <SelectInput
                key={field.key}
                {...bind(field)}
                warning={required(field.key)}
                options={field.options(item, t)}
              />
            );
          case 'choice':
            return (
              <ChoiceWithOther
                key={field.key}
                {...bind(field)}
                otherLabel={t(`editor.fields.${field.otherLabel}`)}
                placeholder={t('editor.fields.choose')}
                choices={field.choices(t)}
              />
            );
          case 'month':
            return <MonthInput key={field.key} {...bind(field)} />;
          case 'dates':
            return (
              <DateRange
                key="dates"
                period={item as unknown as Period}
                currentLabel={t(`editor.fields.${field.currentLabel}`)}
                onPatch={patch as ItemFieldsProps<Period>['patch']}
              />
            );
          case 'description':
            return (
              <DescriptionInput
                key="description"
                value={values.description ?? ''}
                onValue={write('description')}
              />
            );
          case 'suggestions':
            return (
              <AiSuggestions
                key="suggestions"
                target={field.target}
                itemId={item.id}
                onUse={(value) =>
                  patch({ description: value } as unknown as Partial<T>, 'description.suggestion')
                }
              />
            );
        }
        return null;
      })}
    </div>
  );
}
