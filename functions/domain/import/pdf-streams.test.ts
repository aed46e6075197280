import { deflateSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import { makePdf, makePdfBomb } from '../../../tests/support/make-files.ts';
import { checkPdfStreams, filtersOf } from './pdf-streams.ts';

const MB = 1024 * 1024;
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: { code?: string }) => error.code ?? String(error),
  );

/** A file with one stream object of this dictionary and data, as the scan sees it. */
const withStream = (dictionary: string, data: Buffer) =>
  new Uint8Array(
    Buffer.concat([
      Buffer.from(`%PDF-1.4\n1 0 obj\n<< ${dictionary} >>\nstream\n`, 'latin1'),
      data,
      Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1'),
    ]),
  );

describe('checkPdfStreams', () => {
  it('counts what the streams of an ordinary PDF decode to', async () => {
    const pdf = withStream('/Length 40 /Filter /FlateDecode', deflateSync(Buffer.alloc(5000, 0x20)));

    expect(await checkPdfStreams(pdf)).toEqual({ streams: 1, decodedBytes: 5000 });
    expect(await checkPdfStreams(makePdf(2))).toEqual({ streams: 2, decodedBytes: 0 });
  });

  it('refuses a deflate bomb once its count passes the budget, without inflating the rest', async () => {
    const bomb = makePdfBomb(1_600_000_000);
    const started = performance.now();

    const code = await codeOf(checkPdfStreams(bomb, { maxDecodedBytes: 64 * MB }));

    expect(code).toBe('IMPORT_TOO_COMPLEX');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await codeOf(checkPdfStreams(makePdfBomb(300 * MB)))).toBe('IMPORT_TOO_COMPLEX');
    expect(await checkPdfStreams(makePdfBomb(8 * MB))).toMatchObject({ streams: 1 });
  });

  it('sums the budget over all streams', async () => {
    const part = deflateSync(Buffer.alloc(3 * MB));
    const two = new Uint8Array(
      Buffer.concat([withStream('/Filter /FlateDecode', part), withStream('/Filter /FlateDecode', part)]),
    );

    expect(await codeOf(checkPdfStreams(two, { maxDecodedBytes: 5 * MB }))).toBe('IMPORT_TOO_COMPLEX');
    expect(await checkPdfStreams(two, { maxDecodedBytes: 7 * MB })).toEqual({
      streams: 2,
      decodedBytes: 6 * MB,
    });
  });

  it('reads deflate to its own end, whatever /Length or an endstream inside the data say', async () => {
    // Stored (level 0) data may hold any bytes, "endstream" included; then a run of zeros.
    const inner = Buffer.concat([Buffer.from('x\nendstream\nendobj\n'), Buffer.alloc(4 * MB)]);
    const pdf = withStream('/Length 3 0 R /Filter /FlateDecode', deflateSync(inner, { level: 0 }));

    expect(await codeOf(checkPdfStreams(pdf, { maxDecodedBytes: 3 * MB }))).toBe('IMPORT_TOO_COMPLEX');
  });

  it('decodes filter chains (hex text of deflate data) and names with # escapes', async () => {
    const deflated = deflateSync(Buffer.alloc(2 * MB));
    const hex = withStream(
      '/Filter [/ASCIIHexDecode /FlateDecode]',
      Buffer.from(`${deflated.toString('hex')}>`),
    );
    const escaped = withStream('/Filter /Fl#61teDecode', deflated);

    expect(await codeOf(checkPdfStreams(hex, { maxDecodedBytes: MB }))).toBe('IMPORT_TOO_COMPLEX');
    expect(await codeOf(checkPdfStreams(escaped, { maxDecodedBytes: MB }))).toBe('IMPORT_TOO_COMPLEX');
    expect(await checkPdfStreams(hex)).toMatchObject({ decodedBytes: 2 * MB });
  });

  it('counts LZW (the specification example) and run-length data exactly', async () => {
    // PDF 32000-1, 7.4.4.2: "-----A---B" as codes 256 45 258 258 65 259 66 257.
    const lzw = withStream(
      '/Filter /LZWDecode',
      Buffer.from([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01]),
    );
    // Each pair repeats one byte 128 times: 2 bytes in, 128 out.
    const runs = Buffer.alloc(2000);
    for (let i = 0; i < runs.length; i += 2) runs[i] = 129;
    const runLength = withStream('/Filter /RunLengthDecode', Buffer.concat([runs, Buffer.from([128])]));

    expect(await checkPdfStreams(lzw)).toEqual({ streams: 1, decodedBytes: 10 });
    expect(await checkPdfStreams(runLength)).toEqual({ streams: 1, decodedBytes: 128_000 });
    expect(await codeOf(checkPdfStreams(runLength, { maxDecodedBytes: 100_000 }))).toBe('IMPORT_TOO_COMPLEX');
  });

  it('leaves image codecs to pdf.js (bounded by maxImageSize) and damaged data to pdf.js', async () => {
    const jpeg = withStream('/Subtype /Image /Filter /DCTDecode', Buffer.alloc(1000, 0xff));
    const damaged = withStream('/Filter /FlateDecode', Buffer.from('not deflate at all'));

    expect(await checkPdfStreams(jpeg)).toEqual({ streams: 1, decodedBytes: 0 });
    expect(await checkPdfStreams(damaged)).toEqual({ streams: 1, decodedBytes: 0 });
  });
});

describe('filtersOf', () => {
  it('reads a name, an array and escapes; none when the dictionary names none', () => {
    expect(filtersOf('/Length 10 /Filter /FlateDecode')).toEqual(['FlateDecode']);
    expect(filtersOf('/Filter [ /A85 /Fl ] /DecodeParms [null << /Predictor 12 >>]')).toEqual(['A85', 'Fl']);
    expect(filtersOf('/Filter/BrotliDecode/Length 4')).toEqual(['BrotliDecode']);
    expect(filtersOf('/Length 10')).toEqual([]);
    // Named through another object: deflate is tried.
    expect(filtersOf('/Filter 12 0 R')).toEqual(['FlateDecode']);
  });
});
