import { describe, expect, it } from '@jest/globals';
import { formEntries, formField, readFormLabels } from './form.ts';
import type { Line } from './lines.ts';

/** A line of far-apart cells (a label, then its value), one a row. */
function line(cells: string[], options: Partial<Line> = {}): Line {
  return {
    text: cells.join(' '),
    cells,
    cellX: cells.map((_c, k) => (k === 0 ? 60 : 220 + (k - 1) * 40)),
    cellBold: cells.map(() => false),
    bullet: false,
    bold: false,
    heading: false,
    size: 10,
    font: '',
    x: 60,
    right: 500,
    page: 1,
    column: 0,
    limit: 560,
    geometry: true,
    link: '',
    ...options,
  };
}

/** A Europass job: its labels, one wrapped over two lines, beside the values. */
const job = [
  line(['Dates', 'March 2020 – April 2025']),
  line(['Occupation or position held', 'Registered Nurse, Medical ICU']),
  line(['Main activities and', 'Cared for 2 critically ill patients per shift']),
  line(['responsibilities', 'Precepted 12 new graduate nurses']),
  line(['Name and address of employer', 'St. David’s Medical Center, Austin, TX']),
];

describe('formField', () => {
  it.each([
    ['Occupation or position held', 'position'],
    ['Name and address of employer', 'employer'],
    ['Title of qualification awarded', 'qualification'],
    ['Função ou cargo ocupado', 'position'],
    ['Língua(s) materna(s)', 'motherTongue'],
    ['Other language(s)', 'otherLanguages'],
  ])('%s names the %s', (label, field) => {
    expect(formField(label)).toBe(field);
  });

  it('names nothing for ordinary text', () => {
    expect(formField('Registered Nurse')).toBeUndefined();
  });
});

describe('readFormLabels', () => {
  it('takes the labels off and marks each value with what its label names', () => {
    const lines = readFormLabels(job);

    expect(lines.map((l) => [l.label ?? '', l.text])).toEqual([
      ['dates', 'March 2020 – April 2025'],
      ['position', 'Registered Nurse, Medical ICU'],
      ['activities', 'Cared for 2 critically ill patients per shift'],
      ['', 'Precepted 12 new graduate nurses'],
      ['employer', 'St. David’s Medical Center, Austin, TX'],
    ]);
    expect(lines[0]?.x).toBe(220);
  });

  it('reads a value the form justified, one word a cell, as one text', () => {
    const lines = readFormLabels([
      ...job,
      line(['Main activities and', 'Monitored', 'telemetry', 'and', 'managed', 'drips']),
      line(['responsibilities']),
    ]);

    expect(lines.at(-1)?.cells).toEqual(['Monitored telemetry and managed drips']);
  });

  it('joins a heading the label column wrapped', () => {
    const lines = readFormLabels([...job, line(['Personal skills and']), line(['competences'])]);

    expect(lines.at(-1)?.text).toBe('Personal skills and competences');
  });

  it('leaves a document that is no form as it was', () => {
    const lines = [line(['Dates', '2020 – 2021']), line(['Senior Engineer', 'Acme Corp'])];

    expect(readFormLabels(lines)).toBe(lines);
  });
});

describe('formEntries', () => {
  it('opens an entry where a field comes again and sets the head job, employer, dates', () => {
    const lines = readFormLabels([...job, ...job]);

    const entries = formEntries(lines);

    expect(entries).toHaveLength(2);
    expect(entries[0]?.head.map((l) => l.text)).toEqual([
      'Registered Nurse, Medical ICU',
      'St. David’s Medical Center, Austin, TX',
      'March 2020 – April 2025',
    ]);
    expect(entries[0]?.body.map((l) => l.text)).toEqual([
      'Cared for 2 critically ill patients per shift',
      'Precepted 12 new graduate nurses',
    ]);
  });

  it('gives a degree without a field the subjects covered, the courses after them to the body', () => {
    const lines = readFormLabels([
      line(['Dates', 'September 2012 – June 2014']),
      line(['Title of qualification awarded', 'Master of Science']),
      line(['Principal subjects / occupational', 'Computer Science; Distributed Systems']),
      line(['skills covered']),
      line(['Name and type of organisation', 'University of Washington']),
      line(['providing education and training']),
    ]);

    const [school] = formEntries(lines);

    expect(school?.head.map((l) => l.text)).toEqual([
      'University of Washington',
      'Master of Science, Computer Science',
      'September 2012 – June 2014',
    ]);
    expect(school?.body.map((l) => l.text)).toEqual(['Distributed Systems']);
  });
});
