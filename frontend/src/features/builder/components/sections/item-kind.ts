import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import type { FieldSpec } from './field-spec.ts';

/** The kinds of list item the editor knows; each names its texts under `editor.kinds`. */
export type KindName =
  | 'experience'
  | 'education'
  | 'skills'
  | 'links'
  | 'projects'
  | 'certifications'
  | 'languages'
  | 'awards'
  | 'volunteering'
  | 'custom';

export interface ItemFieldsProps<T> {
  item: T;
  /** Write some fields of this item; `field` names the undo step, so typing in one field is one step. */
  patch: (patch: Partial<T>, field: string) => void;
}

/** Adds an item, optionally with some fields filled and the focus in one of them (link presets). */
export type AddItem<T> = (seed?: Partial<Omit<T, 'id'>>, focusField?: string) => void;

/**
 * What the generic list needs to know about one kind of item: its texts' name, a blank item, the collapsed
 * row's summary and the fields of its form (item-kinds.ts has them all). Blank required fields are flagged
 * by the rules of lib/field-checks.ts, under the kind's name.
 */
export interface ItemKind<T extends { id: string }> {
  name: KindName;
  /** A new, empty item with a fresh id. */
  create(): T;
  /** The collapsed row's parts, e.g. ['Senior Engineer', 'Acme', '2021 – Present']; blanks are dropped. */
  summary(item: T, t: TFunction): string[];
  /** The form's fields, in order. */
  fields: readonly FieldSpec<T>[];
  /** More add buttons next to the main one (LinkedIn, GitHub, website). */
  Presets?: ComponentType<{ add: AddItem<T> }>;
}

/** The year of a stored `YYYY-MM` or `YYYY` date. */
export function yearOf(date: string): string {
  return /^\d{4}/.exec(date)?.[0] ?? '';
}

/** "2019 – 2021", "2021 – Present", "2020" (one year once), or '' with no dates. */
export function yearRange(period: { startDate: string; endDate: string; current?: boolean }, t: TFunction) {
  const start = yearOf(period.startDate);
  const end = period.current ? t('editor.item.present') : yearOf(period.endDate);
  if (start && end && start !== end) return `${start} – ${end}`;
  return start || end;
}

/** The parts of a summary that have text, trimmed. */
export function summaryText(parts: readonly string[]): string {
  return parts
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' · ');
}
