import { describe, expect, it } from '@jest/globals';
import {
  addFieldCounts,
  alignItems,
  degreeChoiceOf,
  explainResume,
  fieldChoiceOf,
  groupTotals,
  normalizeUrl,
  rates,
  scoreResume,
  tokenOverlap,
  totalOf,
  truthContent,
  visibleContent,
} from '../../../tests/support/import-score.ts';
import type { ParsedResume } from './types.ts';

// The import benchmark's scorer (tests/support/import-score.ts) lives with the tests, but the unit project
// only finds tests under shared/, functions/ and infra/local/: its unit test sits beside the importer.

const truth = truthContent({
  personalInfo: {
    firstName: 'Ana',
    lastName: 'Souza',
    email: 'ana.souza@example.com',
    phone: '+55 11 98765-4321',
    city: 'São Paulo, SP',
    jobTitle: 'Engenheira de Software',
    summary:
      'Engenheira de software com oito anos de experiência em sistemas de pagamento e plataformas web.',
  },
  links: [{ network: 'GitHub', url: 'https://github.com/anasouza' }],
  experience: [
    {
      company: 'Banco Horizonte',
      position: 'Engenheira de Software Sênior',
      startDate: '2020-01',
      current: true,
      description: 'Liderei a migração do motor de pagamentos.\nReduzi a latência em 40%.',
    },
    {
      company: 'Loja Vila',
      position: 'Desenvolvedora',
      startDate: '2016-03',
      endDate: '2019-12',
    },
  ],
  education: [
    {
      school: 'Universidade de São Paulo',
      degree: 'bachelor',
      field: 'computerInformationSciences',
      startDate: '2011',
      endDate: '2015',
    },
  ],
  skills: [{ name: 'TypeScript' }, { name: 'PostgreSQL' }],
  languages: [{ language: 'Inglês' }],
});

function parsed(content: Record<string, unknown>): ParsedResume {
  return { content: truthContent(content), language: 'pt-BR', uncertain: [] };
}

describe('import scorer', () => {
  it('scores a perfect import as all true positives', () => {
    const counts = scoreResume(structuredClone(truth), truth);

    const total = totalOf(counts);
    expect(total.fp).toBe(0);
    expect(total.fn).toBe(0);
    expect(rates(total).f1).toBe(1);
    expect(counts['experience.current']).toEqual({ tp: 1, fp: 0, fn: 0 });
    expect(counts['experience.endDate']).toEqual({ tp: 1, fp: 0, fn: 0 });
  });

  it('normalises case, accents, punctuation, phone digits, URLs and degree words', () => {
    const result = parsed({
      personalInfo: {
        firstName: 'ANA',
        lastName: 'souza',
        email: 'Ana.Souza@example.com',
        phone: '(11) 98765 4321',
        city: 'Sao Paulo',
        jobTitle: 'engenheira de software.',
        summary:
          'Engenheira de software com oito anos de experiência em sistemas de pagamento e plataformas web',
      },
      links: [{ url: 'github.com/anasouza/' }],
      education: [
        {
          school: 'UNIVERSIDADE DE SAO PAULO',
          degree: 'Bacharelado',
          field: 'Ciência da Computação',
          startDate: '2011-02',
          endDate: '2015',
        },
      ],
    });

    const counts = scoreResume(result.content, truth);

    for (const field of [
      'personalInfo.firstName',
      'personalInfo.lastName',
      'personalInfo.email',
      'personalInfo.phone',
      'personalInfo.city',
      'personalInfo.jobTitle',
      'personalInfo.summary',
      'links.url',
      'education.school',
      'education.degree',
      'education.field',
      'education.startDate',
      'education.endDate',
    ]) {
      expect([field, counts[field]]).toEqual([field, { tp: 1, fp: 0, fn: 0 }]);
    }
  });

  it('counts a wrong value as both a false positive and a false negative, a missing one as a false negative', () => {
    const result = parsed({
      personalInfo: { firstName: 'Ana', lastName: 'Souza Lima', email: '' },
      experience: [
        {
          company: 'Banco Horizonte',
          position: 'Engenheira de Software Sênior',
          startDate: '2020-02',
          endDate: '2024-01',
          description: 'Liderei a migração.',
        },
      ],
    });

    const counts = scoreResume(result.content, truth);

    expect(counts['personalInfo.lastName']).toEqual({ tp: 0, fp: 1, fn: 1 });
    expect(counts['personalInfo.email']).toEqual({ tp: 0, fp: 0, fn: 1 });
    expect(counts['experience.company']).toEqual({ tp: 1, fp: 0, fn: 1 });
    expect(counts['experience.startDate']).toEqual({ tp: 0, fp: 1, fn: 2 });
    expect(counts['experience.endDate']).toEqual({ tp: 0, fp: 1, fn: 1 });
    expect(counts['experience.current']).toEqual({ tp: 0, fp: 0, fn: 1 });
    expect(counts['experience.description']).toEqual({ tp: 0, fp: 1, fn: 1 });
  });

  it('pairs list items by similarity, not by position, and counts extra items as false positives', () => {
    const result = parsed({
      experience: [
        { company: 'Padaria Central', position: 'Caixa' },
        { company: 'Loja Vila', position: 'Desenvolvedora', startDate: '2016-03', endDate: '2019-12' },
        {
          company: 'Banco Horizonte',
          position: 'Engenheira de Software Sênior',
          startDate: '2020-01',
          current: true,
        },
      ],
    });

    const counts = scoreResume(result.content, truth);

    expect(counts['experience.company']).toEqual({ tp: 2, fp: 1, fn: 0 });
    expect(counts['experience.position']).toEqual({ tp: 2, fp: 1, fn: 0 });
    expect(counts['experience.startDate']).toEqual({ tp: 2, fp: 0, fn: 0 });
  });

  it('scores skills and extras as sets, and extras only when the truth has them', () => {
    const result = parsed({
      skills: [{ name: 'typescript' }, { name: 'TypeScript' }, { name: 'Docker' }],
      languages: [{ language: 'Ingles' }, { language: 'Espanhol' }],
      awards: [{ title: 'Prêmio Inovação' }],
    });

    const counts = scoreResume(result.content, truth);

    expect(counts['skills.name']).toEqual({ tp: 1, fp: 1, fn: 1 });
    expect(counts['languages.language']).toEqual({ tp: 1, fp: 1, fn: 0 });
    expect(counts['awards.title']).toBeUndefined();
  });

  it('lists what it counted wrong or missing, with the truth beside it', () => {
    const result = parsed({ personalInfo: { firstName: 'Ana', lastName: 'Lima' }, skills: [{ name: 'Go' }] });

    const misses = explainResume(result.content, truth);

    expect(misses).toContainEqual({ field: 'personalInfo.lastName', predicted: 'Lima', truth: 'Souza' });
    expect(misses).toContainEqual({ field: 'skills.name', predicted: 'go', truth: '' });
    expect(misses).toContainEqual({ field: 'skills.name', predicted: '', truth: 'postgresql' });
    expect(misses.some((m) => m.field === 'personalInfo.firstName')).toBe(false);
  });

  it('accepts a description whose words mostly agree and refuses one that differs', () => {
    const a = 'Led the migration of the payments engine to event-driven services, cutting latency by 40%.';

    expect(tokenOverlap(a, `• ${a.replace('Led', 'led')}`)).toBe(1);
    expect(tokenOverlap(a, 'Led the migration of the payments engine.')).toBeLessThan(0.9);
  });

  it('adds counts up per field, per group and overall', () => {
    const perfect = scoreResume(truth, truth);
    const none = scoreResume(truthContent({}), truth);
    const documents = [
      { name: 'a', groups: { format: 'pdf' }, fields: perfect },
      { name: 'b', groups: { format: 'docx' }, fields: none },
    ];

    const byFormat = groupTotals(documents, 'format');
    const all = totalOf(addFieldCounts(documents.map((d) => d.fields)));

    expect(rates(byFormat.get('pdf') ?? { tp: 0, fp: 0, fn: 0 }).f1).toBe(1);
    expect(rates(byFormat.get('docx') ?? { tp: 1, fp: 0, fn: 0 }).recall).toBe(0);
    expect(all.tp).toBe(totalOf(perfect).tp);
    expect(all.fn).toBe(totalOf(perfect).tp);
    expect(rates(all).precision).toBe(1);
    expect(rates(all).recall).toBe(0.5);
  });

  it('maps document words to degree and field choices', () => {
    expect(degreeChoiceOf('B.Sc. in Computer Science')).toBe('bachelor');
    expect(degreeChoiceOf('Mestrado em Educação')).toBe('master');
    expect(degreeChoiceOf('MBA')).toBe('master');
    expect(degreeChoiceOf('Ph.D.')).toBe('phd');
    expect(fieldChoiceOf('Engenharia Mecânica')).toBe('engineering');
    expect(normalizeUrl('HTTPS://www.LinkedIn.com/in/ana/')).toBe('linkedin.com/in/ana');
  });

  it('aligns greedily on the best pair first', () => {
    const pairs = alignItems(['ab', 'a'], ['a', 'ab'], (p, t) => (p === t ? 2 : p[0] === t[0] ? 1 : 0));

    expect(pairs).toEqual([
      ['ab', 'ab'],
      ['a', 'a'],
    ]);
  });

  it('drops hidden sections from a rendered resume’s truth', () => {
    const resume = { ...truth, hiddenSections: ['skills', 'objectives'] };

    const visible = visibleContent(resume);

    expect(visible.skills).toEqual([]);
    expect(visible.personalInfo.summary).toBe('');
    expect(visible.experience).toHaveLength(2);
  });
});
