import { parse } from 'csv-parse/sync';
import type { ResumeLanguage } from '#shared/resume';
import type { JsonResume } from '../json-resume/document.ts';
import { fromJsonResume } from '../json-resume/from-json-resume.ts';
import { readZip } from './files.ts';
import { ImportError, type ParsedResume } from './types.ts';

/**
 * LinkedIn's data export ("Get a copy of your data"): a ZIP of CSV files. Only the profile files are read;
 * any of them may be missing and any column may be empty, which is normal, not an error. A ZIP without any
 * profile file is not a LinkedIn export (IMPORT_NOT_LINKEDIN).
 */

type Row = Record<string, string>;

/** The export's files this importer reads, by their name in the archive (folders ignored). */
const files = [
  'Profile.csv',
  'Positions.csv',
  'Education.csv',
  'Skills.csv',
  'Email Addresses.csv',
  'PhoneNumbers.csv',
  'Languages.csv',
  'Certifications.csv',
  'Projects.csv',
  'Honors.csv',
  'Volunteering.csv',
] as const;
type ExportFile = (typeof files)[number];

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** One CSV file's rows keyed by header; a file that does not parse counts as missing. */
function rowsOf(bytes: Buffer | undefined): Row[] {
  if (!bytes) return [];
  try {
    const rows = parse(bytes, {
      columns: (header: string[]) => header.map((h) => h.trim()),
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true,
      trim: true,
    }) as Row[];
    return rows.filter((row) => Object.values(row).some((v) => v));
  } catch {
    return [];
  }
}

const col = (row: Row | undefined, ...names: string[]) => {
  for (const name of names) {
    const value = row?.[name]?.trim();
    if (value) return value;
  }
  return '';
};

/** Month names LinkedIn writes dates with (`Jan 2020`), in the export's languages. */
const months = [
  ['jan'],
  ['feb', 'fev'],
  ['mar'],
  ['apr', 'abr'],
  ['may', 'mai'],
  ['jun'],
  ['jul'],
  ['aug', 'ago'],
  ['sep', 'set'],
  ['oct', 'out'],
  ['nov'],
  ['dec', 'dez'],
];

/** `Jan 2020`, `01/2020` or `2020` to JSON Resume's `2020-01` / `2020`; anything else is left out. */
function isoDate(value: string): string | undefined {
  const text = value.trim().toLowerCase();
  const year = text.match(/\b(19|20)\d{2}\b/)?.[0];
  if (!year) return undefined;
  const numeric = text.match(/\b(0?[1-9]|1[0-2])\/(19|20)\d{2}\b/)?.[1];
  const named = months.findIndex((names) => names.some((n) => new RegExp(`\\b${n}`).test(text)));
  const month = numeric ? Number(numeric) : named + 1;
  return month > 0 ? `${year}-${String(month).padStart(2, '0')}` : year;
}

const urlsIn = (text: string) => text.match(/https?:\/\/[^\s,\]]+/g) ?? [];

const networkOf = (url: string) => {
  if (/linkedin\.com/i.test(url)) return 'LinkedIn';
  if (/github\.com/i.test(url)) return 'GitHub';
  return 'Website';
};

/** LinkedIn's five proficiency levels, to the editor's fluency choices. */
function fluencyOf(proficiency: string): string {
  const p = proficiency.toLowerCase();
  if (p.includes('native') || p.includes('nativ') || p.includes('bilingu')) return 'native';
  if (p.includes('full professional') || p.includes('profissional completo')) return 'fluent';
  if (p.includes('professional working') || p.includes('profissional')) return 'advanced';
  if (p.includes('limited') || p.includes('limitad')) return 'intermediate';
  if (p.includes('elementary') || p.includes('elementar') || p.includes('básic')) return 'basic';
  return proficiency;
}

/** Read a LinkedIn data-export ZIP into a resume; `language` sets section titles and page size. */
export async function parseLinkedInExport(
  bytes: Uint8Array,
  language: ResumeLanguage = 'en',
): Promise<ParsedResume> {
  const wanted = new Set<string>(files);
  const entries = await readZip(bytes, { keep: (name) => wanted.has(baseName(name)) });
  const byName = new Map([...entries].map(([path, data]) => [baseName(path) as ExportFile, data]));
  if (byName.size === 0) {
    throw new ImportError('IMPORT_NOT_LINKEDIN', 'The archive holds none of the LinkedIn profile files.');
  }
  const read = (file: ExportFile) => rowsOf(byName.get(file));

  const profile = read('Profile.csv')[0];
  const emails = read('Email Addresses.csv');
  const primaryEmail = emails.find((r) => /yes|sim|true/i.test(col(r, 'Primary'))) ?? emails[0];
  const phone = read('PhoneNumbers.csv')[0];
  const dates = (r: Row, start: string, end: string) => ({
    startDate: isoDate(col(r, start)),
    endDate: isoDate(col(r, end)),
  });

  // Mapped to a JSON Resume document, so one mapper (with its limits and language defaults) makes the resume.
  const document: JsonResume = {
    basics: {
      name: `${col(profile, 'First Name')} ${col(profile, 'Last Name')}`.trim(),
      label: col(profile, 'Headline'),
      email: col(primaryEmail, 'Email Address'),
      phone: col(phone, 'Number'),
      summary: col(profile, 'Summary'),
      location: { city: col(profile, 'Geo Location', 'Location', 'Address') },
      profiles: urlsIn(col(profile, 'Websites')).map((url) => ({ network: networkOf(url), url })),
    },
    work: read('Positions.csv').map((r) => ({
      name: col(r, 'Company Name'),
      position: col(r, 'Title'),
      location: col(r, 'Location'),
      summary: col(r, 'Description'),
      ...dates(r, 'Started On', 'Finished On'),
    })),
    education: read('Education.csv').map((r) => ({
      institution: col(r, 'School Name'),
      studyType: col(r, 'Degree Name'),
      ...dates(r, 'Start Date', 'End Date'),
    })),
    skills: read('Skills.csv').map((r) => ({ name: col(r, 'Name') })),
    languages: read('Languages.csv').map((r) => ({
      language: col(r, 'Name'),
      fluency: fluencyOf(col(r, 'Proficiency')),
    })),
    certificates: read('Certifications.csv').map((r) => ({
      name: col(r, 'Name'),
      issuer: col(r, 'Authority'),
      url: col(r, 'Url') || undefined,
      date: isoDate(col(r, 'Started On')),
    })),
    projects: read('Projects.csv').map((r) => ({
      name: col(r, 'Title'),
      description: col(r, 'Description'),
      url: col(r, 'Url') || undefined,
      ...dates(r, 'Started On', 'Finished On'),
    })),
    awards: read('Honors.csv').map((r) => ({
      title: col(r, 'Title'),
      summary: col(r, 'Description'),
      date: isoDate(col(r, 'Issued On')),
    })),
    volunteer: read('Volunteering.csv').map((r) => ({
      organization: col(r, 'Company Name'),
      position: col(r, 'Role'),
      summary: col(r, 'Description'),
      ...dates(r, 'Started On', 'Finished On'),
    })),
  };
  const content = fromJsonResume(document, { language });
  const hasContent =
    content.personalInfo.firstName || content.experience.length > 0 || content.education.length > 0;
  if (!hasContent) {
    throw new ImportError('IMPORT_NOT_LINKEDIN', 'The export holds no profile, positions or education.');
  }
  return { content, language, uncertain: [] };
}
