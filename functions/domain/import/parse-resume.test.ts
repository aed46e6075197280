import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { LaidOutLine } from './layout.ts';
import { degreeAndField, parseResume } from './parse-resume.ts';
import { extractPdf } from './pdf-text.ts';
import type { TextDocument, TextLine } from './types.ts';

const fixtures = join(import.meta.dirname, '../../../tests/fixtures/import/files');

/** A one-column document from [text, options] rows, 14 pt apart. */
function documentOf(rows: (string | [string, Partial<TextLine>])[]): TextDocument {
  const lines = rows.map((row, k): TextLine => {
    const [text, options] = typeof row === 'string' ? [row, {}] : row;
    return { text, page: 1, x: 40, y: 50 + k * 14, width: 300, size: 10, bold: false, column: 0, ...options };
  });
  return { kind: 'pdf', pages: 1, pageWidth: 612, pageHeight: 792, lines };
}

const heading = (text: string): [string, Partial<TextLine>] => [text, { bold: true, size: 12 }];
const bold = (text: string): [string, Partial<TextLine>] => [text, { bold: true }];

describe('parseResume', () => {
  it('reads the header: name, job title, contact, links', () => {
    const doc = documentOf([
      ['Ana Souza', { size: 24, bold: true }],
      'Backend Engineer',
      'ana.souza@example.com · +1 (415) 555-0100 · Denver, CO',
      'linkedin.com/in/anasouza · github.com/anasouza',
      heading('SUMMARY'),
      'Engineer who likes boring, reliable systems.',
    ]);
    const { content, language } = parseResume(doc);
    expect(content.personalInfo).toMatchObject({
      firstName: 'Ana',
      lastName: 'Souza',
      jobTitle: 'Backend Engineer',
      email: 'ana.souza@example.com',
      phone: '+1 (415) 555-0100',
      city: 'Denver, CO',
      summary: 'Engineer who likes boring, reliable systems.',
    });
    expect(content.links.map((l) => [l.network, l.username])).toEqual([
      ['LinkedIn', 'anasouza'],
      ['GitHub', 'anasouza'],
    ]);
    expect(content.title).toBe('Ana Souza');
    expect(language).toBe('en');
  });

  it('reads a location printed as labelled rows: the town and its region, not the country', () => {
    const doc = documentOf([
      ['Ana Souza', { size: 24, bold: true }],
      heading('CONTACT'),
      'Email \t ana.souza@example.com',
      'Country \t United States',
      'City \t Oakland',
      'Region \t CA',
      heading('SUMMARY'),
      'Engineer who likes boring, reliable systems.',
    ]);

    const { content } = parseResume(doc);

    expect(content.personalInfo).toMatchObject({ email: 'ana.souza@example.com', city: 'Oakland, CA' });
  });

  it("takes a degree printed under its school with a colon and no field for the school's degree", () => {
    const doc = documentOf([
      ['Ana Souza', { size: 24, bold: true }],
      heading('EDUCATION'),
      bold('University of Washington \t 2012-09 – 2014-06'),
      ['Master of Science:', { x: 56 }],
    ]);

    const { content } = parseResume(doc);

    expect(content.education.map((e) => [e.school, e.degree])).toEqual([
      ['University of Washington', 'Master of Science'],
    ]);
  });

  it('splits experience into jobs with dates, places and bullets', () => {
    const doc = documentOf([
      ['Ana Souza', { size: 24, bold: true }],
      heading('EXPERIENCE'),
      bold('Senior Engineer \t Jan 2020 – Present'),
      'Acme Corp \t Austin, TX',
      ['• Built the billing service', { x: 42 }],
      ['• Cut costs by 30% across the', { x: 42, width: 560 }],
      ['whole platform', { x: 50 }],
      bold('Engineer \t 01/2017 - 12/2019'),
      'Globex',
      ['• Wrote the API', { x: 42 }],
    ]);
    const { content } = parseResume(doc);
    expect(content.experience).toHaveLength(2);
    expect(content.experience[0]).toMatchObject({
      position: 'Senior Engineer',
      company: 'Acme Corp',
      location: 'Austin, TX',
      startDate: '2020-01',
      endDate: '',
      current: true,
      description: 'Built the billing service\nCut costs by 30% across the whole platform',
    });
    expect(content.experience[1]).toMatchObject({
      position: 'Engineer',
      company: 'Globex',
      startDate: '2017-01',
      endDate: '2019-12',
      description: 'Wrote the API',
    });
  });

  it('reads a Portuguese resume: headings, dates, degree, languages, section titles', () => {
    const doc = documentOf([
      ['Beatriz Araújo', { size: 24, bold: true }],
      heading('EXPERIÊNCIA PROFISSIONAL'),
      bold('Designer de Interação \t mai. 2017 – atual'),
      'Saúde Já \t Campinas, SP',
      heading('FORMAÇÃO ACADÊMICA'),
      bold('Bacharelado em Design \t fev. 2012 – dez. 2016'),
      'Universidade de São Paulo',
      heading('IDIOMAS'),
      'Português (Nativo) · Inglês (Fluente)',
    ]);
    const { content, language } = parseResume(doc);
    expect(language).toBe('pt-BR');
    expect(content.settings).toMatchObject({ language: 'pt-BR', pageSize: 'a4' });
    expect(content.sectionTitle.experience).toBe('Experiência profissional');
    expect(content.experience[0]).toMatchObject({ company: 'Saúde Já', startDate: '2017-05', current: true });
    expect(content.education[0]).toMatchObject({
      school: 'Universidade de São Paulo',
      degree: 'bachelor',
      field: 'Design',
      startDate: '2012-02',
      endDate: '2016-12',
    });
    expect(content.languages.map((l) => [l.language, l.fluency])).toEqual([
      ['Português', 'native'],
      ['Inglês', 'fluent'],
    ]);
  });

  it('reads a sidebar column apart from the main one', () => {
    const side = (text: string, k: number, options: Partial<TextLine> = {}): TextLine => ({
      text,
      page: 1,
      x: 20,
      y: 60 + k * 20,
      width: 100,
      size: 10,
      bold: false,
      column: 0,
      ...options,
    });
    const main = (text: string, k: number, options: Partial<TextLine> = {}): TextLine => ({
      text,
      page: 1,
      x: 200,
      y: 50 + k * 14,
      width: 340,
      size: 10,
      bold: false,
      column: 1,
      ...options,
    });
    const doc: TextDocument = {
      kind: 'pdf',
      pages: 1,
      pageWidth: 612,
      pageHeight: 792,
      lines: [
        side('CONTACT', 0, { bold: true, size: 12 }),
        side('ana@example.com', 1),
        side('SKILLS', 2, { bold: true, size: 12 }),
        side('TypeScript', 3, { bold: true }),
        side('Expert · React, Node.js', 4),
        side('Go', 5, { bold: true }),
        side('Advanced', 6),
        main('Ana Souza', 0, { size: 24, bold: true }),
        main('Staff Engineer', 1),
        main('EXPERIENCE', 2, { bold: true, size: 12 }),
        main('Staff Engineer \t 2019 – 2023', 3, { bold: true }),
        main('Initech', 4),
      ],
    };
    const { content } = parseResume(doc);
    expect(content.personalInfo).toMatchObject({
      firstName: 'Ana',
      jobTitle: 'Staff Engineer',
      email: 'ana@example.com',
    });
    expect(content.skills.map((s) => [s.name, s.skillLevelId, s.keywords])).toEqual([
      ['TypeScript', 'expert', 'React, Node.js'],
      ['Go', 'advanced', ''],
    ]);
    expect(content.experience[0]).toMatchObject({ company: 'Initech', startDate: '2019', endDate: '2023' });
  });

  it('keeps an unknown heading as a custom section', () => {
    const doc = documentOf([
      ['Ana Souza', { size: 24, bold: true }],
      heading('EXPERIENCE'),
      bold('Engineer \t 2019 – 2021'),
      'Globex',
      heading('PUBLICATIONS'),
      bold('Idempotency Keys \t Apr 2023'),
      'Engineering Blog',
    ]);
    const { content } = parseResume(doc);
    expect(content.customSections).toHaveLength(1);
    expect(content.customSections[0]?.title).toBe('Publications');
    expect(content.customSections[0]?.items[0]).toMatchObject({
      title: 'Idempotency Keys',
      subtitle: 'Engineering Blog',
      date: '2023-04',
    });
  });
});

describe('parseResume: entries', () => {
  /** Lines of a document without styles (a .doc): every line the same size, none bold. */
  function plainDocument(rows: (string | [string, Partial<TextLine>])[]): TextDocument {
    return { ...documentOf(rows), kind: 'doc' };
  }

  it('reads jobs printed without styles as title, employer, dates and place, each on its own line', () => {
    const doc = plainDocument([
      'Angela Morales',
      'WORK',
      'Registered Nurse, Medical ICU',
      "St. David's Medical Center",
      'Mar 2020 - Apr 2025',
      'Austin, TX',
      'Cared for 2 critically ill patients per shift in a 24-bed medical ICU',
      'Registered Nurse, Cardiac Step-Down',
      'Dell Seton Medical Center',
      'Jan 2018 - Feb 2020',
      'Trained staff on a new bedside handoff checklist',
    ]);
    const { content } = parseResume(doc);
    expect(content.experience.map((e) => [e.position, e.company, e.startDate])).toEqual([
      ['Registered Nurse, Medical ICU', "St. David's Medical Center", '2020-03'],
      ['Registered Nurse, Cardiac Step-Down', 'Dell Seton Medical Center', '2018-01'],
    ]);
  });

  it('reads jobs printed without styles: company and place, dates, then the title over the bullets', () => {
    const doc = plainDocument([
      'Ana Souza',
      'EXPERIENCE',
      'Acme Corp, Austin, TX',
      'Jan 2021 - Present',
      'Senior Engineer',
      ['• Built the billing service', { bullet: true }],
      'Globex Group, Chicago, IL',
      'Jul 2017 - Dec 2020',
      'Engineer',
      ['• Wrote the API', { bullet: true }],
    ]);
    const { content } = parseResume(doc);
    expect(content.experience.map((e) => [e.position, e.company, e.location, e.startDate])).toEqual([
      ['Senior Engineer', 'Acme Corp', 'Austin, TX', '2021-01'],
      ['Engineer', 'Globex Group', 'Chicago, IL', '2017-07'],
    ]);
  });

  it('takes the section words of a one-style PDF for its headings, and keeps them content in a styled one', () => {
    const rows = [
      'Jordan Reyes',
      'jordan.reyes@example.com',
      '(555) 201-3344',
      'Experience',
      'Globex Industries',
      'Maintenance Planner',
      'Mar 2019 - Present',
      'Shipped the maintenance scheduler used by 40 technicians',
      'Education',
      'Lakeside Community College',
      'Associate of Applied Science, 2018',
      'Skills',
      'Scheduling, Preventive maintenance',
    ];
    const styled = documentOf([
      ['Jordan Reyes', { size: 20, bold: true }],
      heading('EXPERIENCE'),
      bold('Globex Industries \t Mar 2019 - Present'),
      'Maintenance Planner',
      'Skills',
      'Shipped the maintenance scheduler used by 40 technicians',
    ]);

    const { content } = parseResume(documentOf(rows));
    const inStyled = parseResume(styled).content;

    expect(content.personalInfo.jobTitle).toBe('');
    expect(content.experience.map((e) => [e.company, e.position, e.startDate, e.current])).toEqual([
      ['Globex Industries', 'Maintenance Planner', '2019-03', true],
    ]);
    expect(content.education.map((e) => [e.school, e.degree, e.field])).toEqual([
      ['Lakeside Community College', 'Associate', 'Applied Science'],
    ]);
    expect(content.skills.map((s) => s.name)).toEqual(['Scheduling', 'Preventive maintenance']);
    expect(inStyled.skills).toEqual([]);
    expect(inStyled.experience[0]?.description).toContain('Skills');
  });

  it('reads schools printed without styles, the degree under the dates', () => {
    const doc = plainDocument([
      'Ana Souza',
      'EDUCATION',
      'University of Chicago',
      'Sep 2019 - Jun 2022',
      'MBA, Finance',
      'Marquette University',
      'Aug 2011 - May 2015',
      'Master of Science in Mechanical Engineering',
    ]);
    const { content } = parseResume(doc);
    expect(content.education.map((e) => [e.school, e.degree, e.field, e.endDate])).toEqual([
      ['University of Chicago', 'MBA', 'Finance', '2022-06'],
      ['Marquette University', 'Master of Science', 'Mechanical Engineering', '2015-05'],
    ]);
  });

  it('starts an entry at a title set larger than the text, and reads one certificate per bullet', () => {
    const doc = documentOf([
      ['Ana Souza', { size: 24, bold: true }],
      heading('EXPERIENCE'),
      ['Lead Engineer — Great Lakes Mobility', { size: 13 }],
      'March 2019 – Present · Detroit, MI',
      ['• Led a team of seven', { x: 45, bullet: true }],
      ['Design Engineer — Ridgeway Automotive', { size: 13 }],
      'June 2012 – December 2014 · Auburn Hills, MI',
      ['• Modeled brackets', { x: 45, bullet: true }],
      heading('CERTIFICATIONS'),
      ['• Professional Engineer (PE), Michigan, State of Michigan (Oct 2017)', { bullet: true }],
      ['• Six Sigma Green Belt - ASQ, April 2016', { bullet: true }],
    ]);
    const { content } = parseResume(doc);
    expect(content.experience.map((e) => [e.position, e.company, e.startDate])).toEqual([
      ['Lead Engineer', 'Great Lakes Mobility', '2019-03'],
      ['Design Engineer', 'Ridgeway Automotive', '2012-06'],
    ]);
    expect(content.certifications.map((c) => [c.name, c.issuer, c.date])).toEqual([
      ['Professional Engineer (PE), Michigan', 'State of Michigan', '2017-10'],
      ['Six Sigma Green Belt', 'ASQ', '2016-04'],
    ]);
  });

  it('reads projects as a name and what they are, and volunteering by which part is the role', () => {
    const doc = documentOf([
      ['Ana Souza', { size: 24, bold: true }],
      heading('PROJECTS'),
      bold('Type Specimens: A free specimen generator used by designers.'),
      bold('Signage Kit — Open-source wayfinding templates for clinics.'),
      heading('VOLUNTEERING'),
      bold('FIRST Robotics \t Jan 2016 – Dec 2023'),
      'Team Mentor',
    ]);
    const { content } = parseResume(doc);
    expect(content.projects.map((p) => [p.name, p.description])).toEqual([
      ['Type Specimens', 'A free specimen generator used by designers.'],
      ['Signage Kit', 'Open-source wayfinding templates for clinics.'],
    ]);
    expect(content.volunteering[0]).toMatchObject({
      organization: 'FIRST Robotics',
      position: 'Team Mentor',
    });
  });
});

describe('parseResume: dates run on after the employer', () => {
  it("reads a range whose dash is spaced as the range, not as a separator of the head's parts", () => {
    const doc = documentOf([
      ['Angela Morales', { size: 24, bold: true }],
      heading('Work'),
      bold("St. David's Medical Center 2020-03 — 2025-04"),
      'Registered Nurse, Medical ICU',
      ['• Cared for 2 critically ill patients per shift', { x: 42 }],
      bold('Seton Northwest Hospital 2014-05 — 2016-05'),
      'Patient Care Technician',
      ['• Took vital signs and drew blood', { x: 42 }],
    ]);

    const { content } = parseResume(doc);

    expect(content.experience.map((e) => [e.position, e.company, e.startDate, e.endDate])).toEqual([
      ['Registered Nurse, Medical ICU', "St. David's Medical Center", '2020-03', '2025-04'],
      ['Patient Care Technician', 'Seton Northwest Hospital', '2014-05', '2016-05'],
    ]);
  });
});

describe('parseResume: a form that labels its values', () => {
  it('reads each value by its label: the name, the contact, jobs, schools and languages', () => {
    const doc = documentOf([
      ['Curriculum Vitae', { size: 14, bold: true }],
      heading('Personal information'),
      'Name / Surname \t Angela Morales',
      'Address \t Austin, TX, United States',
      'Telephone \t (512) 555-0163',
      'Email \t angela.morales@example.com',
      ['Desired employment / \t Registered Nurse, ICU', { size: 12 }],
      ['Occupational field', { size: 12 }],
      heading('Work experience'),
      'Dates \t March 2020 – April 2025',
      'Occupation or position held \t Registered Nurse, Medical ICU',
      'Main activities and \t Cared for 2 critically ill patients per shift',
      'responsibilities',
      'Name and address of employer \t Dell Seton Medical Center, Austin, TX',
      'Dates \t June 2016 – December 2017',
      'Occupation or position held \t Patient Care Technician',
      'Name and address of employer \t Seton Northwest Hospital, Austin, TX',
      heading('Education and training'),
      'Dates \t August 2017 – May 2019',
      'Title of qualification awarded \t Bachelor of Science in Nursing',
      'Name and type of organisation \t The University of Texas at Arlington',
      'providing education and training',
      heading('Personal skills and'),
      heading('competences'),
      ['Mother tongue \t English', { size: 12 }],
      'Other language(s) \t Spanish: Fluent',
      'Critical care \t Ventilator management, CRRT',
    ]);

    const { content } = parseResume(doc);

    expect(content.personalInfo).toMatchObject({
      firstName: 'Angela',
      lastName: 'Morales',
      jobTitle: 'Registered Nurse, ICU',
      phone: '(512) 555-0163',
      email: 'angela.morales@example.com',
      city: 'Austin, TX, United States',
    });
    expect(content.experience.map((e) => [e.position, e.company, e.startDate, e.endDate])).toEqual([
      ['Registered Nurse, Medical ICU', 'Dell Seton Medical Center', '2020-03', '2025-04'],
      ['Patient Care Technician', 'Seton Northwest Hospital', '2016-06', '2017-12'],
    ]);
    expect(content.experience[0]?.description).toBe('Cared for 2 critically ill patients per shift');
    expect(content.education.map((e) => [e.school, e.degree, e.field, e.endDate])).toEqual([
      ['The University of Texas at Arlington', 'Bachelor of Science', 'Nursing', '2019-05'],
    ]);
    expect(content.languages.map((l) => [l.language, l.fluency])).toEqual([
      ['English', 'native'],
      ['Spanish', 'fluent'],
    ]);
    expect(content.skills.map((s) => s.name)).toEqual(['Critical care']);
  });
});

describe('parseResume: lists', () => {
  it('reads a grid of skills cell by cell and a language level the choices do not name', () => {
    const doc = documentOf([
      ['Ana Souza', { size: 24, bold: true }],
      heading('SKILLS'),
      bold('Kotlin \t TypeScript'),
      bold('React \t PostgreSQL'),
      heading('LANGUAGES'),
      'English Native · Mandarin Conversational',
    ]);
    const { content } = parseResume(doc);
    expect(content.skills.map((s) => s.name)).toEqual(['Kotlin', 'TypeScript', 'React', 'PostgreSQL']);
    expect(content.languages.map((l) => [l.language, l.fluency])).toEqual([
      ['English', 'native'],
      ['Mandarin', 'Conversational'],
    ]);
  });
});

describe('parseResume: a name that wrapped', () => {
  it('joins a long name broke after its hyphen, and reads the title below it', () => {
    const doc = documentOf([
      ['Morgan Castellanos-', { size: 24, bold: true }],
      ['Whitaker', { size: 24, bold: true }],
      'Director of Engineering',
      'morgan@example.com',
    ]);
    const { content } = parseResume(doc);
    expect(content.personalInfo).toMatchObject({
      firstName: 'Morgan',
      lastName: 'Castellanos-Whitaker',
      jobTitle: 'Director of Engineering',
    });
  });

  it('keeps a title set like the name apart from it', () => {
    const doc = documentOf([
      ['Morgan Castellanos', { size: 24, bold: true, width: 200 }],
      ['Engineer', { size: 24, bold: true }],
      'morgan@example.com',
    ]);
    const { content } = parseResume(doc);
    expect(content.personalInfo).toMatchObject({ firstName: 'Morgan', lastName: 'Castellanos' });
  });
});

describe('parseResume: lines a narrow column broke', () => {
  it('joins a title broken after its hyphen without a space, and a description line going on in lower case', () => {
    const doc = documentOf([
      ['Ana Souza', { size: 24, bold: true }],
      heading('CERTIFICATIONS'),
      bold('Certificação em Usabilidade (UX-'),
      bold('PM)'),
      'Instituto Ágora',
      heading('AWARDS'),
      bold('Prêmio Inovação Digital'),
      'Associação Paulista de Tecnologia',
      ['Pelo agendamento de consultas', { width: 120 }],
      'com navegação por voz.',
    ]);
    const { content } = parseResume(doc);
    expect(content.certifications[0]?.name).toBe('Certificação em Usabilidade (UX-PM)');
    expect(content.awards[0]?.description).toBe('Pelo agendamento de consultas com navegação por voz.');
  });

  it('reads a level a grid cell pushed onto the next line in its brackets', () => {
    const doc = documentOf([
      ['Ana Souza', { size: 24, bold: true }],
      heading('SKILLS'),
      [
        'Incident management (Avançado) \t Budgeting and vendor management',
        {
          bold: true,
          cells: [
            { text: 'Incident management (Avançado)', x: 40 },
            { text: 'Budgeting and vendor management', x: 300 },
          ],
        } as Partial<TextLine>,
      ],
      ['(Especialista)', { x: 300 }],
    ]);
    const { content } = parseResume(doc);
    expect(content.skills.map((s) => [s.name, s.skillLevelId, s.keywords])).toEqual([
      ['Incident management', 'advanced', ''],
      ['Budgeting and vendor management', 'expert', ''],
    ]);
  });
});

describe('parseResume: skill names that wrapped', () => {
  const cellsAt = (texts: string[], bolded: boolean): [string, Partial<TextLine>] => [
    texts.join(' \t '),
    { bold: bolded, cells: texts.map((text, k) => ({ text, x: 40 + k * 150 })) } as Partial<TextLine>,
  ];

  it('joins a name a narrow list broke over two bold lines, above its level', () => {
    const doc = documentOf([
      ['Ana Souza', { size: 24, bold: true }],
      heading('SKILLS'),
      bold('Engineering management'),
      'Expert',
      bold('Budgeting and vendor'),
      bold('management'),
      'Advanced',
      bold('Java'),
      'Advanced',
    ]);
    const { content } = parseResume(doc);
    expect(content.skills.map((s) => [s.name, s.skillLevelId])).toEqual([
      ['Engineering management', 'expert'],
      ['Budgeting and vendor management', 'advanced'],
      ['Java', 'advanced'],
    ]);
  });

  it('keeps apart a name without a level and the next name, in a column of short lines', () => {
    const doc = documentOf([
      ['Ana Souza', { size: 24, bold: true }],
      heading('SKILLS'),
      bold('Skill number 1'),
      bold('Skill number 2'),
      'Advanced',
      bold('Skill number 3'),
      'Advanced',
    ]);
    const { content } = parseResume(doc);
    expect(content.skills.map((s) => s.name)).toEqual(['Skill number 1', 'Skill number 2', 'Skill number 3']);
  });

  it("joins a grid cell's wrapped name while the row's other cells are already levels", () => {
    const doc = documentOf([
      ['Ana Souza', { size: 24, bold: true }],
      heading('SKILLS'),
      cellsAt(['Budgeting and vendor', 'Hiring and interviewing', 'Java'], true),
      cellsAt(['management', 'Advanced', 'Advanced'], true),
      cellsAt(['Expert'], false),
      cellsAt(['Go', 'Kubernetes', 'Terraform'], true),
      cellsAt(['Expert', 'Advanced', 'Advanced'], false),
    ]);
    const { content } = parseResume(doc);
    expect(content.skills.map((s) => [s.name, s.skillLevelId])).toEqual([
      ['Budgeting and vendor management', 'expert'],
      ['Hiring and interviewing', 'advanced'],
      ['Java', 'advanced'],
      ['Go', 'expert'],
      ['Kubernetes', 'advanced'],
      ['Terraform', 'advanced'],
    ]);
  });

  it('reads "Name (Level)" cells of four-word names as a grid', () => {
    const doc = documentOf([
      ['Ana Souza', { size: 24, bold: true }],
      heading('SKILLS'),
      bold('Incident management (Advanced) \t Budgeting and vendor management (Expert)'),
      bold('Go (Expert) \t Java (Advanced)'),
    ]);
    const { content } = parseResume(doc);
    expect(content.skills.map((s) => s.name)).toEqual([
      'Incident management',
      'Budgeting and vendor management',
      'Go',
      'Java',
    ]);
  });
});

describe('parseResume: running heads and feet', () => {
  it('leaves out page numbers and lines every page repeats in its margins', () => {
    const doc = documentOf([
      ['Ana Souza', { size: 24, bold: true }],
      heading('LANGUAGES'),
      'English (Native)',
      ['Ana Souza \t Page 1 of 2', { y: 770, size: 6 }],
      ['Ana Souza · Resume', { page: 2, y: 30, size: 6 }],
      ['Spanish (Fluent)', { page: 2, y: 60 }],
      ['Ana Souza \t Page 2 of 2', { page: 2, y: 770, size: 6 }],
      ['Ana Souza · Resume', { page: 3, y: 30, size: 6 }],
    ]);
    const { content } = parseResume({ ...doc, pages: 3 });
    expect(content.languages.map((l) => l.language)).toEqual(['English', 'Spanish']);
  });

  it('keeps a bullet that two pages of a long document happen to open with', () => {
    const bullet = 'Wrote and socialised a multi-year technical strategy';
    const doc = documentOf([
      ['Ana Souza', { size: 24, bold: true }],
      heading('EXPERIENCE'),
      bold('Engineer \t 2019 – 2021'),
      [`• ${bullet}`, { page: 2, y: 40 }],
      bold('Developer \t 2016 – 2019'),
      [`• ${bullet}`, { page: 4, y: 40 }],
    ]);
    const { content } = parseResume({ ...doc, pages: 5 });
    expect(content.experience.map((e) => e.description)).toEqual([bullet, bullet]);
  });
});

describe('parseResume: a place between other parts', () => {
  it('reads the place printed between the school and a note', () => {
    const doc = documentOf([
      ['Ana Souza', { size: 24, bold: true }],
      heading('EDUCATION'),
      bold("Master's degree in Computer and Information Sciences \t Aug 2015 – May 2017"),
      'University of Texas at Austin · Austin, TX · GPA 3.8/4.0',
    ]);
    const { content } = parseResume(doc);
    expect(content.education[0]).toMatchObject({
      school: 'University of Texas at Austin',
      location: 'Austin, TX',
    });
  });
});

describe('parseResume: a list under a sub-label', () => {
  it("ends the list at the next entry's title set larger, however many words it has", () => {
    const doc = documentOf([
      ['Angela Morales', { size: 24, bold: true }],
      heading('WORK EXPERIENCE'),
      ['Registered Nurse, Medical ICU, St. David’s Medical Center', { size: 14 }],
      ['March 2020 - April 2025', { size: 13 }],
      ['HIGHLIGHTS', { size: 13 }],
      ['Cared for 2 critically ill patients per shift in a 24-bed medical ICU', { size: 11, bullet: true }],
      ['Precepted 12 new graduate nurses through their 12-week orientation', { size: 11, bullet: true }],
      [
        'Member of the unit sepsis committee; bundle compliance rose from 71% to 93%',
        { size: 11, bullet: true },
      ],
      ['Registered Nurse, Cardiac Step-Down, Dell Seton Medical Center', { size: 14 }],
      ['January 2018 - February 2020', { size: 13 }],
      ['HIGHLIGHTS', { size: 13 }],
      [
        'Monitored telemetry and managed drips for post-cardiac-catheterization patients',
        { size: 11, bullet: true },
      ],
      ['Trained staff on a new bedside handoff checklist', { size: 11, bullet: true }],
    ]);

    const { content } = parseResume(doc);

    expect(content.experience.map((job) => [job.position, job.company, job.startDate])).toEqual([
      ['Registered Nurse, Medical ICU', 'St. David’s Medical Center', '2020-03'],
      ['Registered Nurse, Cardiac Step-Down', 'Dell Seton Medical Center', '2018-01'],
    ]);
    expect(content.experience[1]?.description).toBe(
      'Monitored telemetry and managed drips for post-cardiac-catheterization patients\nTrained staff on a new bedside handoff checklist',
    );
  });
});

describe('parseResume: a head printed as a sentence around its dates', () => {
  it('joins the rest of a head that a word broken at its hyphen carried under the dates', () => {
    const doc = documentOf([
      ['Rafael Costa', { size: 24, bold: true }],
      heading('EXPERIÊNCIA'),
      'Analista de Dados Pleno, Rede Saúde Minas, Belo Horizonte, MG. \t fev. 2022 – mar. 2025',
      ['• Construí painéis no Power BI usados por 120 gestores', { x: 50 }],
      'Analista de BI Júnior, Supermercados Serra Azul S.A., Conta- ago. 2019 – jan. 2022',
      'gem, MG.',
      ['• Modelei o data warehouse de vendas', { x: 50 }],
    ]);

    const { content } = parseResume(doc);

    expect(content.experience.map((job) => [job.position, job.company, job.startDate])).toEqual([
      ['Analista de Dados Pleno', 'Rede Saúde Minas', '2022-02'],
      ['Analista de BI Júnior', 'Supermercados Serra Azul S.A.', '2019-08'],
    ]);
  });
});

describe('parseResume: a degree and its field under the school', () => {
  it('reads them from the first two short lines, the field printed first as a list item', () => {
    const doc = documentOf([
      ['Daniel Whitaker', { size: 24, bold: true }],
      heading('EDUCATION'),
      bold('University of Washington \t 2012-09 — 2014-06'),
      ['Computer Science', { bullet: true }],
      ['Master of Science', { x: 60 }],
      bold('University of Oregon \t 2005 — 2009'),
      ['Computer and Information Science', { bullet: true }],
      ['Bachelor of Science', { x: 60 }],
    ]);

    const { content } = parseResume(doc);

    expect(content.education.map((school) => [school.school, school.degree, school.field])).toEqual([
      ['University of Washington', 'Master of Science', 'Computer Science'],
      ['University of Oregon', 'Bachelor of Science', 'Computer and Information Science'],
    ]);
  });
});

describe('parseResume: a school its name does not tell', () => {
  it("takes the school from where the section's other entries print theirs", () => {
    const tail = documentOf([
      ['Marcus Bell', { size: 24, bold: true }],
      heading('EDUCATION'),
      'Jan 2021–Aug 2021 \t Certificate in UX Design, Springboard',
      '2009–2013 \t Bachelor of Arts in Biology, Oregon State University',
    ]);
    const first = documentOf([
      ['Marcus Bell', { size: 24, bold: true }],
      heading('EDUCATION'),
      bold('Springboard \t Jan 2021 — Aug 2021'),
      ['Certificate in UX Design', { x: 60 }],
      bold('Oregon State University \t Jan 2009 — Jan 2013'),
      ['Bachelor of Arts in Biology', { x: 60 }],
    ]);

    const read = (doc: TextDocument) =>
      parseResume(doc).content.education.map((school) => [school.school, school.field]);

    expect(read(tail)).toEqual([
      ['Springboard', 'UX Design'],
      ['Oregon State University', 'Biology'],
    ]);
    expect(read(first)).toEqual([
      ['Springboard', 'UX Design'],
      ['Oregon State University', 'Biology'],
    ]);
  });
});

describe('parseResume: a job title that reads like a town and its region', () => {
  it('keeps a job title with a comma out of the place, in the header and beside an employer', () => {
    // The heads in a regular weight, the rest in a light one: bullets drawn by CSS, set in from the heads.
    const regular = { fontName: 'Roboto-Regular' };
    const light = { fontName: 'Roboto-Light' };
    const doc = documentOf([
      ['Angela Morales', { size: 24 }],
      ['Registered Nurse, ICU', { size: 16, x: 400, width: 150 }],
      heading('CONTACT'),
      'Austin, TX',
      'angela.morales@example.com',
      heading('EMPLOYMENT'),
      ["St. David's Medical Center \t Registered Nurse, Medical ICU", regular],
      ['Mar 2020 - Apr 2025', { x: 480, width: 75, ...light }],
      ['Cared for 2 critically ill patients per shift in a 24-bed medical ICU', { x: 52, ...light }],
      ['Precepted 12 new graduate nurses through their 12-week orientation', { x: 52, ...light }],
      ['Dell Seton Medical Center \t Registered Nurse, Cardiac Step-Down', regular],
      ['Jan 2018 - Feb 2020', { x: 480, width: 75, ...light }],
      [
        'Monitored telemetry and managed drips for post-cardiac-catheterization',
        { x: 52, width: 490, ...light },
      ],
      ['patients', { x: 52, width: 45, ...light }],
      ['Trained staff on a new bedside handoff checklist', { x: 52, ...light }],
    ]);

    const { content } = parseResume(doc);

    expect(content.personalInfo).toMatchObject({ jobTitle: 'Registered Nurse, ICU', city: 'Austin, TX' });
    expect(content.experience.map((job) => [job.position, job.company, job.startDate])).toEqual([
      ['Registered Nurse, Medical ICU', "St. David's Medical Center", '2020-03'],
      ['Registered Nurse, Cardiac Step-Down', 'Dell Seton Medical Center', '2018-01'],
    ]);
    expect(content.experience[1]?.description).toBe(
      'Monitored telemetry and managed drips for post-cardiac-catheterization patients\nTrained staff on a new bedside handoff checklist',
    );
  });
});

describe('parseResume: a job title beside the name', () => {
  it('reads a title with a comma set right of the name as the title, not the town', () => {
    const doc = documentOf([
      ['Angela Morales', { size: 32, x: 26, width: 200 }],
      heading('CONTACT'),
      'Austin, TX, US',
      'angela.morales@example.com',
      // The right column's first line: read after the left column, level with the name.
      ['Registered Nurse, ICU', { size: 19, x: 412, y: 50, width: 150, column: 1 }],
      ['SUMMARY', { size: 12, x: 230, y: 98, column: 1 }],
      ['Registered nurse with 10 years of acute-care experience.', { x: 230, y: 118, column: 1 }],
    ]);

    const { content } = parseResume(doc);

    expect(content.personalInfo).toMatchObject({ jobTitle: 'Registered Nurse, ICU', city: 'Austin, TX, US' });
  });
});

describe('parseResume: contact details in the running foot', () => {
  it('reads the phone and the site a foot repeats on every page when the header has none', () => {
    const foot = (page: number): [string, Partial<TextLine>][] => [
      // A foot three lines tall: it starts a tenth of the page above the bottom edge.
      ['Austin, TX – United States', { page, x: 250, y: 713, width: 60 }],
      [
        '(512) 555-0163 • angela.morales@example.com • angelamorales.example.com',
        { page, x: 150, y: 727, width: 300 },
      ],
    ];
    const doc = {
      ...documentOf([
        ['Angela Morales', { size: 24, bold: true }],
        heading('EXPERIENCE'),
        bold('Registered Nurse, Medical ICU, St. David’s Medical Center \t 2020 – 2025'),
        ['• Cared for 2 critically ill patients per shift', { x: 50 }],
        ...foot(1),
        [heading('EDUCATION')[0], { ...heading('EDUCATION')[1], page: 2, y: 60 }],
        bold('The University of Texas at Arlington \t 2017 – 2019'),
        ...foot(2),
      ]),
      pages: 2,
    };
    for (const line of doc.lines.slice(7)) line.page = 2;

    const { content } = parseResume(doc);

    expect(content.personalInfo).toMatchObject({ phone: '(512) 555-0163', city: 'Austin, TX' });
    expect(content.links.map((link) => link.url)).toContain('https://angelamorales.example.com');
  });

  it('keeps lines near the edges that are content: one text at different heights, or with other digits', () => {
    const doc = {
      ...documentOf([
        ['Helen Park', { size: 24, bold: true }],
        heading('EDUCATION'),
        bold('University of North Carolina \t 2011 - 2016'),
        ['PhD in Biochemistry', { y: 700 }],
        [bold('University of North Carolina \t 2011 - 2013')[0], { bold: true, y: 84 }],
        ['MS in Statistics', { y: 98 }],
      ]),
      pages: 2,
    };
    (doc.lines[2] as TextLine).y = 710;
    for (const line of doc.lines.slice(4)) line.page = 2;

    const { content } = parseResume(doc);

    expect(content.education.map((school) => school.endDate)).toEqual(['2016', '2013']);
  });
});

describe('parseResume: an address a narrow column broke', () => {
  it('joins an e-mail broken inside a word, where the first line ends short of any domain', () => {
    const doc = documentOf([
      ['Daniel Whitaker', { size: 28, bold: true }],
      'Principal Software Engineer',
      heading('About'),
      ['daniel.whitaker@exampl', { x: 109, width: 100 }],
      ['e.com', { x: 109, width: 22 }],
      ['+1 (415) 555-0139', { x: 109, width: 70 }],
    ]);

    const { content } = parseResume(doc);

    expect(content.personalInfo.email).toBe('daniel.whitaker@example.com');
  });
});

describe('parseResume: employer over dates over job', () => {
  it('keeps the job title under its employer and dates when a bullet wraps a year onto a line of its own', () => {
    const head = (text: string): [string, Partial<TextLine>] => [text, { bold: true, size: 12.6 }];
    const item = (text: string, width = 300): [string, Partial<TextLine>] => [text, { x: 52, width }];
    const doc = documentOf([
      ['Jennifer O’Brien', { size: 24, bold: true }],
      heading('WORK EXPERIENCE'),
      head('Cloudline Software, Inc. \t Boston, MA'),
      'January 2020 – February 2025',
      head('Regional Sales Manager, Northeast'),
      item('Led a team of 9 account executives to 118% of a $24M annual quota'),
      head('Harbor, Wells & Co. \t Providence, RI'),
      'April 2016 – December 2019',
      head('Senior Account Executive'),
      item("President's Club three years running; 131% of quota in", 488),
      item('2018', 30),
      item('Opened 22 new enterprise accounts in New England'),
      head('Meridian Medical Devices'),
      'March 2013 – March 2016',
      head('Territory Sales Representative'),
      item('Ranked #2 of 25 reps for new-logo revenue in 2012'),
    ]);

    const { content } = parseResume(doc);

    expect(content.experience.map((job) => [job.company, job.position, job.startDate])).toEqual([
      ['Cloudline Software, Inc.', 'Regional Sales Manager, Northeast', '2020-01'],
      ['Harbor, Wells & Co.', 'Senior Account Executive', '2016-04'],
      ['Meridian Medical Devices', 'Territory Sales Representative', '2013-03'],
    ]);
  });

  it('reads a link set after an icon between the employer and the dates as the entry’s, not a list item', () => {
    const head = (text: string): [string, Partial<TextLine>] => [text, { bold: true, size: 12.6 }];
    const doc = documentOf([
      ['Priya Raman', { size: 24, bold: true }],
      heading('WORK EXPERIENCE'),
      head('Lakeview Analytics \t Chicago, IL'),
      '\uf0ac https://lakeview.example.com',
      'June 2024 – August 2024',
      head('Software Engineering Intern'),
      ['Built an ingestion job in Python that loads 2 million daily events', { x: 52 }],
      head('Cobalt Systems \t Madison, WI'),
      'January 2023 – May 2024',
      head('Teaching Assistant'),
      ['Led two weekly lab sections of 30 students each', { x: 52 }],
    ]);

    const { content } = parseResume(doc);

    expect(content.experience.map((job) => [job.company, job.position, job.startDate, job.url])).toEqual([
      ['Lakeview Analytics', 'Software Engineering Intern', '2024-06', 'https://lakeview.example.com'],
      ['Cobalt Systems', 'Teaching Assistant', '2023-01', ''],
    ]);
  });
});

describe('parseResume: a title wrapped around its dates', () => {
  it('joins the rest of a bold title the dates set beside it pushed onto the next line', () => {
    const doc = documentOf([
      ['Helen Park', { size: 24, bold: true }],
      heading('WORK'),
      ['Duke University, Department of', { bold: true, size: 12, x: 188, width: 200 }],
      ['October 2016 - December 2018', { size: 8.4, x: 417, width: 110 }],
      ['Biochemistry', { bold: true, size: 12, x: 188, width: 70 }],
      ['Postdoctoral Associate', { x: 188, width: 120 }],
      ['Developed Bayesian methods for cryo-EM structure refinement', { x: 218, width: 300 }],
      ['Helix Therapeutics', { bold: true, size: 12, x: 188, width: 110 }],
      ['September 2021 - April 2025', { size: 8.4, x: 417, width: 110 }],
      ['Senior Research Scientist', { x: 188, width: 130 }],
      ['Led a team of 4 scientists building graph neural networks', { x: 218, width: 300 }],
    ]);

    const { content } = parseResume(doc);

    expect(content.experience.map((job) => [job.company, job.position, job.startDate])).toEqual([
      ['Duke University, Department of Biochemistry', 'Postdoctoral Associate', '2016-10'],
      ['Helix Therapeutics', 'Senior Research Scientist', '2021-09'],
    ]);
  });
});

describe('parseResume: an employer whose name ends in an abbreviation', () => {
  it('keeps "Ltda." or "Inc." at the end of a head from reading as the end of a sentence', () => {
    const doc = documentOf([
      ['Camila Santos', { size: 24, bold: true }],
      heading('CARREIRA'),
      '07/2021 - 01/2025',
      'Designer de Produto Sênior, Banco Horizonte',
      'São Paulo, SP',
      ['• Redesenhei o fluxo de abertura de conta, aumentando a conversão', { x: 50 }],
      '03/2018 - 06/2021',
      'Designer de Interação, Mercado Verde Ltda.',
      'São Paulo, SP',
      ['• Liderei o redesenho do aplicativo de compras', { x: 50 }],
    ]);

    const { content } = parseResume(doc);

    expect(content.experience.map((job) => [job.position, job.company, job.startDate])).toEqual([
      ['Designer de Produto Sênior', 'Banco Horizonte', '2021-07'],
      ['Designer de Interação', 'Mercado Verde Ltda.', '2018-03'],
    ]);
  });
});

describe('parseResume: durations after dates', () => {
  it('leaves out how long a job lasted, as a profile prints it after the range', () => {
    const doc = documentOf([
      ['Carla Mendes', { size: 24, bold: true }],
      heading('EXPERIÊNCIA'),
      bold('Advogada Sênior'),
      'Albuquerque & Ribeiro Advogados',
      'agosto de 2019 - o momento (5 anos 5 meses)',
      ['• Gerencio carteira de processos trabalhistas.', { bullet: true }],
    ]);
    const { content } = parseResume(doc);
    expect(
      content.experience.map((e) => [e.position, e.company, e.startDate, e.current, e.description]),
    ).toEqual([
      [
        'Advogada Sênior',
        'Albuquerque & Ribeiro Advogados',
        '2019-08',
        true,
        'Gerencio carteira de processos trabalhistas.',
      ],
    ]);
  });
});

describe('parseResume: links over names', () => {
  it("takes an entry's address from the link over its company name", () => {
    const doc = documentOf([
      ['Ana Souza', { size: 24, bold: true }],
      heading('EXPERIENCE'),
      bold('Engineer \t 2019 – 2021'),
      ['Bluebonnet Payments', { link: 'https://bluebonnet.example.com' } as Partial<TextLine>],
      ['• Built the billing service', { bullet: true }],
    ]);
    const { content } = parseResume(doc);
    expect(content.experience[0]).toMatchObject({
      company: 'Bluebonnet Payments',
      url: 'https://bluebonnet.example.com',
    });
  });
});

describe('parseResume: an address broken anywhere', () => {
  it('joins the rest of a long URL that opens the next line without a space', () => {
    const doc = documentOf([
      ['Ana Souza', { size: 24, bold: true }],
      heading('EXPERIENCE'),
      bold('Engineer \t 2019 – 2021'),
      ['• Documented the runbook at https://wiki.example.com/platform/runbooks/inci', { bullet: true }],
      ['dent-response/severity-one and its templates', { x: 50 }],
    ]);
    const { content } = parseResume(doc);
    expect(content.experience[0]?.description).toBe(
      'Documented the runbook at https://wiki.example.com/platform/runbooks/incident-response/severity-one and its templates',
    );
  });
});

describe('parseResume on real PDFs', () => {
  it('reads the OpenResume sample', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(join(fixtures, 'openresume-resume.pdf'))));
    const { content } = parseResume(doc);
    expect(content.personalInfo).toMatchObject({
      firstName: 'John',
      lastName: 'Doe',
      email: 'hello@openresume.com',
    });
    expect(content.experience.map((e) => e.company)).toEqual([
      'ABC Company',
      'DEF Organization',
      'XYZ University',
    ]);
    expect(content.education[0]?.school).toBe('XYZ University');
  });

  it('reads the La Verne sample', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(join(fixtures, 'laverne-resume.pdf'))));
    const { content } = parseResume(doc);
    expect(content.personalInfo).toMatchObject({
      firstName: 'Leo',
      lastName: 'Leopard',
      email: 'lleopard@laverne.edu',
      phone: '(909) 555-5555',
    });
    expect(content.education[0]).toMatchObject({ degree: 'Bachelor of Arts', endDate: '2016-06' });
  });

  it('leaves an honorific out of the name and a "last updated" line out of the job title', () => {
    const doc = documentOf([
      ['Dr. Helen Okonkwo-Park', { size: 24, bold: true }],
      'Last updated in Mar 2026',
      'helen.park@example.com',
      heading('EXPERIENCE'),
      bold('Research Scientist \t 2020 – Present'),
      'Allen Institute',
    ]);
    const { content } = parseResume(doc);
    expect(content.personalInfo).toMatchObject({
      firstName: 'Helen',
      lastName: 'Okonkwo-Park',
      jobTitle: '',
      email: 'helen.park@example.com',
    });
  });

  it('cuts "Company, Position" and "Position, Company" heads by the job-title words', () => {
    const doc = documentOf([
      ['Ana Souza', { size: 24, bold: true }],
      heading('EXPERIENCE'),
      bold('Acme Corp, Senior Backend Engineer \t 2020 – Present'),
      ['• Built the billing service', { x: 42 }],
      bold('Data Analyst, Globex Inc. \t 2017 – 2019'),
      ['• Wrote the reports', { x: 42 }],
    ]);
    const { content } = parseResume(doc);
    expect(content.experience.map((e) => [e.company, e.position])).toEqual([
      ['Acme Corp', 'Senior Backend Engineer'],
      ['Globex Inc.', 'Data Analyst'],
    ]);
  });

  it('reads a date rail two lines tall, start over end, beside a school name the column wrapped', () => {
    const row = (cells: [number, string][], k: number, options: Partial<TextLine> = {}): LaidOutLine => ({
      text: cells.map(([, t]) => t).join(' \t '),
      page: 1,
      x: cells[0]?.[0] ?? 40,
      y: 120 + k * 15,
      width: 200,
      size: 10,
      bold: false,
      column: 0,
      cells: cells.map(([x, text]) => ({ x, text })),
      ...options,
    });
    const doc: TextDocument = {
      kind: 'pdf',
      pages: 1,
      pageWidth: 612,
      pageHeight: 792,
      lines: [
        { text: 'Ana Souza', page: 1, x: 40, y: 60, width: 200, size: 24, bold: true, column: 0 },
        row([[40, 'EDUCATION']], 0, { bold: true, size: 14 }),
        row(
          [
            [40, '2017'],
            [76, 'The University of Texas'],
          ],
          1,
          { bold: true },
        ),
        row(
          [
            [40, '2019'],
            [76, 'at Arlington'],
          ],
          2,
          { bold: true },
        ),
        row([[76, '\uf19d Bachelor of Science in Nursing']], 3),
        row(
          [
            [40, '2012'],
            [76, 'Austin Community College'],
          ],
          5,
          { bold: true },
        ),
        row(
          [
            [40, '2014'],
            [76, '\uf19d Associate Degree in Nursing'],
          ],
          6,
          { bold: true },
        ),
        row([[40, 'CERTIFICATIONS']], 8, { bold: true, size: 14 }),
        row(
          [
            [40, '2019'],
            [76, 'Basic Life Support'],
          ],
          9,
        ),
        row(
          [
            [40, '2020'],
            [76, 'Advanced Cardiac Life Support'],
          ],
          10,
        ),
        row(
          [
            [40, '2021'],
            [76, 'Critical Care Registered Nurse'],
          ],
          11,
        ),
      ],
    };

    const { content } = parseResume(doc);

    expect(content.education.map((e) => [e.school, e.degree, e.startDate, e.endDate])).toEqual([
      ['The University of Texas at Arlington', 'Bachelor of Science', '2017', '2019'],
      ['Austin Community College', 'associate', '2012', '2014'],
    ]);
    expect(content.certifications.map((c) => [c.name, c.date])).toEqual([
      ['Basic Life Support', '2019'],
      ['Advanced Cardiac Life Support', '2020'],
      ['Critical Care Registered Nurse', '2021'],
    ]);
  });

  it('finds a heading in a label column whose next line opens with a date in that column', () => {
    const row = (cells: [number, string][], k: number): LaidOutLine => ({
      text: cells.map(([, t]) => t).join(' \t '),
      page: 1,
      x: cells[0]?.[0] ?? 40,
      y: 120 + k * 16,
      width: 500,
      size: 10,
      bold: false,
      column: 0,
      cells: cells.map(([x, text]) => ({ x, text })),
    });
    const doc: TextDocument = {
      kind: 'pdf',
      pages: 1,
      pageWidth: 612,
      pageHeight: 792,
      lines: [
        { text: 'Ana Souza', page: 1, x: 40, y: 60, width: 200, size: 24, bold: true, column: 0 },
        row([[160, 'ana@example.com']], 0),
        row(
          [
            [40, 'EDUCATION'],
            [160, 'Universidade Federal de Minas Gerais'],
          ],
          2,
        ),
        row(
          [
            [45, '2015 TO 2019'],
            [176, 'Bacharelado em Estatística'],
          ],
          3,
        ),
      ],
    };

    const { content } = parseResume(doc);

    expect(content.education.map((e) => [e.school, e.startDate, e.endDate])).toEqual([
      ['Universidade Federal de Minas Gerais', '2015', '2019'],
    ]);
  });

  it("finds a heading set in a label column on the first entry's line", () => {
    const row = (cells: [number, string][], k: number, options: Partial<TextLine> = {}): TextLine => {
      const [first] = cells;
      const laid = {
        text: cells.map(([, t]) => t).join(' \t '),
        page: 1,
        x: first?.[0] ?? 40,
        y: 120 + k * 14,
        width: 500,
        size: 10,
        bold: false,
        column: 0,
        cells: cells.map(([x, text]) => ({ x, text })),
        ...options,
      };
      return laid;
    };
    const doc: TextDocument = {
      kind: 'pdf',
      pages: 1,
      pageWidth: 612,
      pageHeight: 792,
      lines: [
        { text: 'Ana Souza', page: 1, x: 40, y: 60, width: 200, size: 24, bold: true, column: 0 },
        row([[40, 'ana@example.com']], 0),
        row(
          [
            [40, 'Experience'],
            [160, 'Acme Corp'],
            [480, '2020 – Present'],
          ],
          2,
          { bold: true },
        ),
        row([[160, 'Senior Engineer']], 3),
        row([[160, '• Built the billing service']], 4),
        row(
          [
            [40, 'Education'],
            [160, 'University of Texas'],
            [480, '2012 – 2016'],
          ],
          6,
          { bold: true },
        ),
        row([[160, 'Bachelor of Science in Computer Science']], 7),
      ],
    };
    const { content } = parseResume(doc);
    expect(content.experience).toHaveLength(1);
    expect(content.experience[0]).toMatchObject({
      company: 'Acme Corp',
      position: 'Senior Engineer',
      startDate: '2020',
      current: true,
    });
    expect(content.education[0]).toMatchObject({
      school: 'University of Texas',
      degree: 'Bachelor of Science',
    });
  });

  it('finds a heading after an icon glyph of a font the PDF did not embed', () => {
    const doc = documentOf([
      ['Ana Souza', { size: 24, bold: true }],
      heading('\uf0b1 Work Experience'),
      bold('Senior Engineer \t Jan 2020 – Present'),
      'Acme Corp',
      heading('\ue80b Education'),
      bold('Bachelor of Science in Computer Science \t 2012 – 2016'),
      'University of Texas',
    ]);
    const { content } = parseResume(doc);
    expect(content.experience[0]).toMatchObject({ company: 'Acme Corp', position: 'Senior Engineer' });
    expect(content.education[0]).toMatchObject({
      school: 'University of Texas',
      degree: 'Bachelor of Science',
    });
  });

  it('reads skills named over their details: a level, bullets, or smaller indented keywords', () => {
    const doc = documentOf([
      ['Ana Souza', { size: 24, bold: true }],
      heading('SKILLS'),
      ['Languages', { size: 13 }],
      ['Expert', { size: 13 }],
      ['• Go', { x: 50 }],
      ['• Java', { x: 50 }],
      ['Infrastructure', { size: 13 }],
      ['Kubernetes', { x: 50 }],
      ['Terraform', { x: 50 }],
      ['Mentoring', { size: 13 }],
    ]);
    const { content } = parseResume(doc);
    expect(content.skills.map((s) => [s.name, s.skillLevelId, s.keywords])).toEqual([
      ['Languages', 'expert', 'Go, Java'],
      ['Infrastructure', '', 'Kubernetes, Terraform'],
      ['Mentoring', '', ''],
    ]);
  });

  it('reads a skill name over or beside the list it names', () => {
    const doc = documentOf([
      ['Ana Souza', { size: 24, bold: true }],
      heading('SKILLS'),
      'Critical care',
      ['Ventilator management, Vasoactive', { width: 560 }],
      'drips, CRRT',
      'Epic EHR',
      'CHARTING \t Epic, Cerner, Meditech',
    ]);
    const { content } = parseResume(doc);
    expect(content.skills.map((s) => [s.name, s.keywords])).toEqual([
      ['Critical care', 'Ventilator management, Vasoactive drips, CRRT'],
      ['Epic EHR', ''],
      ['CHARTING', 'Epic, Cerner, Meditech'],
    ]);
  });

  it('reads a name beside its job title, a name stacked a word to a line, and no document title as a name', () => {
    const beside = parseResume(
      documentOf([
        ['Curriculum Vitae', { size: 26, bold: true }],
        ['Angela Morales | Registered Nurse, ICU', { size: 17, bold: true }],
        'angela@example.com',
      ]),
    ).content.personalInfo;
    expect(beside).toMatchObject({
      firstName: 'Angela',
      lastName: 'Morales',
      jobTitle: 'Registered Nurse, ICU',
    });
    const stacked = parseResume(
      documentOf([
        ['Rafael', { size: 36, bold: true }],
        ['Moreira Costa', { size: 36, bold: true }],
        'Analista de Dados',
        'rafael@example.com',
      ]),
    ).content.personalInfo;
    expect(stacked).toMatchObject({
      firstName: 'Rafael',
      lastName: 'Moreira Costa',
      jobTitle: 'Analista de Dados',
    });
  });

  it('refuses bytes that are not a PDF', async () => {
    await expect(extractPdf(new TextEncoder().encode('not a pdf'))).rejects.toMatchObject({
      code: 'IMPORT_UNREADABLE',
    });
  });
});

describe('degreeAndField', () => {
  it.each([
    ['Nursing, Bachelor of Science in Nursing (BSN)', 'Nursing'],
    ['Computer Science / Bachelor of Science / GPA: 3.78/4.00', 'Computer Science'],
    ['Biochemistry, BS', 'Biochemistry'],
    ['Computational Biology, PhD', 'Computational Biology'],
    ['Design / Bacharelado em Design', 'Design'],
    ['MBA, Finance', 'Finance'],
    ['Bachelor of Science in Nursing (BSN) in Nursing', 'Nursing'],
    // A degree and its field printed side by side without a word between them (a theme's two spans).
    ['Master of Science Computer Science', 'Computer Science'],
    ['Bachelor of Arts Biology', 'Biology'],
    // The degree's own field, then the field again.
    ['Bacharelado em Estatística Estatística', 'Estatística'],
    ['Bachelor of Science in Nursing (BSN) Nursing', 'Nursing'],
  ])('reads the field of %s', (text, field) => {
    const read = degreeAndField(text);
    expect(read.field).toBe(field);
    expect(read.degree).not.toBe('');
  });
});
