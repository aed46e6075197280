import { describe, expect, it } from '@jest/globals';
import { alignPageColumns, findGutter, type Glyphs, type LaidOutLine, linesOf, toLines } from './layout.ts';

const run = (text: string, x: number, y: number, options: Partial<Glyphs> = {}): Glyphs => ({
  text,
  page: 1,
  x,
  y,
  width: text.length * 5,
  size: 10,
  fontName: 'Inter-Regular',
  bold: false,
  ...options,
});

/** A sidebar (x 20–150) beside a main column (x 200–560), lines on their own rhythms. */
function sidebarPage(): Glyphs[] {
  const sidebar = ['CONTACT', 'ana@example.com', 'SKILLS', 'TypeScript', 'Go', 'SQL', 'Kubernetes'].map(
    (t, k) => run(t, 20, 60 + k * 90),
  );
  const main = Array.from({ length: 40 }, (_, k) => run(`Main column line number ${k}`, 200, 55 + k * 16));
  return [...main, ...sidebar];
}

describe('toLines', () => {
  it('reads a two-column page column by column', () => {
    const lines = toLines(sidebarPage(), 612);
    expect(lines.slice(0, 7).map((l) => l.text)).toEqual([
      'CONTACT',
      'ana@example.com',
      'SKILLS',
      'TypeScript',
      'Go',
      'SQL',
      'Kubernetes',
    ]);
    expect(lines[0]?.column).toBe(0);
    expect(lines[7]).toMatchObject({ text: 'Main column line number 0', column: 1 });
  });

  it('keeps a title and its right-aligned date on one line, a tab apart', () => {
    const glyphs = [
      run('Senior Engineer', 40, 100, { bold: true }),
      run('Mar 2021 – Present', 480, 100),
      ...Array.from({ length: 5 }, (_, k) =>
        run('A description line that spans the whole width of the page text', 40, 120 + k * 14, {
          width: 520,
        }),
      ),
    ];
    const [first] = toLines(glyphs, 612);
    expect(first?.text).toBe('Senior Engineer \t Mar 2021 – Present');
    expect(first?.bold).toBe(true);
  });

  it('does not split a one-column page whose dates sit in a rail on the same rows', () => {
    const glyphs = Array.from({ length: 12 }, (_, k) => [
      run('2019 – 2021', 40, 60 + k * 30),
      run('Some entry text here', 200, 60 + k * 30),
    ]).flat();
    expect(findGutter(glyphs, 612)).toBeUndefined();
  });

  it("reads a form's labels, set flush right against their values, across the rows", () => {
    // Labels end at x 190; a wrapped label's rest and a heading stand on no value's baseline.
    const label = (text: string, y: number) => run(text, 190 - text.length * 5, y);
    const glyphs = [
      label('Work experience', 40),
      ...[0, 1, 2].flatMap((k) => {
        const y = 60 + k * 110;
        return [
          label('Dates', y),
          run('March 2020 – April 2025', 210, y),
          label('Occupation or position held', y + 14),
          run('Registered Nurse', 210, y + 14),
          label('Main activities and', y + 28),
          run('Cared for two patients per shift in a medical ICU', 210, y + 28),
          label('responsibilities', y + 40),
          ...[1, 2, 3].map((n) =>
            run(`Another responsibility of the job, number ${n}`, 210, y + 40 + n * 14),
          ),
          label('Name and address of employer', y + 98),
          run('St. David’s Medical Center, Austin, TX', 210, y + 98),
        ];
      }),
    ];
    const lines = toLines(glyphs, 612);
    expect(lines.every((line) => line.column === 0)).toBe(true);
    expect(lines[1]?.text).toBe('Dates \t March 2020 – April 2025');
  });

  it('closes up a heading drawn one letter at a time', () => {
    const letters = [...'SKILLS'].map((c, k) => run(c, 40 + k * 12, 50, { width: 7 }));
    const body = Array.from({ length: 3 }, (_, k) => run('Body text', 40, 70 + k * 14));
    expect(toLines([...letters, ...body], 612)[0]?.text).toBe('SKILLS');
  });
});

describe('a rail of labels beside the blocks they name', () => {
  /** A rail (x 110–200) of headings centred on their blocks, off the text's baselines, beside the text (x 230–540). */
  function railPage(): Glyphs[] {
    const text = (t: string, y: number, bold = false) => run(t, 230, y, { width: 300, bold });
    return [
      run('Ana Lima', 250, 40, { size: 20, width: 120 }),
      text('Email ana@example.com', 100),
      text('Phone 555-0100', 120),
      text('Website ana.example.com', 140),
      run('CONTACT', 130, 122),
      run('WORK', 140, 178),
      run('EXPERIENCE', 125, 192),
      text('Engineer at Acme', 190, true),
      text('Built the billing service', 206),
      text('Ran the on-call rotation', 222),
      run('2021-04 – Present', 120, 212, { size: 7 }),
      text('Developer at Initech', 260, true),
      text('Wrote the reports', 276),
      run('2018 –', 130, 262, { size: 7 }),
      run('2021', 135, 271, { size: 7 }),
      run('SKILLS', 135, 326),
      text('Go, SQL, TypeScript', 310),
      text('Kubernetes, Terraform', 326),
      text('Writing, Mentoring', 342),
    ];
  }

  it("puts each heading at the start of its block and each date on its entry's first line", () => {
    const lines = toLines(railPage(), 612);

    expect(lines.map((line) => line.text)).toEqual([
      'Ana Lima',
      'CONTACT',
      'Email ana@example.com',
      'Phone 555-0100',
      'Website ana.example.com',
      'WORK EXPERIENCE',
      'Engineer at Acme \t 2021-04 – Present',
      'Built the billing service',
      'Ran the on-call rotation',
      'Developer at Initech \t 2018 – 2021',
      'Wrote the reports',
      'SKILLS',
      'Go, SQL, TypeScript',
      'Kubernetes, Terraform',
      'Writing, Mentoring',
    ]);
    expect(lines[6]?.cells?.map((cell) => cell.text)).toEqual(['Engineer at Acme', '2021-04 – Present']);
  });

  it("leaves a date rail alone whose dates stand on the entries' rows and whose headings have rows of their own", () => {
    const text = (t: string, y: number) => run(t, 133, y, { width: 400 });
    const rail = (t: string, y: number) => run(t, 42, y, { width: 50 });
    const bullets = (from: number, count: number) =>
      Array.from({ length: count }, (_, k) => text(`A bullet of the entry, number ${k}`, from + k * 13.5));
    const glyphs = [
      ...bullets(46.5, 3),
      rail('Sep 2001 –', 96.7),
      text('Junior Developer', 96.7),
      rail('Apr 2003', 110.2),
      text('Summit Ridge Consulting', 110.2),
      ...bullets(126.7, 4),
      rail('EDUCATION', 200),
      rail('2006 –', 222),
      text("Master's degree in Computer Science", 222),
      rail('2008', 235.5),
      text('Carnegie Mellon University', 235.5),
      ...bullets(249, 2),
      rail('1997 –', 298),
      text("Bachelor's degree in Mathematics", 298),
      rail('2001', 311.5),
      text('University of Arizona', 311.5),
      rail('SKILLS', 345),
      ...bullets(367, 2),
      rail('LANGUAGES', 420),
      ...bullets(442, 2),
      rail('INTERESTS', 495),
      ...bullets(517, 2),
    ];

    const lines = toLines(glyphs, 612).map((line) => line.text);

    expect(lines).toContain('Sep 2001 – \t Junior Developer');
    expect(lines).toContain("1997 – \t Bachelor's degree in Mathematics");
  });

  it('keeps a heading in small capitals on one line, each word opening with a larger capital', () => {
    const lines = toLines(
      [
        run('W', 251, 100, { size: 13, width: 12.8 }),
        run('ORK', 264.6, 100, { size: 9, width: 19 }),
        run('E', 290, 100, { size: 13, width: 8.1 }),
        run('XPERIENCE', 298.9, 100, { size: 9, width: 57 }),
        ...Array.from({ length: 3 }, (_, k) => run(`Body line ${k}`, 40, 130 + k * 14, { width: 500 })),
      ],
      612,
    );
    expect(lines[0]?.text).toBe('WORK EXPERIENCE');
  });

  it('closes up the letters of a small word drawn apart by its tracking ("T", "O")', () => {
    const lines = toLines(
      [
        run('2017-02', 40, 100, { size: 7.1, width: 32 }),
        run('T', 75.2, 100, { size: 5.2, width: 3.8 }),
        run('O', 79.7, 100, { size: 5.2, width: 3.8 }),
        run('2021-03', 86.7, 100, { size: 7.1, width: 32 }),
      ],
      612,
    );
    expect(lines[0]?.text).toBe('2017-02 TO 2021-03');
  });
});

describe('links', () => {
  it('keeps the address a link over a name points to on its line, beside a date', () => {
    const [line] = toLines(
      [
        run('Mar 2021 –', 40, 100),
        run('Bluebonnet Payments', 200, 100, { link: 'https://bluebonnet.example.com' }),
        ...Array.from({ length: 5 }, (_, k) => run(`Body line ${k}`, 40, 130 + k * 14)),
      ],
      612,
    );
    expect(line).toMatchObject({ link: 'https://bluebonnet.example.com' });
  });
});

describe('letter-spaced runs', () => {
  it('reads two tracked-out words as one line, not as cells apart', () => {
    const lines = toLines(
      [
        run('RESUMO', 200, 100, { width: 63, tracking: 3 }),
        run('PROFISSIONAL', 275, 100, { width: 116, tracking: 3 }),
        ...Array.from({ length: 5 }, (_, k) => run(`Body line ${k}`, 40, 130 + k * 14)),
      ],
      612,
    );
    expect(lines[0]).toMatchObject({ text: 'RESUMO PROFISSIONAL' });
    expect(lines[0]?.cells).toBeUndefined();
  });
});

describe('findGutter', () => {
  it('finds the columns under a header a third of a short page tall: the name left, the contact stacked right', () => {
    const header = [
      run('Priya Raman', 30, 55, { size: 36, width: 200 }),
      run('Software Engineer', 30, 88, { size: 15, width: 127 }),
      ...[
        'Madison, WI',
        'priya@example.com',
        '(608) 555-0147',
        'priyaraman.example.com',
        'GitHub',
        'LinkedIn',
      ].map((t, k) => run(t, 448, 38 + k * 21)),
      run('Graduate who builds data pipelines and web features, and tutors peers in algorithms.', 30, 167, {
        width: 530,
      }),
    ];
    const sidebar = ['Skills', 'Python', 'TypeScript', 'React', 'Git', 'Languages', 'English', 'Tamil'].map(
      (t, k) => run(t, 30, 216 + k * 50, { width: 60 }),
    );
    const main = Array.from({ length: 26 }, (_, k) => run(`Main column line number ${k}`, 174, 216 + k * 15));

    const gutter = findGutter([...header, ...sidebar, ...main], 612);

    expect(gutter?.gutter).toBeGreaterThan(90);
    expect(gutter?.gutter).toBeLessThan(174);
  });

  it('finds the columns under a tall header whose summary runs across them below a contact block', () => {
    const header = [
      run('Dr. Helen Okonkwo-', 30, 55, { size: 36, width: 325 }),
      run('Park', 30, 91, { size: 36, width: 73 }),
      run('Research Scientist, Machine Learning', 30, 124, { size: 15, width: 251 }),
      ...['Durham, NC', 'helen@example.com', '(919) 555-0156', 'helen.example.com', 'GitHub', 'LinkedIn'].map(
        (t, k) => run(t, 420, 38 + k * 31),
      ),
      run(
        'Research scientist working on machine learning for protein structure and drug discovery.',
        30,
        218,
        {
          width: 550,
        },
      ),
      run(
        'Combines a computational biology PhD with six years of industry research, leading teams.',
        30,
        233,
        {
          width: 529,
        },
      ),
      run('production models.', 30, 248, { width: 92 }),
    ];
    const sidebar = Array.from({ length: 16 }, (_, k) =>
      run(k === 0 ? 'Skills' : `Skill ${k}`, 30, 282 + k * 26),
    );
    const main = [
      run('Work', 174, 282),
      ...Array.from({ length: 20 }, (_, k) => run(`Main column line number ${k}`, 174, 316 + k * 15)),
    ];
    const glyphs = [...header, ...sidebar, ...main];

    const gutter = findGutter(glyphs, 612);
    const lines = toLines(glyphs, 612).map((line) => line.text);

    expect(gutter?.gutter).toBeGreaterThan(110);
    expect(gutter?.gutter).toBeLessThan(174);
    expect(lines.indexOf('Park')).toBeLessThan(lines.indexOf('Skills'));
    expect(lines.indexOf('production models.')).toBeLessThan(lines.indexOf('Skills'));
    expect(lines.indexOf('Skill 15')).toBeLessThan(lines.indexOf('Work'));
  });

  it('finds none where the headings of a rail reach into the text beside them', () => {
    const glyphs = [
      ...Array.from({ length: 8 }, (_, k) => run('VOLUNTEERING', 42, 60 + k * 60, { width: 92 })),
      ...Array.from({ length: 30 }, (_, k) => run('Text beside the rail, long enough', 133.5, 55 + k * 16)),
    ];
    expect(findGutter(glyphs, 612)).toBeUndefined();
  });

  it("finds none beside a date rail whose ranges wrap off the entries' rows, with a heading in the rail", () => {
    const rail = [0, 1, 2].flatMap((k) => [
      run('Feb 2013 –', 42, 100 + k * 200),
      run('Mar 2016', 42, 112 + k * 200),
    ]);
    const entries = Array.from({ length: 40 }, (_, k) =>
      run(`Entry text line number ${k}`, 133, 100 + k * 15),
    );
    expect(findGutter([...rail, run('EDUCATION', 42, 660, { bold: true }), ...entries], 612)).toBeUndefined();
  });
});

describe('alignPageColumns', () => {
  it('gives a page that holds only the main column (the sidebar ended on page 1) that column', () => {
    const first = toLines(sidebarPage(), 612);
    const second = linesOf(
      Array.from({ length: 20 }, (_, k) => run(`Main column goes on ${k}`, 200, 55 + k * 16, { page: 2 })),
      0,
    );
    const lines: LaidOutLine[] = [...first, ...second];
    alignPageColumns(lines);
    expect(lines.filter((l) => l.page === 2).every((l) => l.column === 1)).toBe(true);
    expect(lines.filter((l) => l.page === 1 && l.x < 100).every((l) => l.column === 0)).toBe(true);
  });

  it('carries the main column on over a later page set full width', () => {
    const second = linesOf([run('Full width text on page two', 20, 60, { page: 2 })], 0);
    const lines = [...toLines(sidebarPage(), 612), ...second];
    alignPageColumns(lines);
    expect(lines.at(-1)?.column).toBe(1);
  });

  it('leaves the numbering alone where the first column is the main one (a sidebar on the right)', () => {
    const page = sidebarPage().map((g) => (g.x === 20 ? { ...g, x: 450 } : { ...g, x: g.x - 160 }));
    const second = linesOf([run('Main column goes on', 40, 60, { page: 2 })], 0);
    const lines = [...toLines(page, 612), ...second];
    alignPageColumns(lines);
    expect(lines.at(-1)?.column).toBe(0);
  });
});
