import { describe, expect, it } from '@jest/globals';
import { resumeContentSchema } from '#shared/resume';
import { claimsIn, resumeClaims, strongerClaims } from './ownership.ts';

const resume = resumeContentSchema.parse({
  personalInfo: { firstName: 'Ana', lastName: 'Reis', summary: 'Storage engineer.' },
  experience: [
    {
      id: 'e1',
      company: 'Dropbox',
      position: 'Software Engineer',
      description: [
        'Worked on Magic Pocket, the block storage system.',
        'Built the repair queue for failed disks.',
        'responsible for weekly capacity reports',
      ].join('\n'),
    },
    {
      id: 'e2',
      company: 'Nubank',
      position: 'Engenheira de software',
      description: 'Participei da migração do motor de pagamentos.\nLiderei a equipe de plantão.',
    },
  ],
});
const claims = resumeClaims(resume);
const stronger = (text: string) => strongerClaims(claims, text);

describe('claimsIn reads how much a sentence claims', () => {
  it.each([
    ['Worked on Magic Pocket', 1],
    ['Helped the team ship a new API', 1],
    ['Participei da migração', 1],
    ['Built the repair queue', 2],
    ['Desenvolvi o painel', 2],
    ['Delivered Magic Pocket', 3],
    ['At Dropbox, led the storage team', 3],
    ['Engineer who owns the release train', 3],
    ['Engineer responsible for the billing service', 3],
    ['Liderei a equipe', 3],
    ['Fui responsável pela migração', 3],
  ])('"%s" claims level %d', (sentence, level) => {
    expect(Math.max(...claimsIn(sentence).map((c) => c.level))).toBe(level);
  });

  it('takes a verb only where a clause starts ("turns plans into shipped results" claims nothing)', () => {
    expect(claimsIn('Engineer who turns plans into shipped, dependable results.')).toEqual([]);
    expect(claimsIn('Cut page load time by 35%')).toEqual([]);
  });
});

describe('strongerClaims', () => {
  it('refuses a stronger verb of ownership than the resume uses for the same work', () => {
    expect(stronger('Delivered Magic Pocket, the block storage system.')).toEqual(['ownership: Delivered']);
    expect(stronger('At Dropbox, led Magic Pocket.')).toEqual(['ownership: led']);
    expect(stronger('Built Magic Pocket.')).toEqual(['ownership: Built']);
    expect(stronger('Liderei a migração do motor de pagamentos.')).toEqual(['ownership: Liderei']);
  });

  it('keeps the same or a softer claim, and a strong one the resume makes about that work', () => {
    expect(stronger('Contributed to Magic Pocket, the block storage system.')).toEqual([]);
    expect(stronger('Worked on Magic Pocket.')).toEqual([]);
    expect(stronger('Built the repair queue for failed disks.')).toEqual([]);
    expect(stronger('Helped build the repair queue.')).toEqual([]);
    // "responsible for" is ownership already: "Owned" says the same.
    expect(stronger('Owned weekly capacity reports.')).toEqual([]);
    expect(stronger('Conduzi a equipe de plantão.')).toEqual([]);
  });

  it('reads each sentence on its own', () => {
    expect(stronger('Built the repair queue for failed disks.\nDelivered Magic Pocket.')).toEqual([
      'ownership: Delivered',
    ]);
  });

  it('lets the resume say so elsewhere: a strong claim about the same work backs the rewrite', () => {
    const backed = resumeClaims(
      resumeContentSchema.parse({
        ...resume,
        projects: [{ id: 'p', name: 'Pocket', description: 'Led the Magic Pocket launch review.' }],
      }),
    );

    expect(strongerClaims(backed, 'Delivered Magic Pocket.')).toEqual([]);
  });
});
