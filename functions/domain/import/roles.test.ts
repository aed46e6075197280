import { describe, expect, it } from '@jest/globals';
import { experienceRoles, resolveSection } from './roles.ts';

describe('experienceRoles', () => {
  it.each([
    [['Senior Engineer', 'Acme Corp'], 'Senior Engineer', 'Acme Corp', ''],
    [['Acme Corp', 'Senior Engineer'], 'Senior Engineer', 'Acme Corp', ''],
    [
      ["Registered Nurse, Medical ICU, St. David's Medical Center"],
      'Registered Nurse, Medical ICU',
      "St. David's Medical Center",
      '',
    ],
    [
      ['Patient Care Technician at Seton Northwest Hospital'],
      'Patient Care Technician',
      'Seton Northwest Hospital',
      '',
    ],
    [
      ['Principal Software Engineer at Tallyhat Payments'],
      'Principal Software Engineer',
      'Tallyhat Payments',
      '',
    ],
    [['Acme Corp, Senior Backend Engineer'], 'Senior Backend Engineer', 'Acme Corp', ''],
    [['Nurse - Harborview Medical Center'], 'Nurse', 'Harborview Medical Center', ''],
    [['Senior Engineer', 'Austin, TX'], 'Senior Engineer', '', 'Austin, TX'],
    [['Senior Engineer', 'Acme Corp', 'Denver, CO'], 'Senior Engineer', 'Acme Corp', 'Denver, CO'],
    [
      ['Dell Seton Medical Center, Austin, TX', 'Registered Nurse'],
      'Registered Nurse',
      'Dell Seton Medical Center',
      'Austin, TX',
    ],
    [
      ['Analista de Dados', 'Banco Inter', 'Belo Horizonte, MG'],
      'Analista de Dados',
      'Banco Inter',
      'Belo Horizonte, MG',
    ],
    [
      ['Enfermeira Assistencial', 'Hospital das Clínicas'],
      'Enfermeira Assistencial',
      'Hospital das Clínicas',
      '',
    ],
    // A head printed as a sentence: its full stop is not part of the region.
    [
      ['Senior Research Scientist, Helix Therapeutics, Durham, NC.'],
      'Senior Research Scientist',
      'Helix Therapeutics',
      'Durham, NC',
    ],
    [['UX Researcher', 'Fernleaf Health, Portland, OR.'], 'UX Researcher', 'Fernleaf Health', 'Portland, OR'],
    [
      ['Senior Account Executive', 'Harbor, Wells & Co.'],
      'Senior Account Executive',
      'Harbor, Wells & Co.',
      '',
    ],
    [
      ['Junior UX Researcher (Contract), Brightside Studio, Remote'],
      'Junior UX Researcher (Contract)',
      'Brightside Studio',
      'Remote',
    ],
    [
      ['Registered Nurse, Cardiac Step-Down, Dell Seton Medical Center'],
      'Registered Nurse, Cardiac Step-Down',
      'Dell Seton Medical Center',
      '',
    ],
    [
      ['Regional Sales Manager, Northeast', 'Cloudline Software, Inc.'],
      'Regional Sales Manager, Northeast',
      'Cloudline Software, Inc.',
      '',
    ],
  ])('reads %j', (texts, position, company, location) => {
    expect(experienceRoles(texts)).toMatchObject({ position, company, location });
  });

  it('is unsure of two texts without job or company words', () => {
    expect(experienceRoles(['Hooli', 'Platform'])).toMatchObject({ sure: false });
  });
});

describe('resolveSection', () => {
  it('orders the unsure entries of a section as its sure ones are ordered', () => {
    const entries = [
      experienceRoles(['Acme Corp', 'Senior Engineer']),
      experienceRoles(['Globex', 'Software Engineer']),
      experienceRoles(['Hooli', 'Platform']),
    ];
    const resolved = resolveSection(entries);
    expect(resolved.map((r) => [r.company, r.position])).toEqual([
      ['Acme Corp', 'Senior Engineer'],
      ['Globex', 'Software Engineer'],
      ['Hooli', 'Platform'],
    ]);
  });
});
