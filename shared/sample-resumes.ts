import { defaultSectionTitlesPtBr, type ResumeContent, resumeContentSchema } from './resume.ts';

/**
 * Sample resumes for template previews, tests and demos. Every person, company and address is fictional.
 * They go through `resumeContentSchema.parse` so defaults fill in and a model change that breaks them
 * fails at import time rather than in a rendered template.
 */

const lines = (...bullets: string[]) => bullets.join('\n');

/** A senior software engineer in Austin, TX: every section filled, about two US Letter pages. */
export const sampleResumeEn: ResumeContent = resumeContentSchema.parse({
  title: "Jordan's Resume",
  personalInfo: {
    firstName: 'Jordan',
    lastName: 'Whitfield',
    email: 'jordan.whitfield@example.com',
    phone: '(512) 555-0147',
    jobTitle: 'Senior Software Engineer',
    city: 'Austin, TX',
    summary: lines(
      'Senior software engineer with 11 years of experience building reliable, high-traffic web platforms.',
      'Led the move of a payments monolith to event-driven services on AWS, cutting p95 latency by 38%.',
      'Comfortable across the stack: TypeScript and React on the front, Node.js, Go and PostgreSQL behind it.',
      'Mentor to junior engineers and advocate for clear design documents, good tests and calm on-call rotations.',
    ),
  },
  experience: [
    {
      id: 'exp-1',
      company: 'Bluebonnet Payments',
      position: 'Senior Software Engineer',
      location: 'Austin, TX',
      url: 'https://bluebonnet-payments.example.com',
      startDate: '2021-03',
      current: true,
      description: lines(
        'Led a team of six engineers splitting the payments monolith into eleven event-driven services on AWS Lambda, SQS and DynamoDB.',
        'Reduced p95 checkout latency from 820 ms to 510 ms by moving fraud scoring off the request path.',
        'Designed the idempotency layer that removed duplicate charges, saving about $240K a year in refunds and support time.',
        'Introduced contract tests between services, cutting integration incidents by 60% over two quarters.',
        'Ran the on-call rotation review that halved after-hours pages while keeping 99.95% availability.',
      ),
    },
    {
      id: 'exp-2',
      company: 'Pecan Street Health',
      position: 'Software Engineer II',
      location: 'Austin, TX',
      url: 'https://pecanstreet-health.example.com',
      startDate: '2017-06',
      endDate: '2021-02',
      description: lines(
        'Built the patient scheduling app in React and TypeScript used by 140 clinics and 1.2 million patients.',
        'Rewrote the appointment search API in Go, serving 3,000 requests per second with a 40 ms median.',
        'Added end-to-end accessibility checks that brought the app to WCAG 2.1 AA.',
        'Mentored four junior engineers, two of whom were promoted within eighteen months.',
      ),
    },
    {
      id: 'exp-3',
      company: 'Longhorn Logistics',
      position: 'Software Engineer',
      location: 'Dallas, TX',
      startDate: '2014-08',
      endDate: '2017-05',
      description: lines(
        'Developed route planning features for a fleet management product with 9,000 vehicles.',
        'Migrated nightly batch jobs from cron scripts to a monitored job queue, ending silent failures.',
        'Wrote the PostgreSQL partitioning scheme that kept a 2 TB telemetry table fast to query.',
        'Paired with dispatchers weekly to turn their workarounds into product features.',
      ),
    },
    {
      id: 'exp-4',
      company: 'Cedar Park Web Studio',
      position: 'Junior Web Developer',
      location: 'Cedar Park, TX',
      startDate: '2013-01',
      endDate: '2014-07',
      description: lines(
        'Built and maintained marketing sites for thirty local businesses.',
        'Introduced version control and code review to a team of five developers.',
        'Cut average page weight by half through image compression and lazy loading.',
      ),
    },
  ],
  education: [
    {
      id: 'edu-1',
      school: 'University of Texas at Austin',
      degree: 'master',
      field: 'computerInformationSciences',
      location: 'Austin, TX',
      url: 'https://www.utexas.edu',
      score: 'GPA 3.8/4.0',
      startDate: '2015-08',
      endDate: '2017-05',
      description: lines(
        'Thesis: consistency trade-offs in geo-replicated key-value stores.',
        'Teaching assistant for Distributed Systems (two semesters).',
      ),
    },
    {
      id: 'edu-2',
      school: 'Texas State University',
      degree: 'bachelor',
      field: 'engineering',
      location: 'San Marcos, TX',
      score: 'Magna cum laude',
      startDate: '2008-08',
      endDate: '2012-12',
      description: lines('Minor in Mathematics.', 'President of the ACM student chapter.'),
    },
  ],
  skills: [
    { id: 'skill-1', name: 'TypeScript', skillLevelId: 'expert', keywords: 'Node.js, React, Vite, Jest' },
    { id: 'skill-2', name: 'AWS', skillLevelId: 'expert', keywords: 'Lambda, DynamoDB, SQS, CDK' },
    { id: 'skill-3', name: 'Go', skillLevelId: 'advanced', keywords: 'gRPC, concurrency, profiling' },
    { id: 'skill-4', name: 'PostgreSQL', skillLevelId: 'advanced', keywords: 'partitioning, query tuning' },
    { id: 'skill-5', name: 'System design', skillLevelId: 'expert', keywords: 'event sourcing, idempotency' },
    { id: 'skill-6', name: 'Testing', skillLevelId: 'proficient', keywords: 'contract tests, Playwright' },
    { id: 'skill-7', name: 'Kubernetes', skillLevelId: 'intermediate', keywords: 'Helm, autoscaling' },
    { id: 'skill-8', name: 'Technical leadership', skillLevelId: 'veryGood', keywords: 'mentoring, RFCs' },
  ],
  links: [
    {
      id: 'link-1',
      network: 'LinkedIn',
      username: 'jordanwhitfield',
      url: 'https://www.linkedin.com/in/jordanwhitfield',
    },
    { id: 'link-2', network: 'GitHub', username: 'jwhitfield', url: 'https://github.com/jwhitfield' },
    { id: 'link-3', network: 'Website', username: '', url: 'https://jordanwhitfield.example.com' },
  ],
  projects: [
    {
      id: 'proj-1',
      name: 'queue-lens',
      role: 'Creator and maintainer',
      url: 'https://github.com/jwhitfield/queue-lens',
      startDate: '2019-04',
      current: true,
      description: lines(
        'Open-source dashboard for inspecting SQS dead-letter queues; 2,300 GitHub stars.',
        'Used in production by a dozen companies; accepts about ten outside contributions a month.',
      ),
    },
    {
      id: 'proj-2',
      name: 'Austin Transit Times',
      role: 'Lead developer',
      url: 'https://transit-times.example.org',
      startDate: '2018-01',
      endDate: '2018-09',
      description: lines(
        'Volunteer-built web app showing live bus arrival times from open city data.',
        'Reached 15,000 monthly users within three months of launch.',
      ),
    },
  ],
  certifications: [
    {
      id: 'cert-1',
      name: 'AWS Certified Solutions Architect – Professional',
      issuer: 'Amazon Web Services',
      date: '2022-10',
      url: 'https://aws.amazon.com/certification/',
    },
    {
      id: 'cert-2',
      name: 'Certified Kubernetes Application Developer',
      issuer: 'The Linux Foundation',
      date: '2020-06',
    },
  ],
  languages: [
    { id: 'lang-1', language: 'English', fluency: 'native' },
    { id: 'lang-2', language: 'Spanish', fluency: 'advanced' },
    { id: 'lang-3', language: 'German', fluency: 'basic' },
  ],
  awards: [
    {
      id: 'award-1',
      title: 'Engineering Excellence Award',
      awarder: 'Bluebonnet Payments',
      date: '2023-12',
      description: 'For leading the idempotency project that ended duplicate charges.',
    },
    {
      id: 'award-2',
      title: 'Best Civic App, Austin Open Data Hackathon',
      awarder: 'City of Austin Open Data Program',
      date: '2018',
    },
  ],
  volunteering: [
    {
      id: 'vol-1',
      organization: 'Code for Central Texas',
      position: 'Mentor',
      url: 'https://codeforcentraltexas.example.org',
      startDate: '2016-02',
      current: true,
      description: lines(
        'Mentor high-school students through a twelve-week introduction to web development.',
        'Organise two community hack nights a month.',
      ),
    },
  ],
  customSections: [
    {
      id: 'custom-1',
      title: 'Publications',
      items: [
        {
          id: 'pub-1',
          title: 'Idempotency Keys Without Tears',
          subtitle: 'Bluebonnet Engineering Blog',
          date: '2023-04',
          url: 'https://engineering.bluebonnet-payments.example.com/idempotency',
          description: 'How we made retries safe across eleven payment services.',
        },
        {
          id: 'pub-2',
          title: 'Partitioning Telemetry Tables in PostgreSQL',
          subtitle: 'Lone Star Data Conference',
          date: '2016-10',
          description: 'Talk on keeping a 2 TB table fast with declarative partitioning.',
        },
      ],
    },
  ],
  sectionOrder: [
    'objectives',
    'experience',
    'skills',
    'projects',
    'education',
    'certifications',
    'awards',
    'custom:custom-1',
    'volunteering',
    'languages',
    'links',
  ],
  settings: { language: 'en', pageSize: 'letter' },
});

/** A product designer in São Paulo, written in Brazilian Portuguese: every section, about one A4 page. */
export const sampleResumePtBr: ResumeContent = resumeContentSchema.parse({
  title: 'Currículo de Beatriz',
  personalInfo: {
    firstName: 'Beatriz',
    lastName: 'Conceição Araújo',
    email: 'beatriz.araujo@example.com.br',
    phone: '+55 11 95555-0132',
    jobTitle: 'Product Designer Sênior',
    city: 'São Paulo, SP',
    summary: lines(
      'Designer de produto com oito anos de experiência em aplicativos financeiros e de saúde.',
      'Conduzo pesquisas com usuários, prototipação e testes de usabilidade do início ao lançamento.',
      'Criei e mantenho sistemas de design acessíveis, usados por mais de quarenta pessoas em três equipes.',
    ),
  },
  experience: [
    {
      id: 'exp-1',
      company: 'Ipê Finanças',
      position: 'Product Designer Sênior',
      location: 'São Paulo, SP',
      startDate: '2021-02',
      current: true,
      description: lines(
        'Redesenhei o fluxo de abertura de conta, aumentando a conversão em 27% em seis meses.',
        'Liderei a criação do sistema de design "Jacarandá", com mais de 120 componentes acessíveis.',
        'Conduzi entrevistas e testes de usabilidade com clientes de todas as regiões do país.',
      ),
    },
    {
      id: 'exp-2',
      company: 'Saúde Já',
      position: 'Designer de Interação',
      location: 'Campinas, SP',
      startDate: '2017-05',
      endDate: '2021-01',
      description: lines(
        'Desenhei o agendamento de consultas por aplicativo, hoje usado por 800 mil pacientes.',
        'Colaborei com engenharia e negócios na definição de métricas e na priorização de funcionalidades.',
        'Reduzi em 35% as ligações ao atendimento com a revisão dos textos de orientação.',
      ),
    },
  ],
  education: [
    {
      id: 'edu-1',
      school: 'Universidade de São Paulo',
      degree: 'bachelor',
      field: 'Design',
      location: 'São Paulo, SP',
      startDate: '2012-02',
      endDate: '2016-12',
      description: 'Trabalho de conclusão: acessibilidade em serviços públicos digitais.',
    },
    {
      id: 'edu-2',
      school: 'Pontifícia Universidade Católica de São Paulo',
      degree: 'certificate',
      field: 'Pesquisa com usuários e ciência cognitiva',
      startDate: '2018',
      endDate: '2019',
    },
  ],
  skills: [
    {
      id: 'skill-1',
      name: 'Pesquisa com usuários',
      skillLevelId: 'expert',
      keywords: 'entrevistas, diários',
    },
    { id: 'skill-2', name: 'Prototipação', skillLevelId: 'expert', keywords: 'Figma, protótipos navegáveis' },
    { id: 'skill-3', name: 'Sistemas de design', skillLevelId: 'advanced', keywords: 'tokens, documentação' },
    { id: 'skill-4', name: 'Acessibilidade', skillLevelId: 'advanced', keywords: 'WCAG, leitores de tela' },
    { id: 'skill-5', name: 'Redação de interface', skillLevelId: 'proficient', keywords: 'microtextos' },
  ],
  links: [
    {
      id: 'link-1',
      network: 'LinkedIn',
      username: 'beatrizaraujo',
      url: 'https://www.linkedin.com/in/beatrizaraujo',
    },
    { id: 'link-2', network: 'Website', username: '', url: 'https://beatrizaraujo.example.com.br' },
  ],
  projects: [
    {
      id: 'proj-1',
      name: 'Guia de Acessibilidade para Fintechs',
      role: 'Autora',
      url: 'https://guia-acessibilidade.example.org',
      startDate: '2022-03',
      endDate: '2022-11',
      description: 'Guia aberto com padrões acessíveis para formulários, gráficos e autenticação.',
    },
  ],
  certifications: [
    { id: 'cert-1', name: 'Certificação em Usabilidade (UX-PM)', issuer: 'Instituto Ágora', date: '2020-08' },
  ],
  languages: [
    { id: 'lang-1', language: 'Português', fluency: 'native' },
    { id: 'lang-2', language: 'Inglês', fluency: 'fluent' },
    { id: 'lang-3', language: 'Espanhol', fluency: 'intermediate' },
  ],
  awards: [
    {
      id: 'award-1',
      title: 'Prêmio Inovação em Saúde Digital',
      awarder: 'Associação Paulista de Tecnologia',
      date: '2020-11',
      description: 'Pelo agendamento de consultas com navegação por voz.',
    },
  ],
  volunteering: [
    {
      id: 'vol-1',
      organization: 'Coletivo Ação Digital',
      position: 'Mentora de design',
      startDate: '2019-03',
      current: true,
      description: 'Oriento jovens da periferia em portfólio e preparação para entrevistas.',
    },
  ],
  customSections: [
    {
      id: 'custom-1',
      title: 'Palestras',
      items: [
        {
          id: 'talk-1',
          title: 'Acessibilidade não é opcional: lições de um banco digital',
          subtitle: 'Interaction São Paulo',
          date: '2023-09',
        },
      ],
    },
  ],
  sectionTitle: defaultSectionTitlesPtBr,
  settings: { language: 'pt-BR', pageSize: 'a4' },
});

/** Only a first and last name: the least a template must render without breaking. */
export const oneLineResume: ResumeContent = resumeContentSchema.parse({
  personalInfo: { firstName: 'Sam', lastName: 'Okafor' },
});

/** A junior analyst with a handful of entries: clearly one page. */
export const shortResume: ResumeContent = resumeContentSchema.parse({
  title: "Priya's Resume",
  personalInfo: {
    firstName: 'Priya',
    lastName: 'Raman',
    email: 'priya.raman@example.com',
    phone: '(303) 555-0198',
    jobTitle: 'Data Analyst',
    city: 'Denver, CO',
    summary: 'Data analyst who turns messy operational data into dashboards people actually use.',
  },
  experience: [
    {
      id: 'exp-1',
      company: 'Front Range Outfitters',
      position: 'Data Analyst',
      location: 'Denver, CO',
      startDate: '2023-01',
      current: true,
      description: lines(
        'Built the weekly sales dashboard used by 25 store managers.',
        'Automated inventory reports, saving the team six hours a week.',
      ),
    },
  ],
  education: [
    {
      id: 'edu-1',
      school: 'University of Northern Colorado',
      degree: 'bachelor',
      field: 'mathematicsStatistics',
      startDate: '2018-08',
      endDate: '2022-05',
    },
  ],
  skills: [
    { id: 'skill-1', name: 'SQL', skillLevelId: 'advanced' },
    { id: 'skill-2', name: 'Python', skillLevelId: 'intermediate', keywords: 'pandas, matplotlib' },
    { id: 'skill-3', name: 'Tableau', skillLevelId: 'advanced' },
  ],
  links: [
    { id: 'link-1', network: 'LinkedIn', username: 'priyaraman', url: 'https://linkedin.com/in/priyaraman' },
  ],
  settings: { language: 'en', pageSize: 'letter' },
});

// Long, realistic bullets so text wraps over several lines; combined round-robin to fill many pages.
const longBullets = [
  'Coordinated a cross-functional programme of fourteen teams across three time zones to replace the legacy order management system, keeping every existing integration working during an eighteen-month migration with zero unplanned downtime.',
  'Designed and rolled out a company-wide observability standard covering structured logging, distributed tracing and service-level objectives, which shortened the mean time to resolve production incidents from four hours to under forty minutes.',
  'Negotiated and managed vendor contracts worth $3.4M a year, consolidating five overlapping monitoring and alerting tools into two and reinvesting the savings in developer tooling and training budgets.',
  'Built a hiring pipeline with structured interviews, written rubrics and calibrated debriefs, growing the engineering organisation from 22 to 61 people while improving first-year retention from 78% to 93%.',
  'Partnered with legal, security and compliance teams to deliver SOC 2 Type II and ISO 27001 certifications in a single audit cycle, automating evidence collection for more than two hundred controls.',
  'Wrote and socialised a multi-year technical strategy, reviewed quarterly with the executive team, that aligned platform investment with product goals and retired four end-of-life databases ahead of schedule.',
];

const longCompanies = [
  ['Harborview Freight Systems', 'Director of Engineering', 'Seattle, WA', '2020-01', ''],
  ['Granite Peak Software', 'Senior Engineering Manager', 'Boise, ID', '2016-04', '2019-12'],
  ['Tidewater Analytics', 'Engineering Manager', 'Norfolk, VA', '2013-02', '2016-03'],
  ['Meridian Health Records', 'Staff Software Engineer', 'Columbus, OH', '2010-06', '2013-01'],
  ['Prairie Wind Energy', 'Senior Software Engineer', 'Omaha, NE', '2008-01', '2010-05'],
  ['Copperline Telecom', 'Software Engineer', 'Tucson, AZ', '2005-07', '2007-12'],
  ['Bayou Digital Media', 'Web Developer', 'Baton Rouge, LA', '2003-05', '2005-06'],
  ['Summit Ridge Consulting', 'Junior Developer', 'Denver, CO', '2001-09', '2003-04'],
] as const;

/** Far more than two pages: many experiences with long bullets, and one unbreakable long word. */
export const longResume: ResumeContent = resumeContentSchema.parse({
  title: "Morgan's Resume",
  personalInfo: {
    firstName: 'Morgan',
    lastName: 'Castellanos-Whitaker',
    email: 'morgan.castellanos-whitaker@example.com',
    phone: '(206) 555-0111',
    jobTitle: 'Director of Engineering, Platform and Infrastructure',
    city: 'Seattle, WA',
    summary: lines(
      'Engineering leader with more than twenty years of experience building platforms, teams and the habits that keep both healthy.',
      'Known for turning fragile, high-stakes systems into boring, dependable ones, and for growing managers who outlast any single project.',
      'Equally at home in an architecture review, a budget meeting or a 2 a.m. incident bridge.',
    ),
  },
  experience: longCompanies.map(([company, position, location, startDate, endDate], index) => ({
    id: `exp-${index + 1}`,
    company,
    position,
    location,
    startDate,
    endDate,
    current: endDate === '',
    description: lines(
      ...Array.from({ length: 5 }, (_, bullet) => longBullets[(index + bullet) % longBullets.length] ?? ''),
      ...(index === 1
        ? [
            // A word with no break opportunity: templates must wrap or clip it, never overflow the page.
            'Documented the incident runbook at https://wiki.granitepeak.example.com/engineering/platform/runbooks/incident-response/severity-one/escalation-procedures-and-communication-templates-for-customer-facing-outages',
            'Coined the internal nickname Pneumonoultramicroscopicsilicovolcanoconiosis-Grade-Legacy-Code-Refactoring-Initiative for the clean-up.',
          ]
        : []),
    ),
  })),
  education: [
    {
      id: 'edu-1',
      school: 'Carnegie Mellon University',
      degree: 'master',
      field: 'computerInformationSciences',
      startDate: '2006',
      endDate: '2008',
      description: lines(
        'Part-time programme completed while working full time.',
        'Capstone on capacity planning for multi-tenant storage systems.',
      ),
    },
    {
      id: 'edu-2',
      school: 'University of Arizona',
      degree: 'bachelor',
      field: 'mathematicsStatistics',
      startDate: '1997',
      endDate: '2001',
    },
  ],
  skills: [
    'Engineering management',
    'Distributed systems',
    'Incident management',
    'Budgeting and vendor management',
    'Hiring and interviewing',
    'Java',
    'Go',
    'Kubernetes',
    'Terraform',
    'PostgreSQL',
    'Kafka',
    'Technical writing',
  ].map((name, index) => ({
    id: `skill-${index + 1}`,
    name,
    skillLevelId: index % 3 === 0 ? 'expert' : 'advanced',
  })),
  links: [
    {
      id: 'link-1',
      network: 'LinkedIn',
      username: 'morgancw',
      url: 'https://www.linkedin.com/in/morgancw',
    },
  ],
  projects: [
    {
      id: 'proj-1',
      name: 'Platform Engineering Handbook',
      role: 'Author',
      startDate: '2021-01',
      current: true,
      description: longBullets.slice(0, 3).join('\n'),
    },
  ],
  certifications: [
    {
      id: 'cert-1',
      name: 'Certified Information Systems Security Professional',
      issuer: 'ISC2',
      date: '2015',
    },
  ],
  languages: [
    { id: 'lang-1', language: 'English', fluency: 'native' },
    { id: 'lang-2', language: 'Spanish', fluency: 'fluent' },
  ],
  awards: [
    { id: 'award-1', title: 'Leader of the Year', awarder: 'Harborview Freight Systems', date: '2022' },
  ],
  volunteering: [
    {
      id: 'vol-1',
      organization: 'Puget Sound Coding Club',
      position: 'Board member',
      startDate: '2017-01',
      current: true,
      description: longBullets.slice(3).join('\n'),
    },
  ],
  settings: { language: 'en', pageSize: 'letter' },
});

/** A name and nothing else: every list empty and some sections hidden, so templates skip empty headings. */
export const emptySectionsResume: ResumeContent = resumeContentSchema.parse({
  personalInfo: { firstName: 'Alex', lastName: 'Moreau' },
  experience: [],
  education: [],
  skills: [],
  links: [],
  projects: [],
  certifications: [],
  languages: [],
  awards: [],
  volunteering: [],
  customSections: [],
  hiddenSections: ['projects', 'awards', 'volunteering'],
});
