import type { RawEntry } from './entries.ts';
import { headingKey, sectionOfHeading } from './headings.ts';
import type { Line } from './lines.ts';

/**
 * Forms that print each value beside a label naming it (the Europass CV: "Dates", "Occupation or position
 * held", "Name and address of employer"): the labels known by their words, in English and Portuguese, a label
 * the label column wrapped over two lines put back together, and each value line marked with what its label
 * names, the label taken off.
 */

export type FormField =
  | 'name'
  | 'address'
  | 'phone'
  | 'email'
  | 'website'
  | 'desired'
  | 'dates'
  | 'position'
  | 'activities'
  | 'employer'
  | 'business'
  | 'qualification'
  | 'subjects'
  | 'organisation'
  | 'level'
  | 'grade'
  | 'motherTongue'
  | 'otherLanguages';

const LABELS: Record<FormField, string[]> = {
  name: ['name', 'name / surname', 'surname / first name', 'first name / surname', 'surname(s) / first name(s)', 'first name(s) / surname(s)', 'full name', 'nome', 'nome completo', 'apelido(s) / nome(s) proprio(s)', 'nome(s) / apelido(s)'],
  address: ['address', 'address(es)', 'endereco', 'morada', 'morada(s)'],
  phone: ['telephone', 'telephone(s)', 'phone', 'mobile', 'telefone', 'telefone(s)', 'telemovel', 'celular'],
  email: ['email', 'e-mail', 'e-mail(s)', 'personal email', 'correio eletronico', 'correio electronico'],
  website: ['home page', 'homepage', 'website', 'web page', 'links', 'pagina pessoal', 'site'],
  desired: ['desired employment / occupational field', 'desired employment', 'occupational field', 'emprego pretendido / area de competencia', 'emprego pretendido / area de atuacao', 'emprego pretendido', 'objetivo profissional'],
  dates: ['dates', 'date', 'period', 'datas', 'data', 'periodo'],
  position: ['occupation or position held', 'position held', 'funcao ou cargo ocupado', 'cargo ocupado'],
  activities: ['main activities and responsibilities', 'principais atividades e responsabilidades', 'principais actividades e responsabilidades'],
  employer: ['name and address of employer', 'employer', 'nome e endereco do empregador', 'nome e morada do empregador', 'empregador'],
  business: ['type of business or sector', 'tipo de empresa ou setor', 'tipo de empresa ou sector'],
  qualification: ['title of qualification awarded', 'qualification', 'designacao da qualificacao atribuida', 'qualificacao'],
  subjects: ['principal subjects / occupational skills covered', 'principais disciplinas / competencias profissionais', 'principais disciplinas / competencias profissionais adquiridas'],
  organisation: ['name and type of organisation providing education and training', 'name and type of organization providing education and training', 'nome e tipo da organizacao de ensino ou formacao', 'nome e tipo da organizacao de ensino'],
  level: ['level in national or international classification', 'nivel segundo a classificacao nacional ou internacional'],
  grade: ['final grade', 'grade', 'nota final', 'classificacao final'],
  motherTongue: ['mother tongue', 'mother tongue(s)', 'native language', 'lingua materna', 'lingua(s) materna(s)'],
  otherLanguages: ['other language(s)', 'other languages', 'outra(s) lingua(s)', 'outras linguas'],
}; // biome-ignore format: word lists

const TABLE = new Map<string, FormField>(
  Object.entries(LABELS).flatMap(([field, labels]) =>
    labels.map((label) => [headingKey(label), field as FormField] as const),
  ),
);

/** The field a form's label names ("Occupation or position held" → position), or undefined. */
export function formField(text: string): FormField | undefined {
  return TABLE.get(headingKey(text.replace(/[:：]\s*$/, '')));
}

/** Fewest labels with a value beside them that make a document a form. */
const MIN_LABELLED = 3;

/** A label's lines: one, or its rest on the next line or two. */
const LONGEST_LABEL_LINES = 3;

/**
 * The lines with their form labels read: each value line marked with the field its label names and the
 * label cell taken off; a label's wrapped rest and a heading wrapped in the label column joined. A document
 * that is no form comes back as it was.
 */
export function readFormLabels(lines: Line[]): Line[] {
  const fields = lines.map((line, k) => (line.cells.length >= 2 ? labelAt(lines, k)?.field : undefined));
  if (new Set(fields.filter(Boolean)).size < MIN_LABELLED) return lines;
  const out: Line[] = [];
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k] as Line;
    const heading = wrappedHeading(lines, k);
    if (heading) {
      out.push(heading);
      k++;
      continue;
    }
    const found = labelAt(lines, k);
    if (!found) {
      out.push(line);
      continue;
    }
    const rests = lines.slice(k + 1, k + found.lines);
    if (line.cells.length > 1) out.push(withoutLabel(line, found.field));
    // The label's rest goes; a value printed beside it stays, unmarked, as the value's next line.
    for (const rest of rests) if (rest.cells.length > 1) out.push(withoutLabel(rest, undefined));
    k += found.lines - 1;
    // A label alone names the value on the next line.
    const next = lines[k + 1];
    if (
      line.cells.length === 1 &&
      rests.every((rest) => rest.cells.length === 1) &&
      next &&
      !labelAt(lines, k + 1) &&
      !sectionOfHeading(next.text)
    ) {
      out.push({ ...next, label: found.field });
      k++;
    }
  }
  return out;
}

/**
 * The label opening line k: its first cell, with the first cells of the next lines it wrapped onto, the
 * longest that is a label ("Desired employment /" over "Occupational field" is one label, not two).
 */
function labelAt(lines: Line[], k: number): { field: FormField; lines: number } | undefined {
  let text = '';
  let found: { field: FormField; lines: number } | undefined;
  for (let n = 0; n < LONGEST_LABEL_LINES; n++) {
    const line = lines[k + n];
    if (!line || line.page !== lines[k]?.page) break;
    text = `${text} ${line.cells[0] ?? ''}`.trim();
    const field = formField(text);
    if (field) found = { field, lines: n + 1 };
  }
  return found;
}

/** A heading the label column broke over two lines ("Personal skills and" over "competences"), joined. */
function wrappedHeading(lines: Line[], k: number): Line | undefined {
  const [line, next] = [lines[k] as Line, lines[k + 1]];
  if (!next || line.cells.length > 1 || next.cells.length > 1 || sectionOfHeading(line.text))
    return undefined;
  if (Math.abs(line.size - next.size) > 0.3 || line.bold !== next.bold || line.page !== next.page)
    return undefined;
  const text = `${line.text} ${next.text}`;
  if (!sectionOfHeading(text)) return undefined;
  return { ...line, text, cells: [text], cellBold: [line.bold] };
}

/** The value part of a labelled line; a value justified to the column's width (one word a cell) is one text. */
function withoutLabel(line: Line, label: FormField | undefined): Line {
  const cells = line.cells.slice(1);
  const cellX = line.cellX.slice(1);
  const justified = cells.length > 2 && cells.every((cell) => !cell.includes(' '));
  const text = cells.join(' ');
  return {
    ...line,
    text,
    cells: justified ? [text] : cells,
    cellX: justified ? cellX.slice(0, 1) : cellX,
    cellBold: line.cellBold.slice(1, justified ? 2 : undefined),
    x: cellX[0] ?? line.x,
    bold: line.cellBold[1] ?? line.bold,
    ...(label ? { label } : {}),
  };
}

/** The fields of a form's entry (a job's, a school's), as against its header's and its languages'. */
const ENTRY_FIELDS = new Set<FormField>(['dates', 'position', 'activities', 'employer', 'business', 'qualification', 'subjects', 'organisation', 'level', 'grade']); // biome-ignore format: word list

/** Whether a section's lines are a form's entries. */
export function isFormSection(lines: Line[]): boolean {
  return lines.filter((line) => line.label && ENTRY_FIELDS.has(line.label)).length >= 2;
}

/**
 * A form's entries: each opens where a field it already has comes again. The head is set in the order the
 * entries are read (job, employer, dates; school, degree with its field, grade, dates), the activities are
 * the body; a line without a label goes on with the field above it.
 */
export function formEntries(lines: Line[]): RawEntry[] {
  const groups: Map<FormField | '', Line[]>[] = [];
  let field: FormField | '' = '';
  for (const line of lines) {
    const current = groups.at(-1);
    if (line.label) field = line.label;
    if (!current || (line.label && current.has(line.label))) groups.push(new Map([[field, [line]]]));
    else if (current.has(field)) current.get(field)?.push(line);
    else current.set(field, [line]);
  }
  return groups.map((group) => {
    const one = (key: FormField, text?: (value: string) => string): Line[] => {
      const [first, ...more] = group.get(key) ?? [];
      if (!first) return [];
      const value = [first, ...more].map((line) => line.cells.join(' ')).join(' ');
      const joined = text ? text(value) : value;
      return [{ ...first, text: joined, cells: [joined], cellX: first.cellX.slice(0, 1), bullet: false }];
    };
    // "Computer Science; Distributed Systems": the field, then courses taken.
    const [covered] = one('subjects');
    const [subjects = '', ...courses] = (covered?.text ?? '').split(/\s*;\s*/);
    const qualification = one('qualification', (degree) =>
      subjects && !/\s(?:in|em)\s/i.test(degree) ? `${degree}, ${subjects}` : degree,
    );
    const head = [
      ...one('position'),
      ...one('employer'),
      ...one('organisation'),
      ...qualification,
      ...one('grade'),
      ...one('dates'),
      ...one('business'),
    ];
    const body = [...(group.get('activities') ?? []), ...(group.get('') ?? [])];
    if (covered) body.push(...courses.map((course) => ({ ...covered, text: course, cells: [course] })));
    return { head, body };
  });
}
