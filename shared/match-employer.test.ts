import { describe, expect, it } from '@jest/globals';
import { employerNames } from './match-employer.ts';
import { analyzeJobDescription } from './match-score.ts';

const names = (text: string, title: string | null = null) => {
  const found = employerNames(text, title);
  return {
    employer: found.employer.map((w) => w.join(' ')),
    products: found.products.map((w) => w.join(' ')),
  };
};

describe('employerNames reads the hiring company and its products where ads name them', () => {
  it.each([
    [
      'Senior Backend Engineer – Riverbend Logistics (remote)',
      'Senior Backend Engineer',
      'riverbend logistics',
    ],
    ['Staff Engineer at Dropbox', 'Staff Engineer', 'dropbox'],
    ['Product Designer | Nubank | São Paulo', 'Product Designer', 'nubank'],
    ['At Dropbox, we build tools for teams.', null, 'dropbox'],
    ['At Riverbend Logistics we move freight.', null, 'riverbend logistics'],
    ['About Dropbox\nWe help people organise.', null, 'dropbox'],
    ['Why Tallyhat?', null, 'tallyhat'],
    ['You will join the Atlassian team in Sydney.', null, 'atlassian'],
    ['Dropbox is hiring a storage engineer.', null, 'dropbox'],
    ['Company: Initech', null, 'initech'],
    ['Na Nubank, acreditamos em simplicidade.', null, 'nubank'],
    ['Sobre a Ipê Finanças', null, 'ipe financas'],
    ['A Nubank é uma empresa de tecnologia.', null, 'nubank'],
    ['Venha para a Ipê Finanças!', null, 'ipe financas'],
  ])('"%s" → %s', (text, title, employer) => {
    expect(names(text, title).employer).toContain(employer);
  });

  it('keeps a skill, a role, a work arrangement or a function word out of the names', () => {
    expect(names('At AWS, we run the cloud.').employer).toEqual([]);
    expect(names('Python is a must. Experience is a plus.').employer).toEqual([]);
    expect(names('About You\nYou write code.').employer).toEqual([]);
    expect(names('Backend Engineer – Remote', 'Backend Engineer').employer).toEqual([]);
    expect(names('Senior Engineer – React', 'Senior Engineer').employer).toEqual([]);
  });

  it.each([
    ['We are scaling our Storage Platform.', 'storage platform'],
    ['You will own our next-generation Storage Platform.', 'storage platform'],
    ['You will work on the Magic Pocket storage system.', 'magic pocket'],
    ['Nossa Plataforma Pix atende milhões.', 'plataforma pix'],
  ])('"%s" names the product %s', (text, product) => {
    expect(names(text).products).toContain(product);
  });

  it('reads a product by the employer’s name in it, and by its possessive', () => {
    const found = names('At Dropbox, we build Dropbox Paper. Dropbox’s Magic Pocket stores exabytes.');

    expect(found.employer).toEqual(['dropbox']);
    expect(found.products).toEqual(expect.arrayContaining(['dropbox paper', 'magic pocket']));
  });

  it('takes no product that names a skill or a role', () => {
    expect(names('We use our Go services and the Node.js SDK daily.').products).toEqual([]);
    expect(names('We are looking for the Senior Backend Engineer we need.').products).toEqual([]);
  });
});

describe('analyzeJobDescription leaves the employer, its products and marketing words out (issue 22, item 4)', () => {
  const keywords = (text: string) => analyzeJobDescription(text).keywords.map((k) => k.keyword);

  it('keeps the requirements of an ad that repeats its name, product and slogans', () => {
    const ad = `Storage Engineer – Dropbox

At Dropbox, our next-generation Storage Platform keeps exabytes safe. Dropbox's Magic Pocket is the heart of the Storage Platform, and Dropbox engineers build next-generation, cutting-edge tools on it.

Requirements
- 5+ years building distributed systems in Go or Rust
- Experience operating Kubernetes at scale
- Comfort with on-call for Magic Pocket and the Storage Platform
- A passion for cutting-edge, next-generation infrastructure at Dropbox`;

    const found = keywords(ad);

    expect(found).toEqual(expect.arrayContaining(['Go', 'Rust', 'Kubernetes', 'distributed systems']));
    for (const word of ['Dropbox', 'next-generation', 'cutting-edge', 'Storage Platform', 'Magic Pocket'])
      expect(found.map((k) => k.toLowerCase())).not.toContain(word.toLowerCase());
  });

  it('does the same in Portuguese', () => {
    const ad = `Pessoa Desenvolvedora Backend – Ipê Finanças

Na Ipê Finanças, nossa Plataforma Pix inovadora atende milhões. A Ipê Finanças é uma empresa inovadora e de ponta.

Requisitos
- Experiência com Java e Kotlin
- Conhecimento de PostgreSQL e Kafka
- Vivência com a Plataforma Pix inovadora e soluções de ponta da Ipê Finanças`;

    const found = keywords(ad).map((k) => k.toLowerCase());

    expect(found).toEqual(expect.arrayContaining(['java', 'kotlin', 'postgresql', 'kafka']));
    for (const word of ['ipê finanças', 'finanças', 'plataforma pix', 'inovadora', 'de ponta', 'ponta'])
      expect(found).not.toContain(word);
  });
});
