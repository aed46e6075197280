import { describe, expect, it } from '@jest/globals';
import { explainDocument } from './explain.ts';
import type { TextDocument, TextLine } from './types.ts';

describe('explainDocument', () => {
  it('says which heading opened each section and how a job head was read', () => {
    const rows: [string, Partial<TextLine>][] = [
      ['Ana Souza', { size: 24, bold: true }],
      ['EXPERIENCE', { size: 12, bold: true }],
      ['Acme Corp \t 2020 – Present', { bold: true }],
      ['Senior Engineer', {}],
      ['• Built the billing service', { x: 42 }],
    ];
    const lines = rows.map(
      ([text, options], k): TextLine => ({
        text,
        page: 1,
        x: 40,
        y: 50 + k * 14,
        width: 300,
        size: 10,
        bold: false,
        column: 0,
        ...options,
      }),
    );
    const doc: TextDocument = { kind: 'pdf', pages: 1, pageWidth: 612, pageHeight: 792, lines };
    const text = explainDocument(doc).join('\n');
    expect(text).toContain('== experience (heading "EXPERIENCE")');
    expect(text).toContain('job "Senior Engineer", employer "Acme Corp"');
    expect(text).toContain('by job and employer words');
  });
});
