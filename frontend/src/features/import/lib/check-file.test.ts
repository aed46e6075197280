/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { importFileTypes } from '#shared/imports';
import { checkImportFile, formatBytes, importAccept } from './check-file.ts';

const MB = 1024 * 1024;

describe('checkImportFile', () => {
  it.each([
    ['resume.pdf', 'pdf', 'application/pdf'],
    ['Resume.PDF', 'pdf', 'application/pdf'],
    ['cv.docx', 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['cv.doc', 'doc', 'application/msword'],
    ['Basic_LinkedInDataExport_11-23-2026.zip', 'linkedin-zip', 'application/zip'],
    ['resume.json', 'json-resume', 'application/json'],
  ])('takes %s as %s, sent as %s', (name, kind, contentType) => {
    expect(checkImportFile({ name, size: 2048 })).toEqual({
      ok: true,
      file: { name, size: 2048, kind },
      contentType,
    });
  });

  it.each(['photo.png', 'resume', 'resume.pdf.exe', 'notes.txt', '.pdf.', 'resume.rtf'])(
    'refuses %s as an invalid type',
    (name) => {
      expect(checkImportFile({ name, size: 2048 })).toEqual({ ok: false, problem: 'invalidType' });
    },
  );

  it('refuses a file one byte over its kind’s limit, and takes one at the limit', () => {
    const { maxBytes } = importFileTypes['json-resume'];
    expect(checkImportFile({ name: 'r.json', size: maxBytes + 1 })).toEqual({
      ok: false,
      problem: 'tooLarge',
      kind: 'json-resume',
      maxBytes,
    });
    expect(checkImportFile({ name: 'r.json', size: maxBytes }).ok).toBe(true);
    expect(checkImportFile({ name: 'export.zip', size: 20 * MB }).ok).toBe(true);
    expect(checkImportFile({ name: 'cv.pdf', size: 20 * MB })).toMatchObject({ problem: 'tooLarge' });
  });

  it('refuses an empty file', () => {
    expect(checkImportFile({ name: 'cv.pdf', size: 0 })).toEqual({ ok: false, problem: 'empty' });
  });
});

describe('importAccept', () => {
  it('lists every extension and content type the importer reads', () => {
    const accepted = importAccept.split(',');
    for (const ext of ['.pdf', '.doc', '.docx', '.zip', '.json', 'application/pdf', 'application/zip']) {
      expect(accepted).toContain(ext);
    }
  });
});

describe('formatBytes', () => {
  it.each([
    [10 * MB, 'en-US', '10 MB'],
    [25 * MB, 'pt-BR', '25 MB'],
    [1.5 * MB, 'pt-BR', '1,5 MB'],
    [1.5 * MB, 'en-US', '1.5 MB'],
    [22_358, 'en-US', '22 kB'],
    [10, 'en-US', '1 kB'],
  ])('%d bytes in %s reads %s', (bytes, language, text) => {
    expect(formatBytes(bytes, language)).toBe(text);
  });
});
