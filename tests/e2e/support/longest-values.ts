import { z } from 'zod';
import {
  type ResumeContent,
  resumeContentSchema,
  resumeSchema,
  sectionTitleSchema,
} from '../../../shared/resume.ts';

/**
 * A resume with the longest value the schema allows in every text field, written in real words (the
 * longest ones a resume meets, in English and Portuguese), one item in every section. Built from the schema
 * itself, so a field added later is filled too. Dates stay valid dates; links, e-mail and phone keep their
 * shape.
 */

const WORDS = [
  'Professional',
  'working',
  'proficiency',
  'Internationalization',
  'Responsabilidades',
  'telecommunications',
  'infrastructure',
  'Desenvolvimento',
  'of',
  'São',
  'Paulo',
  'Administração',
  'and',
  'Interoperability',
  'a',
  'Engenharia',
  'Computação',
  'accessibility',
];

/** Words, then more words, up to `max` characters, cut after a whole word. */
export function words(max: number, separator = ' ', offset = 0): string {
  let text = '';
  for (let k = offset; ; k++) {
    const next = `${text}${text ? separator : ''}${WORDS[k % WORDS.length]}`;
    if (next.length > max) return text;
    text = next;
  }
}

function url(max: number): string {
  const start = 'https://www.example.com.br/';
  return `${start}${words(max - start.length, '-')}`;
}

/** The longest value of one string field, by its name and length limit. */
function longest(name: string, max: number, offset: number): string {
  if (name === 'id') return `longest-${offset}`;
  // Stored dates are `YYYY-MM` (32 characters allowed for imported shapes); a custom item's date is free text.
  if (/date$/i.test(name) && max <= 32) return name.startsWith('end') ? '2024-11' : '2019-03';
  if (name === 'url' || name === 'photo') return name === 'photo' ? '' : url(max);
  if (name === 'email') {
    const domain = '@telecommunications-department.example.com.br';
    return `${words(64, '.', offset)
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')}${domain}`;
  }
  if (name === 'phone') return '+55 (11) 98765-4321 ramal 4321 ext 1234'.slice(0, max);
  return words(max, ' ', offset);
}

function maxOf(schema: z.ZodType): number | null {
  let inner: unknown = schema;
  while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional) {
    inner = (inner as z.ZodDefault<z.ZodType>).unwrap();
  }
  return inner instanceof z.ZodString ? (inner.maxLength ?? null) : null;
}

/** An object of one item schema with every string field at its longest. */
function fill(schema: z.ZodObject, offset: number): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema.shape).flatMap(([name, field], k) => {
      const max = maxOf(field as z.ZodType);
      return max === null ? [] : [[name, longest(name, max, offset + k)]];
    }),
  );
}

function itemSchema(list: z.ZodType): z.ZodObject {
  let inner: unknown = list;
  while (!(inner instanceof z.ZodArray)) {
    if (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional) inner = inner.unwrap();
    else if (inner instanceof z.ZodPipe) inner = inner.out;
    else throw new Error('not a list schema');
  }
  return (inner as z.ZodArray<z.ZodObject>).element;
}

const shape = resumeSchema.shape;
const lists = [
  'experience',
  'education',
  'skills',
  'links',
  'projects',
  'certifications',
  'languages',
  'awards',
  'volunteering',
] as const;

const customSection = itemSchema(shape.customSections);

/** The Simple template printed this one letter per line (issue 22, item 6). */
const fluencyOfTheIssue = {
  id: 'issue-22',
  language: 'Portuguese',
  fluency: 'Professional working proficiency',
};

export const longestValuesResume: ResumeContent = resumeContentSchema.parse({
  title: words(200),
  personalInfo: fill(itemOf(shape.personalInfo), 0),
  ...Object.fromEntries(lists.map((name, k) => [name, [fill(itemSchema(shape[name]), k * 3)]])),
  languages: [fluencyOfTheIssue, fill(itemSchema(shape.languages), 20)],
  customSections: [
    {
      ...fill(customSection, 40),
      items: [fill(itemSchema(customSection.shape.items), 41)],
    },
  ],
  sectionTitle: fill(sectionTitleSchema, 50),
});

function itemOf(schema: z.ZodType): z.ZodObject {
  let inner: unknown = schema;
  while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional) inner = inner.unwrap();
  return inner as z.ZodObject;
}
