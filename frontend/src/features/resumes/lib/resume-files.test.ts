import { describe, expect, it } from '@jest/globals';
import {
  copyTitle,
  exportFileName,
  MAX_IMPORT_BYTES,
  MAX_TITLE_LENGTH,
  parseImportFile,
} from './resume-files.ts';

describe('exportFileName', () => {
  it('turns the title into a plain ASCII file name', () => {
    expect(exportFileName('Currículo de João')).toBe('curriculo-de-joao.json');
    expect(exportFileName('Staff Engineer — CV (2026)')).toBe('staff-engineer-cv-2026.json');
  });

  it('falls back when nothing usable is left, and keeps long names short', () => {
    expect(exportFileName('   ')).toBe('resume.json');
    expect(exportFileName('日本語')).toBe('resume.json');
    const name = exportFileName(`${'a'.repeat(59)} bcd`);
    expect(name).toBe(`${'a'.repeat(59)}.json`);
  });
});

describe('copyTitle', () => {
  const english = (title: string) => `${title} (copy)`;
  const portuguese = (title: string) => `${title} (cópia)`;

  it('adds the translated suffix', () => {
    expect(copyTitle('My Resume', english)).toBe('My Resume (copy)');
    expect(copyTitle('Meu currículo', portuguese)).toBe('Meu currículo (cópia)');
  });

  it('cuts a long title so the copy still fits the schema limit', () => {
    const title = 'x'.repeat(MAX_TITLE_LENGTH);
    const copy = copyTitle(title, english);
    expect(copy).toHaveLength(MAX_TITLE_LENGTH);
    expect(copy.endsWith(' (copy)')).toBe(true);
  });
});

describe('parseImportFile', () => {
  it('accepts a JSON object, with or without a byte order mark', () => {
    expect(parseImportFile('{"basics":{"name":"Ana"}}', 30)).toEqual({
      ok: true,
      document: { basics: { name: 'Ana' } },
    });
    expect(parseImportFile('\uFEFF{}', 5)).toEqual({ ok: true, document: {} });
  });

  it.each([
    ['text that is not JSON', 'hello', 5, 'notJson'],
    ['an empty file', '', 0, 'notJson'],
    ['a JSON list', '[1,2]', 5, 'notObject'],
    ['a JSON string', '"resume"', 8, 'notObject'],
    ['null', 'null', 4, 'notObject'],
    ['a file over the size limit', '{}', MAX_IMPORT_BYTES + 1, 'tooLarge'],
  ])('refuses %s', (_label, text, size, problem) => {
    expect(parseImportFile(text, size)).toEqual({ ok: false, problem });
  });
});
