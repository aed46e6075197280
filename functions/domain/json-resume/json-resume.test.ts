import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_RESUME_TITLE,
  defaultSectionTitlesPtBr,
  descriptionLines,
  MAX_LIST_ITEMS,
  type ResumeContent,
  type ResumeLanguage,
  resumeContentSchema,
} from '#shared/resume';
import * as samples from '#shared/sample-resumes';
import {
  degreeChoiceFor,
  degreeChoiceNamed,
  fieldChoiceFor,
  fluencyChoiceFor,
  skillLevelFor,
} from './choices.ts';
import { JSON_RESUME_SCHEMA_URL, type JsonResume } from './document.ts';
import { fromJsonResume } from './from-json-resume.ts';
import { jsonResumeSchema } from './schema/schema.ts';
import { toJsonResume } from './to-json-resume.ts';
import { validateJsonResume } from './validate.ts';

// Fixtures live in the repository: CI runs on a fresh clone without the handbook folder.
const fixtureNames = ['sample', 'full', 'pt-br', 'odd'] as const;
type FixtureName = (typeof fixtureNames)[number];
const fixtureLanguage: Record<FixtureName, ResumeLanguage> = {
  sample: 'en',
  full: 'en',
  'pt-br': 'pt-BR',
  odd: 'en',
};

function readJson(relative: string): unknown {
  return JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8'));
}
function fixture(name: FixtureName): JsonResume {
  return readJson(`../../../tests/fixtures/json-resume/${name}.resume.json`) as JsonResume;
}

type Json = unknown;
type Path = string[];

/** Every path to a string, number or boolean in a JSON value. */
function leaves(value: Json, path: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, [...path, String(index)]));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]));
  return [path];
}

function at(value: Json, path: Path): Json {
  return path.reduce<Json>(
    (node, key) =>
      typeof node === 'object' && node !== null ? (node as Record<string, Json>)[key] : undefined,
    value,
  );
}

function text(value: Json): string {
  return typeof value === 'string' ? value : '';
}

describe('vendored JSON Resume schema', () => {
  it('schema.ts holds exactly schema.json (regenerate it with generate-schema.ts)', () => {
    const json = readJson('./schema/schema.json');

    const module = JSON.parse(JSON.stringify(jsonResumeSchema));

    expect(module).toEqual(json);
  });

  it('the fixtures together use every field the schema defines', () => {
    const defined: string[] = [];
    const walk = (schema: Record<string, unknown>, prefix: string) => {
      for (const [key, child] of Object.entries(
        (schema.properties ?? {}) as Record<string, Record<string, unknown>>,
      )) {
        const path = prefix ? `${prefix}.${key}` : key;
        const items = child.items as Record<string, unknown> | undefined;
        if (child.properties) walk(child, path);
        else if (items?.properties) walk(items, `${path}.*`);
        else defined.push(path);
      }
    };
    walk(jsonResumeSchema, '');

    const used = new Set(
      fixtureNames.flatMap((name) =>
        leaves(fixture(name)).map((path) => path.map((key) => (/^\d+$/.test(key) ? '*' : key)).join('.')),
      ),
    );
    const missing = defined.filter((path) => ![...used].some((u) => u === path || u.startsWith(`${path}.`)));

    expect(defined.length).toBeGreaterThan(70);
    expect(missing).toEqual([]);
  });
});

describe('validateJsonResume', () => {
  it.each(fixtureNames)('accepts the %s fixture', (name) => {
    const doc = fixture(name);

    const result = validateJsonResume(doc);

    expect(result).toEqual({ ok: true, value: doc });
  });

  it.each([null, [], 'resume', 42, true])('refuses %p, which is not an object', (doc) => {
    const result = validateJsonResume(doc);

    expect(result).toEqual({ ok: false, issues: [{ path: '', message: 'must be object' }] });
  });

  it('reports wrong types, formats and dates with their paths', () => {
    const doc = {
      basics: { name: 42, email: 'not-an-email', profiles: [{ url: 'no scheme' }] },
      work: [{ name: 'ACME', startDate: '2014/05', endDate: 'Present', highlights: ['ok', 7] }],
      education: [{ endDate: '14-05-2014' }],
      skills: 'many',
    };

    const result = validateJsonResume(doc);

    expect(result.ok).toBe(false);
    const issues = result.ok ? [] : result.issues;
    expect(issues.map((issue) => issue.path).sort()).toEqual([
      'basics.email',
      'basics.name',
      'basics.profiles.0.url',
      'education.0.endDate',
      'skills',
      'work.0.endDate',
      'work.0.highlights.1',
      'work.0.startDate',
    ]);
    expect(issues.find((issue) => issue.path === 'work.0.startDate')?.message).toBe(
      'must be a date like 2024, 2024-06 or 2024-06-29',
    );
    expect(issues.find((issue) => issue.path === 'basics.name')?.message).toBe('must be string');
  });
});

describe('choice words', () => {
  it.each([
    ['Bachelor', 'bachelor'],
    ['BSc', 'bachelor'],
    ["Bachelor's degree", 'bachelor'],
    ['Bacharelado', 'bachelor'],
    ['M.Sc.', 'master'],
    ['Mestrado', 'master'],
    ['Ph.D.', 'phd'],
    ['Doutorado', 'phd'],
    ['Associate', 'associate'],
    ['J.D.', 'jd'],
    ['Tecnólogo', undefined],
    ['MBA', undefined],
  ])('studyType %p is degree %p', (word, id) => {
    expect(degreeChoiceFor(word)).toBe(id);
  });

  it.each([
    ['Bachelor', 'bachelor'],
    ['bachelor', 'bachelor'],
    ['Mestrado', 'master'],
    ['PhD', 'phd'],
    ['BSc', undefined],
    ['B.Sc.', undefined],
    ['Master of Science', undefined],
  ])('studyType %p is kept as the choice %p only when it is the choice own name', (word, id) => {
    expect(degreeChoiceNamed(word)).toBe(id);
  });

  it.each([
    ['Engineering', 'engineering'],
    ['Mathematics & Statistics', 'mathematicsStatistics'],
    ['Ciências Sociais', 'socialSciences'],
    ['Computer Science', undefined],
    ['Design', undefined],
  ])('area %p is field %p', (word, id) => {
    expect(fieldChoiceFor(word)).toBe(id);
  });

  it.each([
    ['Master', 'expert'],
    ['avançado', 'advanced'],
    ['VERY GOOD', 'veryGood'],
    ['5 years', undefined],
  ])('skill level %p is %p', (word, id) => {
    expect(skillLevelFor(word)).toBe(id);
  });

  it.each([
    ['Native speaker', 'native'],
    ['Fluente', 'fluent'],
    ['Básico', 'basic'],
    ['Conversational', undefined],
  ])('fluency %p is %p', (word, id) => {
    expect(fluencyChoiceFor(word)).toBe(id);
  });
});

describe('fromJsonResume', () => {
  it.each(fixtureNames)('maps the %s fixture to content our strict schema accepts', (name) => {
    const doc = fixture(name);

    const resume = fromJsonResume(doc, { language: fixtureLanguage[name] });

    expect(resumeContentSchema.parse(resume)).toEqual(resume);
  });

  it('maps the JSON Resume sample section by section', () => {
    const doc = fixture('sample');

    const resume = fromJsonResume(doc);

    expect(resume.title).toBe("Richard's Resume");
    expect(resume.personalInfo).toMatchObject({
      firstName: 'Richard',
      lastName: 'Hendriks',
      jobTitle: 'Programmer',
      city: 'San Francisco, California',
      photo: '',
    });
    expect(resume.links.map((link) => link.network)).toEqual(['Website', 'Twitter', 'SoundCloud']);
    expect(resume.experience[0]).toMatchObject({
      company: 'Pied Piper',
      startDate: '2013-12',
      endDate: '2014-12',
    });
    expect(descriptionLines(resume.experience[0]?.description ?? '')).toHaveLength(4);
    expect(resume.education[0]).toMatchObject({
      degree: 'bachelor',
      field: 'Information Technology',
      score: '4.0',
      description: 'DB1101 - Basic SQL\nCS2011 - Java Introduction',
    });
    expect(resume.skills[0]).toMatchObject({ skillLevelId: 'expert', keywords: 'HTML, CSS, Javascript' });
    expect(resume.languages[0]).toMatchObject({ language: 'English', fluency: 'native' });
    expect(resume.projects[0]?.role).toBe('Team lead, Designer');
    expect(resume.projects[0]?.description.split('\n').at(-1)).toBe(
      'Keywords: GoogleMaps, Chrome Extension, Javascript',
    );
    expect(resume.customSections.map((section) => [section.id, section.title, section.items.length])).toEqual(
      [
        ['json-resume-publications', 'Publications', 1],
        ['json-resume-interests', 'Interests', 1],
        ['json-resume-references', 'References', 1],
      ],
    );
    expect(resume.settings).toMatchObject({ language: 'en', pageSize: 'letter' });
  });

  it('writes a Portuguese resume in Portuguese, keeping every diacritic', () => {
    const doc = fixture('pt-br');

    const resume = fromJsonResume(doc, { language: 'pt-BR' });

    expect(resume.title).toBe('Currículo de Luíza');
    expect(resume.personalInfo).toMatchObject({
      firstName: 'Luíza',
      lastName: 'Gonçalves Simões',
      city: 'Belo Horizonte, Minas Gerais',
    });
    expect(resume.sectionTitle).toEqual(defaultSectionTitlesPtBr);
    expect(resume.settings).toMatchObject({ language: 'pt-BR', pageSize: 'a4' });
    expect(resume.education.map((e) => [e.degree, e.field])).toEqual([
      ['bachelor', 'mathematicsStatistics'],
      ['master', 'Ciência de Dados'],
    ]);
    expect(resume.skills.map((s) => s.skillLevelId)).toEqual(['advanced', 'expert', 'intermediate']);
    expect(resume.languages.map((l) => l.fluency)).toEqual(['native', 'fluent', 'basic']);
    expect(resume.customSections.map((s) => s.title)).toEqual(['Publicações', 'Interesses', 'Referências']);
    expect(resume.projects[0]?.description.split('\n').at(-1)).toBe(
      'Palavras-chave: Python, visualização, acessibilidade',
    );
  });

  it('copes with year-only and impossible dates, missing names, free-text levels and over-long text', () => {
    const doc = fixture('odd');

    const resume = fromJsonResume(doc);

    expect(resume.title).toBe(DEFAULT_RESUME_TITLE);
    expect(resume.personalInfo).toMatchObject({ firstName: '', lastName: '', city: 'Hokkaido' });
    expect(resume.personalInfo.summary).toHaveLength(2000);
    expect(resume.experience.map((e) => [e.company, e.startDate, e.endDate, e.current])).toEqual([
      ['', '2019', '2020', false],
      ['Sapporo Snow Systems', '2014', '2018', false],
      ['Kushiro Harbour IT', '2020-02', '', true],
    ]);
    expect(resume.experience[1]?.description).toHaveLength(5000);
    expect(resume.experience[1]?.description).not.toContain('beyond the description limit');
    expect(resume.experience[0]?.description).toContain('Pneumonoultramicroscopicsilicovolcanoconiosis');
    expect(resume.education.map((e) => [e.degree, e.field.slice(0, 20), e.current])).toEqual([
      ['Tecnólogo', 'Computer Science', false],
      ['Bootcamp', 'engineering', false],
      ["associate's degree", 'AAAAAAAAAAAAAAAAAAAA', false],
    ]);
    expect(resume.education[2]?.field).toHaveLength(200);
    expect(resume.skills.map((s) => [s.name.slice(0, 20), s.skillLevelId])).toEqual([
      ['Rust (5 years)', ''],
      ['Go', 'expert'],
      ['Python', 'intermediate'],
      ['Ops', 'veryGood'],
      ['SSSSSSSSSSSSSSSSSSSS', 'advanced'],
      ['(Conversational)', ''],
    ]);
    expect(resume.skills[4]?.name).toHaveLength(200);
    expect(resume.languages.map((l) => l.fluency)).toEqual(['native', 'Conversational', '']);
    expect(resume.links[0]?.username).toHaveLength(200);
  });

  it(`caps every list at ${MAX_LIST_ITEMS} items`, () => {
    const many = <T>(make: (i: number) => T) =>
      Array.from({ length: MAX_LIST_ITEMS + 50 }, (_, i) => make(i));
    const doc: JsonResume = {
      basics: { url: 'https://example.com', profiles: many((i) => ({ network: `Net ${i}` })) },
      work: many((i) => ({ name: `Company ${i}` })),
      skills: many((i) => ({ name: `Skill ${i}` })),
      publications: many((i) => ({ name: `Paper ${i}` })),
    };

    const resume = fromJsonResume(doc);

    expect(resume.experience).toHaveLength(MAX_LIST_ITEMS);
    expect(resume.skills).toHaveLength(MAX_LIST_ITEMS);
    expect(resume.links).toHaveLength(MAX_LIST_ITEMS);
    expect(resume.links[0]?.network).toBe('Website');
    expect(resume.customSections[0]?.items).toHaveLength(MAX_LIST_ITEMS);
  });

  it('skips entries that are not objects when handed a document nobody validated', () => {
    const doc = {
      work: [null, 'ACME', ['x'], { name: 'Real Co' }],
      basics: 'nobody',
    } as unknown as JsonResume;

    const resume = fromJsonResume(doc);

    expect(resume.experience.map((e) => [e.id, e.company])).toEqual([['exp-1', 'Real Co']]);
    expect(resume.personalInfo.firstName).toBe('');
  });
});

describe('toJsonResume', () => {
  const sampleEntries = Object.entries(samples) as [string, ResumeContent][];

  it.each(sampleEntries)('exports %s as a document the schema accepts', (_name, resume) => {
    const doc = toJsonResume(resume);

    const result = validateJsonResume(doc);

    expect(result.ok ? [] : result.issues).toEqual([]);
    expect(doc.$schema).toBe(JSON_RESUME_SCHEMA_URL);
  });

  it('exports the English sample with its labels, website and publications', () => {
    const resume = samples.sampleResumeEn;

    const doc = toJsonResume(resume);

    expect(doc.basics).toMatchObject({
      name: 'Jordan Whitfield',
      url: 'https://jordanwhitfield.example.com',
      location: { city: 'Austin', region: 'TX' },
    });
    expect(doc.basics?.profiles?.map((p) => p.network)).toEqual(['LinkedIn', 'GitHub']);
    expect(doc.work?.[0]?.endDate).toBeUndefined();
    expect(doc.work?.[1]).toMatchObject({ startDate: '2017-06', endDate: '2021-02' });
    expect(doc.education?.[0]).toMatchObject({
      studyType: 'Master',
      area: 'Computer and Information Sciences',
    });
    expect(doc.skills?.[7]).toMatchObject({ level: 'Very good', keywords: ['mentoring', 'RFCs'] });
    expect(doc.publications?.map((p) => p.name)).toEqual([
      'Idempotency Keys Without Tears',
      'Partitioning Telemetry Tables in PostgreSQL',
    ]);
    expect(doc.meta?.resumeBuilder).toEqual({ language: 'en' });
  });

  it('keeps custom sections JSON Resume has no place for under meta.resumeBuilder, and reads them back', () => {
    const resume = samples.sampleResumePtBr;

    const doc = toJsonResume(resume);
    const back = fromJsonResume(doc);

    expect(doc.education?.[0]).toMatchObject({ studyType: 'Bacharelado', area: 'Design' });
    expect(doc.languages?.[0]).toEqual({ language: 'Português', fluency: 'Nativo' });
    expect(doc.meta?.resumeBuilder?.customSections).toEqual([
      {
        title: 'Palestras',
        items: [
          {
            title: 'Acessibilidade não é opcional: lições de um banco digital',
            subtitle: 'Interaction São Paulo',
            date: '2023-09',
          },
        ],
      },
    ]);
    expect(back.settings.language).toBe('pt-BR');
    expect(back.customSections.map((s) => [s.title, s.items[0]?.subtitle])).toEqual([
      ['Palestras', 'Interaction São Paulo'],
    ]);
  });

  it('leaves out what the schema would refuse, keeps the year of an impossible month, completes bare domains', () => {
    const resume = resumeContentSchema.parse({
      personalInfo: { firstName: 'Ana', email: 'ana at example', city: 'Recife' },
      experience: [
        { id: 'e1', company: 'X', startDate: 'last spring', endDate: '2024-13', url: 'not a url' },
      ],
      links: [
        { id: 'l1', network: 'GitHub', url: 'github.com/ana' },
        { id: 'l2', network: 'Website', url: 'my site' },
      ],
    });

    const doc = toJsonResume(resume);

    expect(validateJsonResume(doc).ok).toBe(true);
    expect(doc.basics).toEqual({
      name: 'Ana',
      location: { city: 'Recife' },
      profiles: [{ network: 'GitHub', url: 'https://github.com/ana' }, { network: 'Website' }],
    });
    expect(doc.work).toEqual([{ name: 'X', endDate: '2024' }]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Round trip: walk every value of the original document and check it survived JSON Resume → ours → JSON
// Resume. Each path either has no home (listed) or a rule saying how it must come back.

/** Fields of JSON Resume our model has no place for; everything else must come back. */
const noHome = [
  '$schema', // we always write the v1.0.0 schema URL
  'basics.image', // photos are uploaded files
  'basics.location.address',
  'basics.location.postalCode',
  'basics.location.countryCode',
  'work.*.description', // what the employer does
  'projects.*.entity',
  'projects.*.type',
  'meta.canonical',
  'meta.version',
  'meta.lastModified',
];

/** Our text fields are cut to their limits: a long value may come back as its first part (100+ chars). */
function expectKept(got: Json, original: Json) {
  const value = text(got);
  const source = text(original);
  expect(value).toBe(source.slice(0, Math.max(value.length, 100)));
}

function expectedDate(value: Json): string {
  const [, year = '', month] = /^(\d{4})(?:-(\d{2}))?/.exec(text(value)) ?? [];
  return month && Number(month) >= 1 && Number(month) <= 12 ? `${year}-${month}` : year;
}

function bulletsOf(item: Json, fields: string[]): string {
  return fields
    .flatMap((field) => {
      const value = at(item, [field]);
      return Array.isArray(value) ? value.map(text) : [text(value)];
    })
    .flatMap(descriptionLines)
    .join('\n');
}

function choice(matchFn: (word: string) => string | undefined) {
  return (got: Json, original: Json) => {
    const id = matchFn(text(original));
    if (id) expect(matchFn(text(got))).toBe(id);
    else expectKept(got, text(original).trim());
  };
}

type Check = (got: Json, original: Json) => void;
/** [path pattern, how many trailing segments to drop to reach what is compared, the comparison]. */
type Rule = [pattern: string, up: number, check: Check];

const sameText: Check = expectKept;
const sameDate: Check = (got, original) => expect(text(got)).toBe(expectedDate(original));
const sameList: Check = (got, original) => expect(got).toEqual(original);
const bullets =
  (from: string[], to: string): Check =>
  (got, original) =>
    expectKept(bulletsOf(got, [to]), bulletsOf(original, from));
const dated = (section: string, ...fields: string[]): Rule[] =>
  fields.map((field) => [`${section}.*.${field}`, 0, sameDate]);
const texts = (section: string, ...fields: string[]): Rule[] =>
  fields.map((field) => [`${section}.*.${field}`, 0, sameText]);

const rules: Rule[] = [
  ['basics.name', 0, (got, original) => expect(got).toBe(text(original).trim().split(/\s+/).join(' '))],
  ...['label', 'email', 'phone', 'url', 'summary'].map((field): Rule => [`basics.${field}`, 0, sameText]),
  // Our one city field holds "city, region".
  ...['city', 'region'].map(
    (field): Rule => [
      `basics.location.${field}`,
      1,
      (got, original) => {
        const place = (value: Json) =>
          [text(at(value, ['city'])), text(at(value, ['region']))].filter(Boolean);
        expect(place(got).join(', ')).toBe(place(original).join(', '));
      },
    ],
  ),
  ...texts('basics.profiles', 'network', 'username', 'url'),
  // Summary and highlights both become bullet lines; export writes them all back as highlights.
  ...texts('work', 'name', 'position', 'location', 'url'),
  ...dated('work', 'startDate', 'endDate'),
  ['work.*.summary', 1, bullets(['summary', 'highlights'], 'highlights')],
  ['work.*.highlights.*', 2, bullets(['summary', 'highlights'], 'highlights')],
  ...texts('volunteer', 'organization', 'position', 'url'),
  ...dated('volunteer', 'startDate', 'endDate'),
  ['volunteer.*.summary', 1, bullets(['summary', 'highlights'], 'highlights')],
  ['volunteer.*.highlights.*', 2, bullets(['summary', 'highlights'], 'highlights')],
  ...texts('education', 'institution', 'url', 'score'),
  ...dated('education', 'startDate', 'endDate'),
  ['education.*.studyType', 0, choice(degreeChoiceNamed)],
  ['education.*.area', 0, choice(fieldChoiceFor)],
  ['education.*.courses.*', 2, bullets(['courses'], 'courses')],
  ...texts('awards', 'title', 'awarder', 'summary'),
  ...dated('awards', 'date'),
  ...texts('certificates', 'name', 'url', 'issuer'),
  ...dated('certificates', 'date'),
  ...texts('publications', 'name', 'publisher', 'url', 'summary'),
  ...dated('publications', 'releaseDate'),
  // A level in free text moves into the name, "Rust (5 years)"; a known one comes back as our label.
  ...['name', 'level'].map(
    (field): Rule => [
      `skills.*.${field}`,
      1,
      (got, original) => {
        const level = text(at(original, ['level'])).trim();
        const id = level ? skillLevelFor(level) : undefined;
        const name = text(at(original, ['name']));
        expectKept(at(got, ['name']), level && !id ? `${name.trim()} (${level})`.trim() : name);
        const gotLevel = text(at(got, ['level']));
        expect(gotLevel ? skillLevelFor(gotLevel) : undefined).toBe(id);
      },
    ],
  ),
  ['skills.*.keywords.*', 1, sameList],
  ...texts('languages', 'language'),
  ['languages.*.fluency', 0, choice(fluencyChoiceFor)],
  ...texts('interests', 'name'),
  ['interests.*.keywords.*', 1, sameList],
  ...texts('references', 'name', 'reference'),
  ...texts('projects', 'name', 'url'),
  ...dated('projects', 'startDate', 'endDate'),
  ['projects.*.description', 1, bullets(['description', 'highlights'], 'highlights')],
  ['projects.*.highlights.*', 2, bullets(['description', 'highlights'], 'highlights')],
  ['projects.*.keywords.*', 1, sameList],
  ['projects.*.roles.*', 1, sameList],
];

function matches(pattern: string, path: Path): boolean {
  const parts = pattern.split('.');
  return (
    parts.length === path.length &&
    parts.every((part, i) => part === path[i] || (part === '*' && /^\d+$/.test(path[i] ?? '')))
  );
}

describe('round trip toJsonResume(fromJsonResume(doc))', () => {
  it.each(fixtureNames)('keeps every field of the %s fixture that has a home', (name) => {
    const original = fixture(name);

    const roundTripped = toJsonResume(fromJsonResume(original, { language: fixtureLanguage[name] }));

    const compared = new Set<string>();
    for (const path of leaves(original)) {
      if (noHome.some((pattern) => matches(pattern, path))) continue;
      const rule = rules.find(([pattern]) => matches(pattern, path));
      if (!rule) throw new Error(`no round-trip rule for ${path.join('.')}`);
      const [pattern, up, check] = rule;
      const scope = path.slice(0, path.length - up);
      const key = `${pattern}@${scope.join('.')}`;
      if (compared.has(key)) continue;
      compared.add(key);
      try {
        check(at(roundTripped, scope), at(original, scope));
      } catch (error) {
        throw new Error(`${scope.join('.')} did not survive the round trip: ${(error as Error).message}`);
      }
    }
    expect(compared.size).toBeGreaterThan(15);
  });

  it('brings back our own export unchanged, apart from generated ids', () => {
    const resume = samples.sampleResumeEn;

    const back = fromJsonResume(toJsonResume(resume));

    expect(back.personalInfo).toEqual(resume.personalInfo);
    expect(back.experience).toEqual(resume.experience);
    expect(back.education.map(({ location: _location, ...e }) => e)).toEqual(
      resume.education.map(({ location: _location, ...e }) => e),
    );
    expect(back.skills).toEqual(resume.skills);
    expect(back.languages).toEqual(resume.languages);
    expect(back.certifications).toEqual(resume.certifications);
    expect(back.awards).toEqual(resume.awards);
    expect(back.volunteering).toEqual(resume.volunteering);
  });
});
