import { describe, expect, it } from '@jest/globals';
import { csv, makePdf, makePdfBomb, makeZip } from '../../../tests/support/make-files.ts';
import { checkFile, readZip } from './files.ts';
import { parseLinkedInExport } from './linkedin.ts';
import { parseFile } from './parse-file.ts';
import { parseInSandbox } from './sandbox.ts';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
const zeros = (n: number) => new Uint8Array(n);
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: { code?: string }) => error.code ?? String(error),
  );

describe('checkFile', () => {
  it('refuses a PNG renamed to .pdf by its bytes', () => {
    expect(() => checkFile(png, 'pdf')).toThrow(expect.objectContaining({ code: 'IMPORT_INVALID_TYPE' }));
  });

  it('tells a password-protected DOCX (an OLE package) from a wrong type', () => {
    expect(() => checkFile(ole, 'docx')).toThrow(expect.objectContaining({ code: 'IMPORT_ENCRYPTED' }));
    expect(() => checkFile(ole, 'pdf')).toThrow(expect.objectContaining({ code: 'IMPORT_INVALID_TYPE' }));
  });

  it('refuses empty and oversized files', () => {
    expect(() => checkFile(new Uint8Array(), 'pdf')).toThrow(
      expect.objectContaining({ code: 'IMPORT_UNREADABLE' }),
    );
    expect(() => checkFile(zeros(1024 * 1024 + 1), 'json-resume')).toThrow(
      expect.objectContaining({ code: 'IMPORT_TOO_LARGE' }),
    );
  });

  it('accepts each kind by its leading bytes', () => {
    expect(() => checkFile(makePdf(1), 'pdf')).not.toThrow();
    expect(() => checkFile(makeZip([{ name: 'a.txt', data: zeros(1) }]), 'docx')).not.toThrow();
    expect(() => checkFile(ole, 'doc')).not.toThrow();
    expect(() => checkFile(new TextEncoder().encode('\uFEFF {"basics":{}}'), 'json-resume')).not.toThrow();
  });
});

describe('readZip', () => {
  it('refuses an archive whose declared sizes pass the limit without inflating it', async () => {
    const bomb = makeZip([{ name: 'word/document.xml', data: zeros(2 * 1024 * 1024) }]);
    expect(await codeOf(readZip(bomb, { maxExpandedBytes: 1024 * 1024 }))).toBe('IMPORT_ARCHIVE_TOO_LARGE');
  });

  it('stops an entry that expands past the size it declared', async () => {
    const liar = makeZip([{ name: 'word/document.xml', data: zeros(2 * 1024 * 1024), declaredSize: 100 }]);
    expect(await codeOf(readZip(liar, { maxExpandedBytes: 1024 * 1024 }))).toBe('IMPORT_ARCHIVE_TOO_LARGE');
  });

  it('keeps only the wanted entries and refuses a damaged archive', async () => {
    const zip = makeZip([
      { name: 'a.txt', data: new TextEncoder().encode('a') },
      { name: 'b.txt', data: new TextEncoder().encode('b') },
    ]);
    const kept = await readZip(zip, { keep: (name) => name === 'b.txt' });
    expect([...kept.keys()]).toEqual(['b.txt']);
    expect(kept.get('b.txt')?.toString()).toBe('b');
    expect(await codeOf(readZip(zip.subarray(0, zip.length - 30)))).toBe('IMPORT_UNREADABLE');
  });
});

describe('parseFile refusals', () => {
  it('refuses a DOCX zip bomb before mammoth sees it', async () => {
    const bomb = makeZip([{ name: 'word/document.xml', data: zeros(80 * 1024 * 1024) }]);
    expect(await codeOf(parseFile(bomb, 'docx'))).toBe('IMPORT_ARCHIVE_TOO_LARGE');
    // Compressing 80 MB to build the bomb is the slow part on a busy 2-core machine, not the refusal.
  }, 30_000);

  it('refuses a 20-page PDF and a password-protected one with their own codes', async () => {
    expect(await codeOf(parseFile(makePdf(20), 'pdf'))).toBe('IMPORT_TOO_MANY_PAGES');
    expect(await codeOf(parseFile(makePdf(1, { encrypted: true }), 'pdf'))).toBe('IMPORT_ENCRYPTED');
  });

  it('refuses a JSON file that is not a JSON Resume', async () => {
    const bytes = new TextEncoder().encode('{"basics": {"name": 42}}');
    expect(await codeOf(parseFile(bytes, 'json-resume'))).toBe('IMPORT_INVALID_JSON_RESUME');
  });
});

describe('LinkedIn data export', () => {
  const encode = (rows: string[][]) => csv(rows);

  it('reads the profile files, with missing files and empty columns', async () => {
    const zip = makeZip([
      {
        name: 'Profile.csv',
        data: encode([
          ['First Name', 'Last Name', 'Maiden Name', 'Headline', 'Summary', 'Geo Location', 'Websites'],
          [
            'Ana',
            'Souza',
            '',
            'Engenheira de Dados',
            'Dados, sempre.',
            'São Paulo, Brasil',
            '[PERSONAL:https://ana.dev]',
          ],
        ]),
      },
      {
        name: 'Positions.csv',
        data: encode([
          ['Company Name', 'Title', 'Description', 'Location', 'Started On', 'Finished On'],
          ['Nubank', 'Data Engineer', 'Pipelines', 'São Paulo', 'Mar 2021', ''],
          ['Itaú', 'Analyst', '', '', 'jan 2018', 'Feb 2021'],
        ]),
      },
      { name: 'Skills.csv', data: encode([['Name'], ['SQL'], ['Python']]) },
      {
        name: 'Email Addresses.csv',
        data: encode([
          ['Email Address', 'Confirmed', 'Primary', 'Updated On'],
          ['old@example.com', 'Yes', 'No', ''],
          ['ana@example.com', 'Yes', 'Yes', ''],
        ]),
      },
      {
        name: 'Languages.csv',
        data: encode([
          ['Name', 'Proficiency'],
          ['English', 'Full professional proficiency'],
        ]),
      },
    ]);

    const { content, language } = await parseLinkedInExport(zip, 'pt-BR');

    expect(language).toBe('pt-BR');
    expect(content.personalInfo).toMatchObject({
      firstName: 'Ana',
      lastName: 'Souza',
      email: 'ana@example.com',
      jobTitle: 'Engenheira de Dados',
      city: 'São Paulo, Brasil',
    });
    expect(content.experience.map((e) => [e.company, e.startDate, e.endDate, e.current])).toEqual([
      ['Nubank', '2021-03', '', true],
      ['Itaú', '2018-01', '2021-02', false],
    ]);
    expect(content.skills.map((s) => s.name)).toEqual(['SQL', 'Python']);
    expect(content.links[0]?.url).toBe('https://ana.dev');
    expect(content.languages[0]).toMatchObject({ language: 'English', fluency: 'fluent' });
    expect(content.education).toEqual([]);
    expect(content.sectionTitle.experience).toBe('Experiência profissional');
  });

  it('refuses a ZIP with none of the profile files', async () => {
    const zip = makeZip([{ name: 'notes.txt', data: new TextEncoder().encode('hello') }]);
    expect(await codeOf(parseLinkedInExport(zip))).toBe('IMPORT_NOT_LINKEDIN');
  });
});

describe('parseInSandbox', () => {
  it('parses in a worker thread and brings the result back', async () => {
    const json = new TextEncoder().encode(
      JSON.stringify({ basics: { name: 'Jane Doe', email: 'jane@example.com' } }),
    );
    const parsed = await parseInSandbox(json, 'json-resume', { language: 'en' });
    expect(parsed.content.personalInfo).toMatchObject({ firstName: 'Jane', lastName: 'Doe' });
  });

  it('stops a parse that passes its time limit and carries refusal codes across the thread', async () => {
    expect(await codeOf(parseInSandbox(makePdf(1), 'pdf', {}, { timeoutMs: 1 }))).toBe('IMPORT_TIMEOUT');
    expect(await codeOf(parseInSandbox(png, 'pdf'))).toBe('IMPORT_INVALID_TYPE');
  });

  it('refuses a PDF whose content stream inflates to 300 MB before pdf.js decodes it', async () => {
    const started = performance.now();

    const code = await codeOf(parseInSandbox(makePdfBomb(300 * 1024 * 1024), 'pdf'));

    expect(code).toBe('IMPORT_TOO_COMPLEX');
    // Well under the 20 s parse limit it would otherwise reach (loose: the machine may be busy).
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('stops a parse whose process memory grows past its limit: what the pre-check cannot see is bounded too', async () => {
    const pages = makePdf(3, {
      lines: (page) => Array.from({ length: 40 }, (_, i) => `Page ${page} line ${i}`),
    });
    // A probe standing in for the process's memory: it grows 200 MB each time it is read.
    let rss = 0;
    const growing = () => (rss += 200 * 1024 * 1024);

    expect(await codeOf(parseInSandbox(pages, 'pdf', {}, { readRss: growing, rssGrowthMb: 500 }))).toBe(
      'IMPORT_TOO_COMPLEX',
    );
    expect(await codeOf(parseInSandbox(pages, 'pdf', {}, { readRss: () => 0, rssGrowthMb: 500 }))).not.toBe(
      'IMPORT_TOO_COMPLEX',
    );
  });
});
