import { describe, expect, it } from '@jest/globals';
import {
  fileStem,
  importedResumeTitle,
  newResumeTitle,
  titleAfterJobChange,
  titleDate,
} from './resume-title.ts';

const day = new Date(Date.UTC(2025, 10, 28, 12));

describe('titleDate', () => {
  it('writes the day as each language does', () => {
    expect(titleDate(day, 'en', 'UTC')).toBe('Nov 28, 2025');
    expect(titleDate(day, 'pt-BR', 'UTC')).toBe('28 de nov. de 2025');
  });
});

describe('newResumeTitle', () => {
  it('names a new resume by its job title and the date', () => {
    expect(newResumeTitle('Platform Engineer', 'Nov 28, 2025', 'en')).toBe(
      'Platform Engineer · Nov 28, 2025',
    );
  });

  it('says Resume (Currículo) while there is no job title', () => {
    expect(newResumeTitle('  ', 'Nov 28, 2025', 'en')).toBe('Resume · Nov 28, 2025');
    expect(newResumeTitle('', '28 de nov. de 2025', 'pt-BR')).toBe('Currículo · 28 de nov. de 2025');
  });

  it('stays within the 200 characters of a title', () => {
    const title = newResumeTitle('Engineer '.repeat(40), 'Nov 28, 2025', 'en');
    expect(title.length).toBe(200);
    expect(title.endsWith('…')).toBe(true);
  });
});

describe('importedResumeTitle', () => {
  const base = { dateLabel: 'Nov 28, 2025', language: 'en' as const };

  it('names an import by its job title and file name, never by the first name', () => {
    expect(importedResumeTitle({ ...base, jobTitle: 'Cardiologist', fileName: 'cv-2019.pdf' })).toBe(
      'Cardiologist · cv-2019',
    );
  });

  it('falls back to the file name, then to the job title and the date', () => {
    expect(importedResumeTitle({ ...base, jobTitle: '', fileName: 'Lucas_Almeida_CV.docx' })).toBe(
      'Lucas_Almeida_CV',
    );
    expect(importedResumeTitle({ ...base, jobTitle: 'Data Analyst' })).toBe('Data Analyst · Nov 28, 2025');
    expect(importedResumeTitle({ ...base, jobTitle: '', fileName: '' })).toBe('Resume · Nov 28, 2025');
  });
});

describe('fileStem', () => {
  it('drops the folder and the extension, keeps a dotted name', () => {
    expect(fileStem('C:\\cv\\Lucas.Almeida.pdf')).toBe('Lucas.Almeida');
    expect(fileStem('/home/ana/curriculo.json')).toBe('curriculo');
    expect(fileStem('.hidden')).toBe('.hidden');
  });
});

describe('titleAfterJobChange', () => {
  it('follows the job title while the title is the automatic one', () => {
    expect(titleAfterJobChange('Resume · Nov 28, 2025', '', 'Platform Engineer', 'en')).toBe(
      'Platform Engineer · Nov 28, 2025',
    );
    expect(
      titleAfterJobChange('Platform Engineer · Nov 28, 2025', 'Platform Engineer', 'Staff Engineer', 'en'),
    ).toBe('Staff Engineer · Nov 28, 2025');
    expect(titleAfterJobChange('Currículo · 28 de nov. de 2025', '', 'Designer', 'pt-BR')).toBe(
      'Designer · 28 de nov. de 2025',
    );
  });

  it('goes back to Resume (Currículo) when the job title is cleared', () => {
    expect(titleAfterJobChange('Designer · 28 de nov. de 2025', 'Designer', '', 'pt-BR')).toBe(
      'Currículo · 28 de nov. de 2025',
    );
    expect(titleAfterJobChange('Designer · Nov 28, 2025', 'Designer', ' ', 'en')).toBe(
      'Resume · Nov 28, 2025',
    );
  });

  it('keeps a title the user wrote', () => {
    expect(titleAfterJobChange('For Acme', 'Designer', 'Lead Designer', 'en')).toBe('For Acme');
    expect(titleAfterJobChange('My plan · v2', 'Designer', 'Lead Designer', 'en')).toBe('My plan · v2');
  });
});
