import {
  builtInSections,
  CUSTOM_SECTION_PREFIX,
  defaultPageSize,
  defaultSectionTitles,
  defaultSectionTitlesPtBr,
  MAX_LIST_ITEMS,
  type ResumeContent,
  type ResumeLanguage,
  resumeContentSchema,
  type SectionKey,
} from '#shared/resume';
import { templateStrings } from '#shared/templates/strings';
import { degreeChoiceFor, fieldChoiceFor, fluencyChoiceFor, skillLevelFor } from '../json-resume/choices.ts';
import { type FoundLink, findEmail, findPhone, findUrl, linkOf } from './contact.ts';
import { findDateRange, fold } from './dates.ts';
import { descriptionOf, type EntryParts, partsOf, splitEntries } from './entries.ts';
import type { FormField } from './form.ts';
import { sectionOfHeading } from './headings.ts';
import { detectLanguage } from './language.ts';
import { type Line, prepareLines, runningLines, wrapsInto } from './lines.ts';
import {
  COMPANY_WORDS,
  experienceRoles,
  type HeadRoles,
  isPlace,
  JOB_WORDS,
  resolveSection,
} from './roles.ts';
import { bodySize, type Section, splitSections } from './sections.ts';
import type { ParsedResume, TextDocument } from './types.ts';

/**
 * A resume's text, laid out, read into our resume model: deterministic rules, no network. The header
 * gives the name (the largest text near the top), the job title and the contact details; each headed
 * section is read by its kind; `uncertain` lists what was guessed.
 */

type Content = Record<string, unknown> & { personalInfo: Record<string, string> };

interface State {
  content: Content;
  uncertain: string[];
  links: FoundLink[];
  order: SectionKey[];
  language: ResumeLanguage;
  /** Lines the header took (a name found inside a section), which the sections leave out. */
  used: Set<Line>;
}

/** Parse a document's lines into resume content, its language and the fields it is unsure of. */
export function parseResume(doc: TextDocument): ParsedResume {
  const lines = prepareLines(doc);
  const sections = splitSections(lines);
  const language = detectLanguage(lines, sections);
  const state: State = {
    content: { personalInfo: {} },
    uncertain: [],
    links: [],
    order: [],
    language,
    used: new Set(),
  };
  readHeader(state, sections, lines);
  for (const section of sections) {
    readSection(state, { ...section, lines: section.lines.filter((l) => !state.used.has(l)) });
  }
  findMissingContact(state, lines);
  readRunningContact(state, doc);
  return { content: finish(state), language, uncertain: [...new Set(state.uncertain)] };
}

// ---------------------------------------------------------------------------------------------------------
// Header: name, job title, contact.

const NAME = /^[\p{Lu}][\p{L}'’.-]*(?:\s+[\p{L}][\p{L}'’.-]*){1,4}$/u;

const ONE_WORD = /^[\p{Lu}][\p{L}'’.-]+$/u;
/** The rest of a name stacked under its first word: one to three capitalised words. */
const NAME_REST = /^[\p{Lu}][\p{L}'’.-]+(?:\s+[\p{Lu}][\p{L}'’.-]+){0,2}$/u;

/** "Angela Morales | Registered Nurse": a name and the job title printed beside it. */
function nameAndTitle(text: string): { name: string; title: string } {
  const split = /^(.+?)\s+[|·•–—]\s+(.+)$/.exec(text);
  // Not "Emergency Department Nurse — Harborview Medical Center": a job and its employer.
  const name = split?.[1] ?? '';
  if (split?.[2] && NAME.test(personName(name)) && !JOB_WORDS.test(name) && !COMPANY_WORDS.test(name)) {
    return { name, title: split[2] };
  }
  return { name: text, title: '' };
}

/** What a resume calls itself ("Curriculum Vitae", "Europass", "Currículo"): never the person's name. */
const DOCUMENT_TITLE = /^(?:curriculum vitae|curriculum|europass|resume|resumé|currículo|curriculo|cv)\b/;

/** A form of address before a name ("Dr.", "Prof.ª") and letters after it (", PhD", " MBA"): not the name. */
const HONORIFIC = /^(?:dr|dra|prof|profa|prof\.ª|mr|mrs|ms|mx|sr|sra|srta)\.?\s+/i;
const CREDENTIALS =
  /(?:,?\s+(?:ph\.?\s?d|m\.?d|mba|rn|bsn|msn|cpa|pmp|p\.?e|esq|jr|sr|ii|iii|m\.?sc?|b\.?sc?))+\.?$/i;

/** The name a line prints, without its form of address or credentials. */
function personName(text: string): string {
  return text.trim().replace(HONORIFIC, '').replace(CREDENTIALS, '').trim();
}

function readHeader(state: State, sections: Section[], lines: Line[]): void {
  const header = sections[0]?.lines ?? [];
  const firstPage = lines.filter((l) => l.page === 1).slice(0, 40);
  // A name set large one word to a line ("Angela" over "Morales"): its first line stands for it.
  const stackedFirst = (l: Line) => {
    const next = lines[lines.indexOf(l) + 1];
    return (
      ONE_WORD.test(l.text) &&
      next !== undefined &&
      NAME_REST.test(next.text) &&
      Math.abs(next.size - l.size) < 0.3 &&
      next.bold === l.bold &&
      l.size >= bodySize(lines) * 1.5
    );
  };
  const candidates = [...new Set([...header, ...firstPage])].filter(
    (l) =>
      (NAME.test(personName(l.text)) ||
        (header.includes(l) && nameAndTitle(l.text).title !== '') ||
        stackedFirst(l)) &&
      l.cells.length === 1 &&
      !sectionOfHeading(l.text) &&
      !DOCUMENT_TITLE.test(fold(l.text).trim()),
  );
  // The largest; among equals, the one the e-mail or a link spells, then a bold one, then the header's.
  const contact = fold(lines.map((l) => l.text).join(' ')).match(/[\w.+-]+@[\w.-]+|[\w.-]+\.\w+\/[\w/.-]+/g);
  const spelled = (line: Line) => {
    const letters = fold(line.text).replace(/[^a-z]/g, '');
    return letters.length >= 4 && (contact ?? []).some((c) => c.replace(/[^a-z]/g, '').includes(letters));
  };
  const rank = (line: Line) => [
    Math.round(line.size * 2),
    spelled(line) ? 1 : 0,
    line.bold ? 1 : 0,
    header.includes(line) ? 1 : 0,
  ];
  // A form says which line is the name ("Name / Surname"); else the ranking does.
  const name =
    firstPage.find((l) => l.label === 'name') ??
    [...candidates].sort((a, b) => {
      const [ra, rb] = [rank(a), rank(b)];
      const k = ra.findIndex((v, i) => v !== rb[i]);
      return k < 0 ? 0 : (rb[k] ?? 0) - (ra[k] ?? 0);
    })[0];
  const info = state.content.personalInfo;
  // A long name the column broke over two lines set alike ("Morgan Castellanos-" over "Whitaker").
  const nameRest = name ? lines[lines.indexOf(name) + 1] : undefined;
  const wrapped =
    name &&
    nameRest &&
    nameRest.column === name.column &&
    nameRest.page === name.page &&
    Math.abs(nameRest.size - name.size) < 0.3 &&
    nameRest.bold === name.bold &&
    nameRest.cells.length === 1 &&
    (/-$/.test(name.text) ||
      (ONE_WORD.test(name.text) && NAME_REST.test(nameRest.text)) ||
      (!nameRest.text.includes(' ') && !JOB_WORDS.test(nameRest.text) && wrapsInto(name, nameRest))) &&
    NAME.test(`${name.text} ${nameRest.text}`.replace(/-\s/, '-')) &&
    `${name.text} ${nameRest.text}`.split(/\s+/).length <= 5
      ? nameRest
      : undefined;
  const printed =
    wrapped && name
      ? `${name.text} ${wrapped.text}`.replace(/-\s/, '-')
      : name && nameAndTitle(name.text).name;
  const nameText = printed === undefined ? undefined : personName(printed);
  if (wrapped) state.used.add(wrapped);
  if (name && nameText) {
    const words = titleCaseName(nameText).split(/\s+/);
    info.firstName = words[0] ?? '';
    info.lastName = words.slice(1).join(' ');
    if (!header.includes(name) && name !== header[0]) state.uncertain.push('personalInfo.firstName');
  }
  const besideName = name ? nameAndTitle(name.text).title : '';
  if (besideName) info.jobTitle = besideName;
  const desired = firstPage.find((l) => l.label === 'desired');
  if (desired && !info.jobTitle) {
    info.jobTitle = desired.text;
    state.used.add(desired);
  }
  const rest = header.filter((l) => l !== name && l !== wrapped);
  const afterName = name ? lines[lines.indexOf(wrapped ?? name) + 1] : undefined;
  if (
    !info.jobTitle &&
    afterName &&
    isJobTitle(afterName) &&
    // Below the name in its column, but not the heading of the section under the header ("CONTACT").
    (rest.includes(afterName) || (afterName.column === name?.column && !sectionOfHeading(afterName.text)))
  ) {
    info.jobTitle = afterName.text;
    state.used.add(afterName);
  }
  if (name) state.used.add(name);
  readContactLines(
    state,
    rest.filter((l) => l !== afterName || !info.jobTitle),
  );
}

function titleCaseName(text: string): string {
  if (text !== text.toUpperCase()) return text;
  return text
    .toLowerCase()
    .replace(/(^|[\s'-])(\p{L})/gu, (_m, sep: string, c: string) => sep + c.toUpperCase());
}

function isJobTitle(line: Line): boolean {
  return (
    line.cells.length === 1 &&
    !/^\d/.test(line.text) &&
    !findDateRange(line.text) &&
    !findEmail(line.text) &&
    !findPhone(line.text) &&
    !findUrl(line.text) &&
    line.text.split(' ').length <= 10 &&
    !/[.:]$/.test(line.text)
  );
}

/** A form's contact fields as the labels below name them. */
const FORM_CONTACT: Partial<Record<FormField, string>> = {
  address: 'address',
  phone: 'phone',
  email: 'email',
  website: 'website',
};

const LABELS: Record<string, 'email' | 'phone' | 'city' | 'region' | 'skip'> = {
  email: 'email',
  'e-mail': 'email',
  mail: 'email',
  phone: 'phone',
  telephone: 'phone',
  mobile: 'phone',
  cell: 'phone',
  telefone: 'phone',
  celular: 'phone',
  whatsapp: 'phone',
  location: 'city',
  address: 'city',
  city: 'city',
  localizacao: 'city',
  endereco: 'city',
  cidade: 'city',
  local: 'city',
  region: 'region',
  state: 'region',
  estado: 'region',
  country: 'skip',
  pais: 'skip',
};

/** Contact lines: labelled ("EMAIL" above its value, "Phone: …") or parts joined by separators. */
function readContactLines(state: State, lines: Line[]): void {
  const info = state.content.personalInfo;
  let label = '';
  const leftovers: Line[] = [];
  for (const line of joinBrokenWords(lines)) {
    const own = fold(line.text.replace(/:$/, ''));
    if (LABELS[own] || isLinkLabel(own)) {
      label = own;
      continue;
    }
    if (line.label) label = FORM_CONTACT[line.label] ?? label;
    // A label in the line's first cell, its value in the next ("City | Oakland", a theme's location rows).
    const lead = fold(line.cells[0] ?? '');
    const cells = line.cells.length > 1 && LABELS[lead] ? line.cells.slice(1) : line.cells;
    if (cells !== line.cells) label = lead;
    const parts = cells.flatMap((c) => c.split(/\s+[·|•]\s+|\s{2,}/)).map((p) => p.trim());
    let used = false;
    for (const raw of parts) {
      const [, prefix = '', value = raw] = /^([\p{L} -]{2,20}):\s*(.+)$/u.exec(raw) ?? [];
      used = readContactPart(state, value, fold(prefix) || label) || used;
    }
    label = '';
    if (!used) leftovers.push(line);
  }
  if (!info.jobTitle) {
    const title = leftovers.find(
      (l) => isJobTitle(l) && !isPlace(l.text) && !DOCUMENT_TITLE.test(fold(l.text).trim()),
    );
    if (title) {
      info.jobTitle = title.text;
      state.uncertain.push('personalInfo.jobTitle');
    }
  }
  const prose = leftovers.filter((l) => l.text.split(' ').length > 8);
  if (prose.length > 0 && !info.summary) {
    info.summary = descriptionOf(prose);
    state.uncertain.push('personalInfo.summary');
  }
}

/** An address a narrow sidebar broke after a hyphen or dot ("morgan.castellanos-" over "whitaker@…"). */
function joinBrokenWords(lines: Line[]): Line[] {
  const out: Line[] = [];
  for (const line of lines) {
    const prev = out.at(-1);
    const whole = prev !== undefined && !prev.text.includes(' ') && !line.text.includes(' ');
    // Broken inside a word ("daniel.whitaker@exampl" over "e.com"): the first line's address has no domain yet.
    // Or at the column's edge, a short rest in lower case going on ("rafael.costa@example.co" over "m").
    const inWord =
      whole &&
      prev.text.includes('@') &&
      findEmail(prev.text + line.text) === (prev.text + line.text).replace(/^@/, '') &&
      (!findEmail(prev.text) || (wrapsInto(prev, line) && /^[\p{Ll}\d.]{1,8}$/u.test(line.text)));
    if (prev && whole && (/[-._/]$/.test(prev.text) || inWord)) {
      const text = prev.text + line.text;
      out[out.length - 1] = { ...prev, text, cells: [text] };
    } else out.push(line);
  }
  return out;
}

function isLinkLabel(label: string): boolean {
  return /^(linkedin|github|website|site|portfolio|portfolio|twitter|x|behance|dribbble|gitlab|blog|web)$/.test(
    label,
  );
}

function readContactPart(state: State, text: string, label: string): boolean {
  const info = state.content.personalInfo;
  if (LABELS[label] === 'skip') return true;
  // The region completes a town read from its own label ("Oakland" → "Oakland, CA").
  if (LABELS[label] === 'region') {
    if (info.city && !info.city.includes(',')) info.city = `${info.city}, ${text}`;
    return true;
  }
  const email = findEmail(text);
  if (email) {
    info.email ||= email;
    return true;
  }
  const url = findUrl(text);
  if (url && url.length >= text.length - 2) {
    state.links.push(linkOf(url, isLinkLabel(label) ? label : ''));
    return true;
  }
  const phone = findPhone(text);
  if (phone && (LABELS[label] === 'phone' || phone.length >= text.length - 2)) {
    info.phone ||= phone;
    return true;
  }
  const address = /^\d+\s[^,]+,\s*([^,]+,\s*[\p{L} ]{2,})$/u.exec(text);
  if (address?.[1] && !info.city) {
    info.city = address[1];
    state.uncertain.push('personalInfo.city');
    return true;
  }
  // A job title with a comma ('Registered Nurse, ICU') reads like a town and its region: a place names no job.
  if (LABELS[label] === 'city' || (isPlace(text) && !info.city)) {
    info.city ||= text;
    if (LABELS[label] !== 'city') state.uncertain.push('personalInfo.city');
    return true;
  }
  return false;
}

/**
 * Contact details a running foot (or head) repeats on every page, where the header printed none: the first
 * page's margin lines that hold an e-mail, a phone number or an address, read part by part (a place, a
 * phone, a site), nothing else of them (a page number).
 */
function readRunningContact(state: State, doc: TextDocument): void {
  const info = state.content.personalInfo;
  if (info.phone && info.city && state.links.length > 0) return;
  const running = [...runningLines(doc)].filter((line) => line.page === 1);
  if (running.length === 0) return;
  const lines = prepareLines({ ...doc, pages: 1, lines: running });
  const contact = lines.some((line) => findEmail(line.text) || findPhone(line.text) || findUrl(line.text));
  if (!contact) return;
  const known = new Set(state.links.map((link) => link.url));
  for (const line of lines) {
    // "Austin, TX – United States": the town apart from its country.
    for (const part of line.cells.flatMap((cell) => cell.split(/\s+[·|•–—]\s+|\s{2,}/))) {
      const text = part.trim();
      const url = findUrl(text);
      if (url && known.has(linkOf(url).url)) continue;
      readContactPart(state, text, '');
    }
  }
}

/** E-mail and phone printed anywhere (a footer, a sidebar without a heading) when the header had none. */
function findMissingContact(state: State, lines: Line[]): void {
  const info = state.content.personalInfo;
  for (const line of lines) {
    if (!info.email) info.email = findEmail(line.text);
    if (!info.phone && /^[+(\d]/.test(line.text) && line.text.length < 30) info.phone = findPhone(line.text);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Sections.

/** A line that is only an e-mail, a phone number, a web address or a place. */
function isContactLine(line: Line): boolean {
  const text = line.text.trim();
  const whole = (found: string) => found !== '' && found.length >= text.replace(/^\S+:\s*/, '').length - 2;
  return (
    text.split(' ').length <= 6 &&
    (whole(findEmail(text)) ||
      whole(findPhone(text)) ||
      whole(findUrl(text)) ||
      isPlace(text.replace(/ [A-Z]{2}$/, '')))
  );
}

function readSection(state: State, whole: Section): void {
  const c = state.content;
  const spoken = formLanguages(whole.lines);
  if (spoken.length > 0) {
    c.languages = [...list(c.languages), ...readFormLanguages(spoken)];
    note(state, 'languages');
  }
  const section = { ...whole, lines: whole.lines.filter((l) => !spoken.includes(l)) };
  if (section.kind === 'header' || section.lines.length === 0) return;
  switch (section.kind) {
    case 'contact':
    case 'links':
      readContactLines(state, section.lines);
      return;
    case 'summary': {
      // A sidebar's "About" often holds the contact details with the profile text.
      const lines = joinBrokenWords(section.lines);
      const contact = lines.filter(isContactLine);
      if (contact.length > 0) readContactLines(state, contact);
      const prose = lines.filter((l) => !contact.includes(l));
      if (prose.length > 0) c.personalInfo.summary = descriptionOf(prose);
      note(state, 'objectives');
      return;
    }
    case 'skills':
      c.skills = [...list(c.skills), ...readSkills(section.lines)];
      note(state, 'skills');
      return;
    case 'languages':
      c.languages = [...list(c.languages), ...readLanguages(section.lines)];
      note(state, 'languages');
      return;
    case 'custom':
      readCustom(state, section);
      return;
    default:
      readEntries(state, section.kind, section.lines);
  }
}

/** A form's languages: the lines its "Mother tongue" and "Other language(s)" label, and those that go on under them. */
function formLanguages(lines: Line[]): Line[] {
  const out: Line[] = [];
  let open = false;
  for (const line of lines) {
    if (line.label) open = line.label === 'motherTongue' || line.label === 'otherLanguages';
    else if (line.cells.length > 1) open = false;
    if (open) out.push(line);
  }
  return out;
}

function readFormLanguages(lines: Line[]): Record<string, string>[] {
  let native = false;
  return lines.flatMap((line) => {
    if (line.label) native = line.label === 'motherTongue';
    return readLanguages([line]).map((l) => ({ ...l, fluency: l.fluency || (native ? 'native' : '') }));
  });
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const id = () => crypto.randomUUID();

function note(state: State, key: SectionKey): void {
  if (!state.order.includes(key)) state.order.push(key);
}

type EntryKind = 'experience' | 'education' | 'projects' | 'certifications' | 'awards' | 'volunteering';

function readEntries(state: State, kind: EntryKind, lines: Line[]): void {
  const items = splitEntries(lines).map(partsOf);
  const existing = list(state.content[kind]);
  const roles = resolveSection(items.map((parts) => experienceRoles(parts.texts)));
  const slot = kind === 'education' ? sectionSchoolSlot(items.map((parts) => parts.texts)) : undefined;
  const made = items.map((parts, k) =>
    entryOf(state, kind, parts, existing.length + k, roles[k] as HeadRoles, slot),
  );
  state.content[kind] = [...existing, ...made];
  note(state, kind);
}

function entryOf(
  state: State,
  kind: EntryKind,
  p: EntryParts,
  index: number,
  roles: HeadRoles,
  slot?: SchoolSlot,
): Record<string, unknown> {
  const [first = '', second = '', ...more] = p.texts;
  const dates = {
    startDate: p.dates?.start ?? '',
    endDate: p.dates?.end ?? '',
    current: p.dates?.current ?? false,
  };
  switch (kind) {
    case 'experience': {
      const { position, company, sure } = roles;
      if (!sure) state.uncertain.push(`experience.${index}.company`, `experience.${index}.position`);
      const description = [roles.rest.join(' · '), p.description].filter(Boolean).join('\n');
      const location = p.location || roles.location;
      return { id: id(), position, company, location, url: p.url, ...dates, description };
    }
    case 'education': {
      // A school's one date is when it ended ("Graduated May 2020").
      const single = p.dates && !p.dates.end && !p.dates.current;
      const when = single ? { ...dates, startDate: '', endDate: dates.startDate } : dates;
      const { printed, description } = p.dates
        ? (fieldOverDegree(p.texts, p.body, slot) ?? degreeOpeningDescription(p.texts, p.description, slot))
        : { printed: p.texts, description: p.description };
      return {
        id: id(),
        ...educationOf(printed, slot),
        location: p.location,
        url: p.url,
        ...when,
        description,
      };
    }
    case 'projects': {
      // "Name: what it is" or "Name — what it is.": the name, and the rest is the description.
      const [name = '', about = ''] = nameAndAbout(first, second);
      const role = about ? '' : second;
      const description = [about, ...(about ? [] : more), p.description].filter(Boolean).join('\n');
      return { id: id(), name, role, url: p.url, ...dates, description };
    }
    case 'certifications': {
      const [name, issuer] = second ? [first, second] : nameAndIssuer(first);
      return { id: id(), name, issuer, date: p.dates?.start ?? '', url: p.url };
    }
    case 'awards':
      return {
        id: id(),
        title: first,
        awarder: second,
        date: p.dates?.start ?? '',
        description: p.description,
      };
    case 'volunteering': {
      const { position, company } = roles;
      return {
        id: id(),
        position,
        organization: company,
        url: p.url,
        ...dates,
        description: p.description,
      };
    }
  }
}

/** A project's one line cut into its name and what it is ("OpenType Kit: a generator for…"). */
function nameAndAbout(first: string, second: string): [string, string] {
  if (second && /[.!]$/.test(second) && second.split(/\s+/).length >= 4) return [first, second];
  const colon = /^([^:]{2,60}):\s+(.{12,})$/.exec(first);
  if (colon?.[1] && colon[2] && colon[1].split(/\s+/).length <= 7) return [colon[1].trim(), colon[2].trim()];
  return [first, ''];
}

/** "Name, Issuer" or "Name - Issuer" printed as one text: cut at the last comma, else the last dash. */
function nameAndIssuer(text: string): [string, string] {
  const comma = text.lastIndexOf(', ');
  const dash = Math.max(text.lastIndexOf(' - '), text.lastIndexOf(' – '), text.lastIndexOf(' — '));
  const at = Math.max(comma, dash);
  if (at <= 0) return [text, ''];
  const issuer = text.slice(at + (at === comma ? 2 : 3)).trim();
  if (!issuer || issuer.split(/\s+/).length > 8) return [text, ''];
  return [text.slice(0, at).trim(), issuer];
}

const SCHOOL_WORDS =
  /\b(university|universit[yé]|college|institute|school|academy|polytechnic|universidade|faculdade|instituto|escola|centro universit[aá]rio|col[eé]gio|senai|senac|fatec|etec|puc|usp|unicamp|ufrj|ufmg)\b/i;
const DEGREE_WORDS =
  /\b(bachelor|master|associate|ph\.?d|doctor|mba|b\.?sc?|m\.?sc?|b\.?a|m\.?a|b\.?eng|diploma|certificate|degree|bacharelado|licenciatura|mestrado|doutorado|tecn[oó]logo|t[eé]cnico|p[oó]s-gradua[cç][aã]o|especializa[cç][aã]o|gradua[cç][aã]o|certificado|ensino m[eé]dio|high school)\b/i;
const SCORE = /\b(gpa|cgpa|cum laude|honou?rs|nota|cr|m[eé]dia|grade)\b|\d\.\d+\s*\/\s*\d/i;

/**
 * A school's head as separate texts: an abbreviation a line wrapped ("(UFMG).") back on its text, and a degree
 * printed with its school ("Bacharelado em Estatística, Universidade Federal de Minas Gerais") cut in two.
 */
function schoolTexts(texts: string[]): string[] {
  const out: string[] = [];
  for (const raw of texts) {
    const text = raw.replace(/\.$/, '').trim();
    const prev = out.length - 1;
    if (prev >= 0 && /^\([^()]{1,15}\)$/.test(text)) {
      out[prev] = `${out[prev]} ${text}`;
      continue;
    }
    // The cut that leaves the school alone: the last one after a degree, the first one before it.
    const cuts = [...text.matchAll(/,\s+|\s+[-–—|]\s+|\s+at\s+/g)].map((m) => [
      text.slice(0, m.index),
      text.slice((m.index ?? 0) + m[0].length),
    ]);
    const schoolOnly = (t: string) => SCHOOL_WORDS.test(t) && !DEGREE_WORDS.test(t);
    const after = cuts.findLast(([left = '', right = '']) => DEGREE_WORDS.test(left) && schoolOnly(right));
    const before = cuts.find(([left = '', right = '']) => schoolOnly(left) && DEGREE_WORDS.test(right));
    const cut = after ?? before;
    if (cut) out.push(cut[0] as string, cut[1] as string);
    else out.push(text);
  }
  return out;
}

/**
 * A degree set under the school as a list's first item (after an icon the format draws), with its field on the
 * short line below: the head's, not the description's, where the dated head names a school but no degree.
 */
function degreeOpeningDescription(
  texts: string[],
  description: string,
  slot?: SchoolSlot,
): { printed: string[]; description: string } {
  const [printedFirst = '', second = '', ...rest] = description.split('\n');
  // "Master of Science:" where the theme prints the degree, a colon and a field left empty.
  const first = printedFirst.replace(/\s*:$/, '');
  const short = (text: string) => text.split(' ').length <= 6 && !/[.;:]$|\d/.test(text);
  const named = namesSchoolOnly(texts, slot);
  if (!named || !DEGREE_WORDS.test(first) || !short(first)) {
    return { printed: texts, description };
  }
  const field = second && short(second) && !degreeAndField(first).field;
  const taken = field ? [first, second] : [first];
  return {
    printed: [...texts, taken.join(', ')],
    description: (field ? rest : [second, ...rest]).filter(Boolean).join('\n'),
  };
}

/**
 * The field on the first line under a school that names no degree, its degree on the next ("Computer Science"
 * over "Master of Science", the field drawn as a list item and the degree indented under it): both the head's.
 */
function fieldOverDegree(
  texts: string[],
  body: Line[],
  slot?: SchoolSlot,
): { printed: string[]; description: string } | undefined {
  const [fieldLine, degreeLine] = body;
  const field = fieldLine?.cells.join(' ') ?? '';
  const degree = degreeLine?.cells.join(' ').replace(/\s*:$/, '') ?? '';
  const short = (text: string) => text.split(' ').length <= 6 && !/[.;:]$|\d/.test(text);
  const named = namesSchoolOnly(texts, slot);
  if (!named || !short(field) || DEGREE_WORDS.test(field) || SCHOOL_WORDS.test(field)) return undefined;
  if (!DEGREE_WORDS.test(degree) || !short(degree) || degreeAndField(degree).field) return undefined;
  return { printed: [...texts, `${degree}, ${field}`], description: descriptionOf(body.slice(2)) };
}

/**
 * A head that names its school and no degree: by the school's words, or, where the section prints its schools
 * first, a head of one text that is no degree.
 */
function namesSchoolOnly(texts: string[], slot?: SchoolSlot): boolean {
  if (texts.some((t) => DEGREE_WORDS.test(t))) return false;
  return texts.some((t) => SCHOOL_WORDS.test(t)) || (slot === 'first' && texts.length === 1);
}

/** Where a section prints its schools: as an entry's first text, or after the degree past a separator. */
type SchoolSlot = 'first' | 'tail';

const SCHOOL_CUT = /,\s+|\s+[-–—|]\s+|\s+at\s+/g;
const schoolOnly = (text: string) => SCHOOL_WORDS.test(text) && !DEGREE_WORDS.test(text);

/** The text after a degree's last separator ("Certificate in UX Design, Springboard"), with the rest. */
function tailCut(text: string): [string, string] | undefined {
  const cut = [...text.matchAll(SCHOOL_CUT)].at(-1);
  if (!cut || cut.index === undefined) return undefined;
  return [text.slice(0, cut.index), text.slice(cut.index + cut[0].length)];
}

function schoolSlotOf(texts: string[]): SchoolSlot | undefined {
  if (texts[0] && schoolOnly(texts[0])) return 'first';
  const tailed = texts.some((text) => {
    const [degree = '', school = ''] = tailCut(text) ?? [];
    return DEGREE_WORDS.test(degree) && schoolOnly(school);
  });
  return tailed ? 'tail' : undefined;
}

/** The slot most of a section's entries whose school names itself print it in. */
function sectionSchoolSlot(entries: string[][]): SchoolSlot | undefined {
  const slots = entries.map(schoolSlotOf);
  const first = slots.filter((slot) => slot === 'first').length;
  const tail = slots.filter((slot) => slot === 'tail').length;
  if (first === tail) return undefined;
  return first > tail ? 'first' : 'tail';
}

function educationOf(printed: string[], slot?: SchoolSlot): Record<string, string> {
  const read = educationByWords(printed);
  if (read.school || !slot) return read;
  // A school its name does not tell ("Springboard"): where the section's other entries print theirs.
  if (slot === 'first' && printed[0] && !DEGREE_WORDS.test(printed[0])) {
    return { ...educationByWords(printed.slice(1)), school: printed[0] };
  }
  const at = printed.findIndex((text) => DEGREE_WORDS.test(tailCut(text)?.[0] ?? ''));
  const [degree = '', school = ''] = at >= 0 ? (tailCut(printed[at] as string) ?? []) : [];
  if (slot === 'tail' && school && !DEGREE_WORDS.test(school) && school.split(' ').length <= 6) {
    const rest = printed.map((text, k) => (k === at ? degree : text));
    return { ...educationByWords(rest), school };
  }
  return read;
}

function educationByWords(printed: string[]): Record<string, string> {
  const texts = schoolTexts(printed);
  let school = '';
  let degreeText = '';
  let score = '';
  const other: string[] = [];
  for (const text of texts) {
    if (!school && SCHOOL_WORDS.test(text) && !DEGREE_WORDS.test(text.split(/\s+(?:in|em)\s+/)[0] ?? ''))
      school = text;
    else if (!degreeText && DEGREE_WORDS.test(text)) degreeText = text;
    else if (!score && SCORE.test(text)) score = text;
    else other.push(text);
  }
  if (!degreeText && other.length > 0 && texts[0] !== school) degreeText = other.shift() ?? '';
  if (!school && other.length > 0) school = other.shift() ?? '';
  if (!score && other.length > 0 && school) score = other.shift() ?? '';
  return { school, ...degreeAndField(degreeText), score };
}

const DEGREE_LABELS = reverse('degrees');
const FIELD_LABELS = reverse('fields');
const LEVEL_LABELS = reverse('skillLevels');
const FLUENCY_LABELS = reverse('fluency');

function reverse(table: 'degrees' | 'fields' | 'skillLevels' | 'fluency'): Map<string, string> {
  const map = new Map<string, string>();
  for (const strings of Object.values(templateStrings)) {
    for (const [key, label] of Object.entries(strings[table])) map.set(fold(label), key);
  }
  return map;
}

/**
 * A degree and its field as printed, in either order and with other parts ("Nursing, Bachelor of Science in
 * Nursing (BSN)", "Computer Science / Bachelor of Science / GPA: 3.78/4.00", "Biochemistry, BS"): the part
 * naming the degree is read for its own field, else the field is the other part (not a grade).
 */
export function degreeAndField(text: string): { degree: string; field: string } {
  const parts = text
    .split(/\s*,\s+|\s+[/|–—]\s+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const at = parts.findIndex((p) => degreeId(p) || DEGREE_WORDS.test(p));
  if (parts.length < 2 || at < 0) return degreeWithField(text);
  const own = degreeWithField(parts[at] as string);
  // A field that goes on after a dash ("Bacharelado em Comunicação Social – Publicidade e Propaganda").
  const dashed = /^(.+?)\s+[–—]\s+(.+)$/.exec(text);
  if (own.field && at === 0 && dashed?.[2] && !SCORE.test(dashed[2]) && !DEGREE_WORDS.test(dashed[2])) {
    return { degree: own.degree, field: fieldId(`${own.field} – ${dashed[2]}`) };
  }
  const other = parts.find((p, k) => k !== at && !SCORE.test(p) && !SCHOOL_WORDS.test(p) && !/\d/.test(p));
  const field = own.field || (other ? fieldId(withoutAbbreviation(other)) : '');
  return { degree: own.degree, field };
}

/**
 * "Nursing (BSN)" → "Nursing": a degree's abbreviation after its field is no part of the field; nor is the
 * field printed twice, once in the degree's name and once on its own ("Estatística Estatística",
 * "Nursing (BSN) Nursing").
 */
function withoutAbbreviation(text: string): string {
  const field = text.replace(/\s*\((?:[A-Z][A-Za-z.]{1,6})\)$/, '').trim();
  const twice = /^(.+?)(?:\s+\([A-Z][A-Za-z.]{1,6}\))?\s+\1$/u.exec(field);
  return twice?.[1] ?? field;
}

/**
 * "Master of Science Computer Science": the longest known degree that opens the text, and the rest as its
 * field, where nothing joins them (a theme prints the two side by side).
 */
function degreeBesideField(t: string): { degree: string; field: string } | undefined {
  const words = t.split(/\s+/);
  for (let n = words.length - 1; n >= 1; n -= 1) {
    const printed = words.slice(0, n).join(' ');
    const field = words.slice(n).join(' ');
    if (!degreeId(printed)) continue;
    const degree = degreeValue(printed);
    if (/^(?:in|em|of|de|na|no)\b|^[,–—(-]/i.test(field) || DEGREE_WORDS.test(field) || /\d/.test(field))
      return undefined;
    return { degree, field: fieldId(withoutAbbreviation(field)) };
  }
  return undefined;
}

/** "Master's degree in Computer and Information Sciences" → degree and field as choice ids where they are. */
function degreeWithField(text: string): { degree: string; field: string } {
  if (degreeId(text)) return { degree: degreeValue(text), field: '' };
  // "Master of Science in Mechanical Engineering": the longest known degree before "in"/"em"/"of"/"de",
  // or "MBA, Finance".
  const t = text.trim();
  // "Bachelor of Science in Nursing (BSN) in Nursing": the field after the last "in".
  const last = /^(.*\S)\s+(?:in|em)\s+(.+)$/.exec(t);
  if (
    last?.[1] &&
    last[2] &&
    / (?:in|em) /.test(last[1]) &&
    DEGREE_WORDS.test(last[1]) &&
    !DEGREE_WORDS.test(last[2])
  ) {
    return { degree: degreeValue(last[1]), field: fieldId(withoutAbbreviation(last[2])) };
  }
  const beside = degreeBesideField(t);
  if (beside) return beside;
  const joins = [...t.matchAll(/\s+(?:in|em|of|de|na|no)\s+|\s*[,–—]\s+|\s+-\s+/g)];
  for (const join of [...joins].reverse()) {
    const degree = t.slice(0, join.index);
    const field = t.slice((join.index ?? 0) + join[0].length);
    if (degreeId(degree) && field)
      return { degree: degreeValue(degree), field: fieldId(withoutAbbreviation(field)) };
  }
  for (const join of joins) {
    const degree = t.slice(0, join.index);
    const field = t.slice((join.index ?? 0) + join[0].length);
    if (DEGREE_WORDS.test(degree) && field && !/[,–—-]/.test(join[0]))
      return { degree, field: fieldId(withoutAbbreviation(field)) };
  }
  return { degree: t, field: '' };
}

/** Degrees the shared choices do not name by these words: which choice they are. */
const MORE_DEGREES: Record<string, string> = {
  mba: 'master',
  'master of business administration': 'master',
  mfa: 'master',
  'master of fine arts': 'master',
  bfa: 'bachelor',
  'bachelor of fine arts': 'bachelor',
  'b.s.': 'bachelor',
  'b.a.': 'bachelor',
  'm.s.': 'master',
  'm.a.': 'master',
  'ph.d.': 'phd',
};

function degreeId(text: string): string {
  const t = text.trim();
  return DEGREE_LABELS.get(fold(t)) ?? degreeChoiceFor(t) ?? MORE_DEGREES[fold(t)] ?? '';
}

/**
 * A degree as the resume keeps it: the choice id where the document prints a choice's own label (what our
 * templates print, so a round trip keeps the choice and its translation), else the words as printed ("B.Sc.",
 * "Master of Science"): the user's own degree, not the category it falls in.
 */
function degreeValue(text: string): string {
  const t = text.trim();
  return DEGREE_LABELS.get(fold(t)) ?? t;
}

function fieldId(text: string): string {
  return FIELD_LABELS.get(fold(text.trim())) ?? fieldChoiceFor(text.trim()) ?? text.trim();
}

// ---------------------------------------------------------------------------------------------------------
// Skills and languages.

interface SkillDraft {
  name: string;
  level: string;
  keywords: string[];
}

/**
 * Skills in any of the usual shapes: a bold name over "Level · keywords", "Name (Level)", a grid of such
 * cells, "Category: a, b, c", or plain lists.
 */
export function readSkills(lines: Line[]): Record<string, string>[] {
  const categories = lines.some((l) => /^[^:]{2,40}:\s/.test(l.text));
  const named = categories ? undefined : namesOverDetails(lines);
  const styled = !categories && lines.some((l) => l.bold) && lines.some((l) => !l.bold);
  const drafts = named ?? (styled ? styledSkills(lines) : plainSkills(lines));
  return drafts
    .filter((d) => d.name || d.keywords.length > 0)
    .map((d) => ({
      id: id(),
      name: d.name,
      skillLevelId: d.level,
      keywords: d.keywords
        .join(' ')
        .split(/\s*[,;]\s*/)
        .filter(Boolean)
        .join(', '),
    }));
}

/**
 * Skill names over their details, told apart by how the details are set: a level word, a bullet, a smaller
 * size or an indent. Undefined where the section does not read that way.
 */
function namesOverDetails(lines: Line[]): SkillDraft[] | undefined {
  const largest = Math.max(...lines.map((l) => l.size));
  const left = Math.min(...lines.map((l) => l.x));
  const detail = (line: Line) =>
    line.bullet ||
    Boolean(levelId(line.text)) ||
    line.size < largest - 0.8 ||
    (line.geometry && line.x > left + 6);
  const first = lines[0];
  // Names set alike; two bold names in a row may be one name wrapped: styledSkills' to read.
  const names = lines.filter((l) => !detail(l));
  const wraps = lines.some((l, k) => l.bold && k > 0 && !detail(l) && !detail(lines[k - 1] as Line));
  if (!first || detail(first) || !lines.some(detail) || names.some((l) => l.bold !== first.bold) || wraps)
    return undefined;
  const drafts: SkillDraft[] = [];
  for (const line of lines) {
    const current = drafts.at(-1);
    if (!detail(line) || !current) {
      drafts.push(...line.cells.map(skillHead));
      continue;
    }
    const level = levelId(line.text.replace(/^\((.+)\)$/, '$1'));
    if (level && !current.level && line.cells.length === 1) current.level = level;
    else current.keywords.push(`${line.cells.join(', ')},`);
  }
  return drafts;
}

function styledSkills(lines: Line[]): SkillDraft[] {
  const done: SkillDraft[] = [];
  let columns: { x: number; skill: SkillDraft }[] = [];
  let last: { line: Line; cell: number } | undefined;
  const flush = () => {
    done.push(...columns.map((c) => c.skill));
    columns = [];
  };
  // Where names stand over their details, a bold line right below a name continues it when the name
  // wrapped (a narrow sidebar, a grid cell): it goes on in lower case or after a joining word, or, in a
  // grid, the other cells of that row are already the levels.
  const detailed = lines.filter((l, k) => l.bold && lines[k + 1] && !lines[k + 1]?.bold).length;
  const namesOverDetails = detailed * 2 >= lines.filter((l) => l.bold).length;
  let head: Line | undefined;
  for (const line of lines) {
    if (line.bold && head && namesOverDetails && continuesNames(head, line, columns.length)) {
      line.cells.forEach((cell, k) => {
        const column = nearest(columns, line.cellX[k] ?? line.x);
        if (!column) return;
        if (line.cells.length > 1 && levelId(cell)) addSkillDetail(column.skill, cell, false);
        else column.skill.name = `${column.skill.name} ${cell}`;
      });
      head = undefined;
      continue;
    }
    if (line.bold) {
      flush();
      columns = line.cells.map((cell, k) => ({ x: line.cellX[k] ?? line.x, skill: skillHead(cell) }));
      last = undefined;
      head = line;
      continue;
    }
    head = undefined;
    line.cells.forEach((cell, k) => {
      const x = line.cellX[k] ?? line.x;
      const column = nearest(columns, x);
      if (!column) return;
      const continued = last && last.cell === columns.indexOf(column) && !/,\s*$/.test(cell);
      addSkillDetail(column.skill, cell, Boolean(continued));
      last = { line, cell: columns.indexOf(column) };
    });
  }
  flush();
  return done;
}

function continuesNames(head: Line, line: Line, columns: number): boolean {
  if (line.column !== head.column || line.page !== head.page) return false;
  if (line.cells.length === 1 && columns === 1) {
    // Where the column's width is unknown (every line short), only the words tell: the rest goes on in
    // lower case, or the name broke after a joining word or mark.
    return (
      /^\p{Ll}{3}/u.test(line.text) || /(?:\b(?:and|of|for|e|de|da|do|em|para)|[-&,/+])$/iu.test(head.text)
    );
  }
  const levels = line.cells.filter((cell) => levelId(cell)).length;
  return line.cells.length <= columns && levels > 0 && levels < line.cells.length;
}

function nearest<T extends { x: number }>(columns: T[], x: number): T | undefined {
  return [...columns].sort((a, b) => Math.abs(a.x - x) - Math.abs(b.x - x))[0];
}

function skillHead(text: string): SkillDraft {
  const match = /^(.+?)\s*[(–-]\s*([^()]+?)\)?$/.exec(text);
  const level = match?.[2] ? levelId(match[2]) : '';
  if (match?.[1] && level) return { name: match[1].trim(), level, keywords: [] };
  return { name: text.trim(), level: '', keywords: [] };
}

function addSkillDetail(skill: SkillDraft, text: string, _continued: boolean): void {
  const [head = '', ...rest] = text.split(/\s+·\s+/);
  // A level the cell's width pushed onto the next line keeps its brackets: "(Expert)".
  const level = !skill.level && skill.keywords.length === 0 ? levelId(head.replace(/^\((.+)\)$/, '$1')) : '';
  if (level) {
    skill.level = level;
    if (rest.length > 0) skill.keywords.push(rest.join(' · '));
    return;
  }
  skill.keywords.push(text);
}

function levelId(text: string): string {
  return LEVEL_LABELS.get(fold(text.trim())) ?? skillLevelFor(text.trim()) ?? '';
}

function plainSkills(lines: Line[]): SkillDraft[] {
  const drafts: SkillDraft[] = [];
  // A grid of skills (cells far apart on a line) is read cell by cell; other lines as running text.
  const texts: string[] = [];
  let run: Line[] = [];
  const flush = () => {
    if (run.length > 0) texts.push(...descriptionOf(run).split('\n'));
    run = [];
  };
  const words = (cell: string) => cell.replace(/\s*\([^()]*\)$/, '').split(/\s+/).length;
  const isList = (text: string) => text.split(/\s*[,;]\s*/).filter(Boolean).length >= 2;
  for (const line of lines) {
    const [name = '', list = ''] = line.cells;
    if (line.cells.length === 2 && !isList(name) && words(name) <= 4 && isList(list)) {
      // "CRITICAL CARE    Ventilator management, Vasoactive drips": a name and its list, far apart.
      flush();
      texts.push(`${name}: ${list}`);
    } else if (line.cells.length > 1 && line.cells.every((c) => words(c) <= 4)) {
      flush();
      texts.push(...line.cells);
    } else run.push(line);
  }
  flush();
  // A short name over the list it names ("Critical care" over "Ventilator management, CRRT").
  for (let k = 0; k + 1 < texts.length; k++) {
    const [name = '', list = ''] = [texts[k], texts[k + 1]];
    if (!isList(name) && !name.includes(':') && words(name) <= 4 && isList(list) && !list.includes(':')) {
      texts.splice(k, 2, `${name}: ${list}`);
    }
  }
  for (const text of texts) {
    const category = /^([^:]{2,40}):\s*(.+)$/.exec(text);
    if (category?.[1] && category[2]) {
      drafts.push({ name: category[1].trim(), level: '', keywords: [category[2]] });
      continue;
    }
    for (const part of text.split(/\s*[,;•·|]\s*/)) {
      if (part.trim()) drafts.push(skillHead(part.trim()));
    }
  }
  return drafts;
}

/** "English · Native", "Português (Nativo)", "Inglês – Fluente", "English \t Native": language and fluency. */
export function readLanguages(lines: Line[]): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const line of lines) {
    const cells = line.cells;
    if (cells.length === 2 && fluencyId(cells[1] ?? '')) {
      out.push({ id: id(), language: cells[0] ?? '', fluency: fluencyId(cells[1] ?? '') });
      continue;
    }
    const lone = out.at(-1);
    if (lone && !lone.fluency && cells.length === 1 && fluencyId(line.text)) {
      lone.fluency = fluencyId(line.text);
      continue;
    }
    for (const part of line.text.split(/\s*[·|,;•]\s*/)) {
      const trailing = trailingFluency(part.trim());
      if (trailing) {
        out.push({ id: id(), ...trailing });
        continue;
      }
      const match = /^(.+?)\s*(?:\((.+)\)|[:–-]\s*(.+))?$/.exec(part.trim());
      if (!match?.[1]) continue;
      const fluency = match[2] ?? match[3] ?? '';
      out.push({
        id: id(),
        language: match[1].trim(),
        fluency: fluency ? fluencyId(fluency) || fluency : '',
      });
    }
  }
  return out;
}

/** Levels of a language the fluency choices do not name, kept as the resume prints them. */
const OTHER_FLUENCY =
  /^(conversational|professional|working|limited|elementary|proficient|bilingual|full professional|professional working|limited working|conversa[cç][aã]o|profissional|bil[ií]ngue|t[eé]cnico|leitura)$/i;

/** "English Native": the last word (or two) a fluency, the rest the language. */
function trailingFluency(text: string): { language: string; fluency: string } | undefined {
  const words = text.split(/\s+/);
  for (const n of [2, 1]) {
    if (words.length <= n) continue;
    const last = words.slice(-n).join(' ');
    const fluency = fluencyId(last) || (OTHER_FLUENCY.test(last) ? last : '');
    if (fluency)
      return {
        language: words
          .slice(0, -n)
          .join(' ')
          .replace(/\s*[:–-]$/, ''),
        fluency,
      };
  }
  return undefined;
}

function fluencyId(text: string): string {
  return FLUENCY_LABELS.get(fold(text.trim())) ?? fluencyChoiceFor(text.trim()) ?? '';
}

// ---------------------------------------------------------------------------------------------------------
// Custom sections and the finished content.

function readCustom(state: State, section: Section): void {
  const items = splitEntries(section.lines).map((entry) => {
    const p = partsOf(entry);
    const [title = '', subtitle = '', ...more] = p.texts;
    const date = p.dates ? (p.dates.end || p.dates.current ? '' : p.dates.start) || p.dates.matched : '';
    const description = [more.join(' · '), p.description].filter(Boolean).join('\n');
    return { id: id(), title, subtitle, date, url: p.url, description };
  });
  const sectionId = id();
  const customSections = list(state.content.customSections);
  customSections.push({ id: sectionId, title: sectionTitle(section.title), items });
  state.content.customSections = customSections;
  note(state, `${CUSTOM_SECTION_PREFIX}${sectionId}`);
}

function sectionTitle(text: string): string {
  return text === text.toUpperCase() ? text.charAt(0) + text.slice(1).toLowerCase() : text;
}

function finish(state: State): ResumeContent {
  const info = state.content.personalInfo;
  const links = dedupeLinks(state.links).map((l) => ({ id: id(), ...l }));
  if (links.length > 0) note(state, 'links');
  const order = [...state.order, ...builtInSections.filter((key) => !state.order.includes(key))];
  return resumeContentSchema.parse({
    ...(clipped(state.content) as Content),
    title: `${info.firstName ?? ''} ${info.lastName ?? ''}`.trim(),
    links,
    sectionOrder: order,
    sectionTitle: state.language === 'pt-BR' ? defaultSectionTitlesPtBr : defaultSectionTitles,
    settings: { language: state.language, pageSize: defaultPageSize(state.language) },
  });
}

const LIMITS: Record<string, number> = {
  description: 5000,
  summary: 2000,
  keywords: 1000,
  url: 2048,
  email: 254,
  phone: 40,
  score: 100,
  language: 100,
  fluency: 100,
  skillLevelId: 64,
  date: 32,
  startDate: 32,
  endDate: 32,
};

/** Every text cut to the model's limit and every list to its length, so a huge file still parses. */
function clipped(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return value.slice(0, LIMITS[key] ?? 200);
  if (Array.isArray(value)) return value.slice(0, MAX_LIST_ITEMS).map((item) => clipped(item));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clipped(v, k)]));
  }
  return value;
}

function dedupeLinks(links: FoundLink[]): FoundLink[] {
  const seen = new Map<string, FoundLink>();
  for (const link of links) {
    const key = link.url
      .toLowerCase()
      .replace(/^https?:\/\/(www\.)?/, '')
      .replace(/\/$/, '');
    if (!seen.has(key)) seen.set(key, link);
  }
  return [...seen.values()];
}
