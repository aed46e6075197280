import {
  createContext,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useContext,
  useEffect,
  useId,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { checkDateRange, normaliseMonth } from '../../lib/field-checks.ts';
import { useAnnounce } from '../announcer.tsx';
import { EditorIcon } from '../editor-icons.tsx';
import { type ReviewMark, ReviewNote, useReviewMark } from './review-mark.tsx';

/**
 * The editor's labelled controls. Unlike the app's form fields they carry warnings, not errors: a value
 * that looks wrong is stored as typed and the field says so, in amber, next to it.
 */

/** True inside an item the user has just added: its blank fields are not yet mistakes. */
export const FreshItemContext = createContext(false);

/**
 * Whether to show a field's warning. A warning for a value already there when the field appeared shows at
 * once; one that appears while typing waits for the user to leave the field (no "invalid e-mail" at the
 * first letter). Once shown, it follows the value live.
 */
function useWarningShown(warning: string | null | undefined) {
  const fresh = useContext(FreshItemContext);
  const [shown, setShown] = useState(() => !fresh && Boolean(warning));
  return { shown: shown && Boolean(warning), reveal: () => setShown(true) };
}

interface ChromeProps {
  label: string;
  hint?: ReactNode;
  warning?: string | null;
  className?: string;
}

function Chrome({
  label,
  hint,
  warning,
  className,
  id,
  review,
  children,
}: ChromeProps & { id: string; review: ReviewMark; children: ReactNode }) {
  const { t } = useTranslation();
  const announce = useAnnounce();
  const confirm = () => {
    review.confirm();
    announce(t('editor.review.confirmed', { field: label }));
    // The button goes with the mark: the focus returns to the field it was about.
    document.getElementById(id)?.focus();
  };
  return (
    <div className={className ? `field editor-field ${className}` : 'field editor-field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {review.marked ? <ReviewNote id={`${id}-review`} label={label} onConfirm={confirm} /> : null}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {warning ? (
        <p id={`${id}-warning`} className="field__warning">
          <EditorIcon name="alert" size={16} />
          <span>{warning}</span>
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, hint: unknown, warning: unknown, review?: ReviewMark): string | undefined {
  return (
    [review?.marked ? `${id}-review` : '', hint ? `${id}-hint` : '', warning ? `${id}-warning` : '']
      .filter(Boolean)
      .join(' ') || undefined
  );
}

/** The attributes a control takes when its field is marked for a check (styling, finding the next one). */
function reviewAttributes(review: ReviewMark) {
  return review.marked && review.path ? { 'data-review': review.path } : {};
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'value' | 'onChange'>;

/** A labelled one-line text input; `field` names it for focus requests (`data-field`). */
export function TextInput({
  label,
  hint,
  warning,
  className,
  value,
  onValue,
  field,
  onBlur,
  ...input
}: ChromeProps & InputProps & { value: string; onValue: (value: string) => void; field?: string }) {
  const id = useId();
  const { shown, reveal } = useWarningShown(warning);
  const visibleWarning = shown ? warning : null;
  const review = useReviewMark(field);
  return (
    <Chrome label={label} hint={hint} warning={visibleWarning} className={className} id={id} review={review}>
      <input
        id={id}
        data-field={field}
        {...reviewAttributes(review)}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        onBlur={(event) => {
          reveal();
          onBlur?.(event);
        }}
        aria-invalid={visibleWarning ? true : undefined}
        aria-describedby={describedBy(id, hint, visibleWarning, review)}
        {...input}
      />
    </Chrome>
  );
}

type TextAreaProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'className' | 'value' | 'onChange'
>;

/** A labelled multi-line input. */
export function TextArea({
  label,
  hint,
  warning,
  className,
  value,
  onValue,
  field,
  ...textarea
}: ChromeProps & TextAreaProps & { value: string; onValue: (value: string) => void; field?: string }) {
  const id = useId();
  const review = useReviewMark(field);
  return (
    <Chrome label={label} hint={hint} warning={warning} className={className} id={id} review={review}>
      <textarea
        id={id}
        data-field={field}
        {...reviewAttributes(review)}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-describedby={describedBy(id, hint, warning, review)}
        {...textarea}
      />
    </Chrome>
  );
}

/** A plain-text description: each line becomes a bullet on the resume, so the field says so. */
export function DescriptionInput({ value, onValue }: { value: string; onValue: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextArea
      label={t('editor.fields.description')}
      hint={t('editor.fields.descriptionHint')}
      value={value}
      onValue={onValue}
      field="description"
      rows={4}
      maxLength={5000}
      className="editor-field--wide"
    />
  );
}

export interface Choice {
  value: string;
  label: string;
}

/** A labelled select. */
export function SelectInput({
  label,
  hint,
  warning,
  className,
  value,
  onValue,
  options,
  field,
}: ChromeProps & { value: string; onValue: (value: string) => void; options: Choice[]; field?: string }) {
  const id = useId();
  const { shown, reveal } = useWarningShown(warning);
  const visibleWarning = shown ? warning : null;
  const review = useReviewMark(field);
  return (
    <Chrome label={label} hint={hint} warning={visibleWarning} className={className} id={id} review={review}>
      <select
        id={id}
        data-field={field}
        {...reviewAttributes(review)}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        onBlur={reveal}
        aria-invalid={visibleWarning ? true : undefined}
        aria-describedby={describedBy(id, hint, visibleWarning, review)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Chrome>
  );
}

const OTHER = '__other';

/**
 * A select of fixed choices plus "Other", which reveals a text input. The stored value is the choice id,
 * or the custom text itself (the model's rule: any other non-empty value is the text of "Other").
 */
export function ChoiceWithOther({
  label,
  otherLabel,
  placeholder,
  choices,
  value,
  onValue,
  warning,
  field,
}: {
  label: string;
  otherLabel: string;
  /** The text of the empty option ("Choose…"). */
  placeholder: string;
  choices: Choice[];
  value: string;
  onValue: (value: string) => void;
  warning?: string | null;
  field?: string;
}) {
  const { t } = useTranslation();
  const isChoice = choices.some((choice) => choice.value === value);
  // "Other" picked with nothing typed yet stores '', which alone would show the empty option again.
  const [otherPicked, setOtherPicked] = useState(false);
  const other = !isChoice && (value !== '' || otherPicked);
  const selected = isChoice ? value : other ? OTHER : '';

  return (
    <div className="editor-choice">
      <SelectInput
        label={label}
        value={selected}
        field={field}
        warning={other ? null : warning}
        options={[
          { value: '', label: placeholder },
          ...choices,
          { value: OTHER, label: t('editor.fields.other') },
        ]}
        onValue={(next) => {
          setOtherPicked(next === OTHER);
          if (next === OTHER) {
            if (isChoice) onValue('');
          } else {
            onValue(next);
          }
        }}
      />
      {other ? (
        <TextInput
          label={otherLabel}
          value={value}
          onValue={onValue}
          maxLength={200}
          warning={warning}
          field={field ? `${field}Other` : undefined}
        />
      ) : null}
    </div>
  );
}

/** Letters without accents or case, for matching what is typed against suggestions. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .trim();

/**
 * A free-text field with suggestions (the WAI-ARIA combobox with a list popup): whatever is typed is stored
 * as typed; picking a suggestion stores its value (a choice id the resume prints in its own language). The
 * list filters as one types, opens with ↓ or the button, ↑/↓ move in it, Enter picks, Escape closes it.
 * A stored choice id shows as its label.
 */
export function ComboboxInput({
  label,
  hint,
  warning,
  className,
  placeholder,
  suggestions,
  value,
  onValue,
  field,
  maxLength,
}: ChromeProps & {
  placeholder?: string;
  suggestions: Choice[];
  value: string;
  onValue: (value: string) => void;
  field?: string;
  maxLength: number;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { shown, reveal } = useWarningShown(warning);
  const visibleWarning = shown ? warning : null;
  const review = useReviewMark(field);
  const [open, setOpen] = useState(false);
  // What the user typed since the list opened filters it; opened by ↓ or the button, it shows every suggestion.
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const text = suggestions.find((s) => s.value === value)?.label ?? value;
  const shownSuggestions =
    query === null || folded(query) === ''
      ? suggestions
      : suggestions.filter((s) => folded(s.label).includes(folded(query)));
  const expanded = open && shownSuggestions.length > 0;
  const listId = `${id}-list`;
  const optionId = (k: number) => `${id}-option-${k}`;

  const close = () => {
    setOpen(false);
    setQuery(null);
    setActive(-1);
  };
  const pick = (choice: Choice) => {
    onValue(choice.value);
    close();
  };

  return (
    <Chrome label={label} hint={hint} warning={visibleWarning} className={className} id={id} review={review}>
      <div className="editor-combobox">
        <input
          id={id}
          type="text"
          role="combobox"
          data-field={field}
          {...reviewAttributes(review)}
          value={text}
          placeholder={placeholder}
          maxLength={maxLength}
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-invalid={visibleWarning ? true : undefined}
          aria-describedby={describedBy(id, hint, visibleWarning, review)}
          onChange={(event) => {
            onValue(event.target.value);
            setQuery(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onBlur={() => {
            reveal();
            close();
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              if (!expanded) {
                setOpen(true);
                setActive(event.key === 'ArrowDown' ? 0 : shownSuggestions.length - 1);
                return;
              }
              const step = event.key === 'ArrowDown' ? 1 : -1;
              setActive((k) => (k + step + shownSuggestions.length) % shownSuggestions.length);
            } else if (event.key === 'Enter' && expanded && active >= 0) {
              event.preventDefault();
              const choice = shownSuggestions[active];
              if (choice) pick(choice);
            } else if (event.key === 'Escape' && open) {
              // The list closes; the full-screen mode and dialogs around stay as they are.
              event.preventDefault();
              event.stopPropagation();
              close();
            }
          }}
        />
        <button
          type="button"
          className="editor-combobox__toggle"
          tabIndex={-1}
          aria-label={t('editor.fields.suggestions', { field: label })}
          aria-expanded={expanded}
          aria-controls={listId}
          // The input keeps the focus (and the list stays tied to it).
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (expanded) close();
            else {
              document.getElementById(id)?.focus();
              setQuery(null);
              setOpen(true);
            }
          }}
        >
          <EditorIcon name="chevronRight" size={16} />
        </button>
        <div
          id={listId}
          role="listbox"
          aria-label={t('editor.fields.suggestions', { field: label })}
          className="editor-combobox__list"
          hidden={!expanded}
        >
          {expanded
            ? shownSuggestions.map((choice, k) => (
                // The keyboard works from the input (↑, ↓, Enter with aria-activedescendant): options are not
                // focused themselves, as the ARIA combobox pattern has it.
                // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keys for its options.
                <div
                  key={choice.value}
                  id={optionId(k)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={k === active}
                  data-current={choice.value === value || undefined}
                  className="editor-combobox__option"
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(k)}
                  onClick={() => pick(choice)}
                >
                  {choice.label}
                </div>
              ))
            : null}
        </div>
      </div>
    </Chrome>
  );
}

/** A labelled checkbox. */
export function CheckboxInput({
  label,
  checked,
  onChecked,
  field,
}: {
  label: string;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  field?: string;
}) {
  const id = useId();
  return (
    <div className="editor-check">
      <input
        id={id}
        type="checkbox"
        data-field={field}
        checked={checked}
        onChange={(event) => onChecked(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

let monthSupport: boolean | undefined;
/** Whether this browser has a month picker (Firefox and older Safari show a plain text box instead). */
function monthInputSupported(): boolean {
  if (monthSupport === undefined) {
    const probe = document.createElement('input');
    probe.setAttribute('type', 'month');
    probe.value = 'not a month';
    // A browser with a real month control refuses a value that is not one.
    monthSupport = probe.type === 'month' && probe.value === '';
  }
  return monthSupport;
}

/**
 * A month and year, stored as `YYYY-MM`. The browser's month picker where there is one; elsewhere (and for
 * a year-only date from an import, which the picker cannot show) a text box that understands `2021-03`,
 * `03/2021` or `2021` and stores the value once it reads as a date.
 */
export function MonthInput({
  label,
  value,
  onValue,
  disabled,
  warning,
  field,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  disabled?: boolean;
  warning?: string | null;
  field?: string;
}) {
  const { t } = useTranslation();
  // Decided once: switching controls under the user's fingers would lose the focus.
  const [native] = useState(() => monthInputSupported() && !/^\d{4}$/.test(value));
  const [draft, setDraft] = useState(value);

  // An outside change (undo, the current checkbox) replaces the text unless the text already means it.
  useEffect(() => {
    setDraft((text) => (normaliseMonth(text) === value ? text : value));
  }, [value]);

  if (native) {
    return (
      <TextInput
        label={label}
        type="month"
        value={/^\d{4}-\d{2}$/.test(value) ? value : ''}
        onValue={onValue}
        disabled={disabled}
        warning={warning}
        field={field}
      />
    );
  }
  const unreadable = normaliseMonth(draft) === null ? t('editor.checks.month') : null;
  return (
    <TextInput
      label={label}
      value={draft}
      onValue={(text) => {
        setDraft(text);
        const month = normaliseMonth(text);
        if (month !== null && month !== value) onValue(month);
      }}
      onBlur={() => {
        const month = normaliseMonth(draft);
        if (month !== null) setDraft(month);
      }}
      inputMode="numeric"
      placeholder={t('editor.fields.monthPlaceholder')}
      disabled={disabled}
      warning={unreadable ?? warning}
      field={field}
    />
  );
}

interface Period {
  startDate: string;
  endDate: string;
  current: boolean;
}

/** Start, end and "current": ticking current clears and disables the end (it reads "Present"). */
export function DateRange({
  period,
  currentLabel,
  onPatch,
}: {
  period: Period;
  /** "I currently work here", "I currently study here"… */
  currentLabel: string;
  onPatch: (patch: Partial<Period>, field: keyof Period) => void;
}) {
  const { t } = useTranslation();
  const backwards =
    !period.current && checkDateRange(period.startDate, period.endDate)
      ? t('editor.checks.endBeforeStart')
      : null;
  return (
    <div className="editor-dates">
      <MonthInput
        label={t('editor.fields.startDate')}
        value={period.startDate}
        onValue={(startDate) => onPatch({ startDate }, 'startDate')}
        field="startDate"
      />
      <MonthInput
        label={t('editor.fields.endDate')}
        value={period.current ? '' : period.endDate}
        disabled={period.current}
        onValue={(endDate) => onPatch({ endDate }, 'endDate')}
        warning={backwards}
        field="endDate"
      />
      <CheckboxInput
        label={currentLabel}
        checked={period.current}
        field="current"
        onChecked={(current) => onPatch(current ? { current, endDate: '' } : { current }, 'current')}
      />
    </div>
  );
}
