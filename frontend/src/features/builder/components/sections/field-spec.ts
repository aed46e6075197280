import type { TFunction } from 'i18next';
import type { SuggestionTarget } from '#shared/ai';
import type editorTexts from '../../../../i18n/locales/en-US/editor.json';
import type { Choice } from './form-controls.tsx';

/**
 * A list item's form as data: each section lists its fields in the order the form shows them (item-kinds.ts),
 * and item-fields.tsx draws them in the editor's two-column grid. The kinds are the controls of
 * form-controls.tsx; the few parts one section alone has (a skill's level, the degree's suggestions) come
 * as functions.
 */

/** A label or hint: a key under `editor.fields`. */
type FieldText = keyof (typeof editorTexts)['editor']['fields'];

/** The keys of an item that hold text. */
type TextKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

export interface Period {
  startDate: string;
  endDate: string;
  current: boolean;
}

export type FieldSpec<T> =
  | {
      kind: 'text';
      key: TextKey<T>;
      label: FieldText;
      maxLength: number;
      hint?: FieldText;
      /** Across both columns. */
      wide?: boolean;
      /** A web address: the URL keyboard and the address check. */
      url?: boolean;
      /** Typed exactly (names, addresses): no capital first letter, no spelling marks. */
      verbatim?: boolean;
      /** Off where the browser's autofill offers the user's own details (a job's company is not theirs). */
      autoComplete?: 'off';
    }
  | {
      kind: 'combobox';
      key: TextKey<T>;
      label: FieldText;
      placeholder: FieldText;
      maxLength: number;
      suggestions: (t: TFunction) => Choice[];
    }
  | { kind: 'select'; key: TextKey<T>; label: FieldText; options: (item: T, t: TFunction) => Choice[] }
  | {
      kind: 'choice';
      key: TextKey<T>;
      label: FieldText;
      otherLabel: FieldText;
      choices: (t: TFunction) => Choice[];
    }
  | { kind: 'month'; key: TextKey<T>; label: FieldText }
  | { kind: 'dates'; currentLabel: FieldText }
  | { kind: 'description' }
  | { kind: 'suggestions'; target: SuggestionTarget };

type TextOptions = Pick<
  Extract<FieldSpec<unknown>, { kind: 'text' }>,
  'hint' | 'wide' | 'url' | 'verbatim' | 'autoComplete'
>;

/** A one-line text field. */
export const text = <T>(
  key: TextKey<T>,
  label: FieldText,
  maxLength: number,
  options: TextOptions = {},
): FieldSpec<T> => ({ kind: 'text', key, label, maxLength, ...options });

/** A web address (2,048 characters), typed exactly unless `verbatim: false`. */
export const link = <T>(key: TextKey<T>, label: FieldText, options: TextOptions = {}): FieldSpec<T> =>
  text(key, label, 2048, { url: true, verbatim: true, ...options });

/** A month and year. */
export const month = <T>(key: TextKey<T>, label: FieldText): FieldSpec<T> => ({ kind: 'month', key, label });

/** Start, end and the "current" box that stands for the end. */
export const dates = <T extends Period>(currentLabel: FieldText): FieldSpec<T> => ({
  kind: 'dates',
  currentLabel,
});

/** The item's description, one bullet a line. */
export const description = <T>(): FieldSpec<T> => ({ kind: 'description' });

/** The AI's suggestions for the item's description. */
export const suggestions = <T>(target: SuggestionTarget): FieldSpec<T> => ({ kind: 'suggestions', target });
