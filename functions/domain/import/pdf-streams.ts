import { createBrotliDecompress, createInflate } from 'node:zlib';
import { IMPORT_MAX_DECODED_BYTES } from '#shared/imports';
import { ImportError } from './types.ts';

/**
 * pdf.js decodes a stream whole, whatever it is for and however far it inflates: a 1.5 MB upload whose
 * content stream inflates to 1.6 GB took the process past 2 GB. So before pdf.js sees a PDF, every stream
 * in the file is decoded here and only counted (no output kept), and a file whose streams decode past a
 * budget is refused (IMPORT_TOO_COMPLEX) as soon as the count passes it: the work is bounded by the budget,
 * not by what the file claims.
 *
 * Streams cannot nest (an object stream holds no streams), so every stream is a `stream` keyword after a
 * dictionary in the file's own bytes. Deflate and Brotli data end themselves: they are decoded from the
 * keyword to wherever their data ends, so a fake `endstream` inside the data cannot hide the rest, and the
 * scan goes on after it, so no byte is inflated twice. Image codecs (DCT, JPX, JBIG2, CCITT) are bounded
 * by pdf.js's `maxImageSize`; encrypted streams cannot be read here, and the sandbox's memory watch is the
 * bound for them.
 */

export interface DecodeBudget {
  /** Most bytes all streams may decode to together. */
  maxDecodedBytes?: number;
}

/** What the scan found: streams seen and the bytes they decode to (within the budget). */
export interface StreamCount {
  streams: number;
  decodedBytes: number;
}

type Step = { bytes: number; out?: Buffer; consumed?: number };

/** Refuse a PDF whose streams decode past the budget (IMPORT_TOO_COMPLEX); otherwise say what they hold. */
export async function checkPdfStreams(bytes: Uint8Array, budget: DecodeBudget = {}): Promise<StreamCount> {
  const max = budget.maxDecodedBytes ?? IMPORT_MAX_DECODED_BYTES;
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let decodedBytes = 0;
  let streams = 0;
  let from = 0;
  while (from < file.length) {
    const at = file.indexOf('stream', from, 'latin1');
    if (at < 0) break;
    from = at + 6;
    if (!isStreamKeyword(file, at)) continue;
    streams++;
    const start = dataStart(file, at);
    const dict = dictionaryBefore(file, at);
    const { bytes: decoded, consumed } = await decodeChain(file, start, dict, max - decodedBytes);
    decodedBytes += decoded;
    if (decodedBytes > max) {
      throw new ImportError('IMPORT_TOO_COMPLEX', `The PDF's streams decode to more than ${max} bytes.`);
    }
    if (consumed !== undefined) from = Math.max(from, start + consumed);
  }
  return { streams, decodedBytes };
}

const isSpace = (byte: number | undefined) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;

/** `stream` right after a dictionary's `>>` and before an end of line: not `endstream`, not text. */
function isStreamKeyword(file: Buffer, at: number): boolean {
  const next = file[at + 6];
  if (next !== 0x0a && next !== 0x0d) return false;
  let back = at - 1;
  while (back > 0 && isSpace(file[back])) back--;
  return file[back] === 0x3e && file[back - 1] === 0x3e;
}

function dataStart(file: Buffer, at: number): number {
  let start = at + 6;
  if (file[start] === 0x0d) start++;
  if (file[start] === 0x0a) start++;
  return start;
}

/** The stream's dictionary as text: from its object's `obj` (at most 64 KB back) to the keyword. */
function dictionaryBefore(file: Buffer, at: number): string {
  const floor = Math.max(0, at - 64 * 1024);
  const obj = file.lastIndexOf('obj', at, 'latin1');
  return file.toString('latin1', obj >= floor ? obj + 3 : floor, at);
}

/** A name as written, `#xx` escapes decoded. */
const nameOf = (raw: string) =>
  raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The filters of a stream's dictionary in order; none when it names none. A filter named through an
 * indirect object cannot be read here: deflate is tried (what such files use), and anything else fails
 * at once and counts nothing.
 */
export function filtersOf(dictionary: string): string[] {
  const match = /\/Filter\s*(\[[^\]]*\]|\/[^\s/<>[\]()]+|\d+\s+\d+\s+R)/.exec(dictionary);
  if (!match?.[1]) return [];
  const value = match[1];
  if (/R$/.test(value)) return ['FlateDecode'];
  return [...value.matchAll(/\/([^\s/<>[\]()]+)/g)].map((m) => nameOf(m[1] ?? ''));
}

/** Where the stream's data ends by the file's text: its direct /Length if `endstream` follows, else the next `endstream`. */
function dataEnd(file: Buffer, start: number, dictionary: string): number {
  const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
  if (length?.[1]) {
    const end = start + Number(length[1]);
    let after = end;
    while (after < file.length && isSpace(file[after])) after++;
    if (end <= file.length && file.toString('latin1', after, after + 9) === 'endstream') return end;
  }
  const end = file.indexOf('endstream', start, 'latin1');
  return end < 0 ? file.length : end;
}

/**
 * Decode a stream's data through its filters; what the last one yields is only counted. Stops at an image
 * codec (bounded by pdf.js's image limit) or a filter it does not know (pdf.js passes those through).
 */
async function decodeChain(
  file: Buffer,
  start: number,
  dictionary: string,
  budget: number,
): Promise<{ bytes: number; consumed?: number }> {
  const filters = filtersOf(dictionary);
  if (filters.length === 0) return { bytes: 0 };
  let input: Buffer | undefined;
  let bytes = 0;
  let consumed: number | undefined;
  for (const [i, filter] of filters.entries()) {
    const keep = i < filters.length - 1;
    // Self-ending data gets the rest of the file; the other filters only the stream's own bytes.
    const selfEnding = ['FlateDecode', 'Fl', 'BrotliDecode'].includes(filter);
    const data = input ?? file.subarray(start, selfEnding ? file.length : dataEnd(file, start, dictionary));
    const step = await decodeOne(filter, data, budget, keep);
    if (!step) return { bytes, ...(consumed !== undefined ? { consumed } : {}) };
    if (i === 0) consumed = step.consumed;
    bytes = step.bytes;
    if (bytes > budget || !step.out) break;
    input = step.out;
  }
  return { bytes, ...(consumed !== undefined ? { consumed } : {}) };
}

/** One filter over `data`: bytes out (past `budget` means stopped there), and the output when asked. */
async function decodeOne(filter: string, data: Buffer, budget: number, keep: boolean): Promise<Step | null> {
  switch (filter) {
    case 'FlateDecode':
    case 'Fl':
      return zlibCount(createInflate({ chunkSize: 64 * 1024 }), data, budget, keep);
    case 'BrotliDecode':
      return zlibCount(createBrotliDecompress({ chunkSize: 64 * 1024 }), data, budget, keep);
    case 'LZWDecode':
    case 'LZW':
      return lzw(data, budget);
    case 'RunLengthDecode':
    case 'RL':
      return runLength(data, budget);
    case 'ASCIIHexDecode':
    case 'AHx':
      return asciiHex(data);
    case 'ASCII85Decode':
    case 'A85':
      return ascii85(data);
    default:
      // Image codecs (DCT, JPX, JBIG2, CCITT: bounded by maxImageSize), Crypt and names pdf.js does not
      // know end what can be counted here.
      return null;
  }
}

/**
 * Run a zlib decoder over `data`, counting what it yields and stopping once past `budget`. A damaged
 * stream counts what came out before the damage: pdf.js keeps that much too.
 */
function zlibCount(
  decoder: ReturnType<typeof createInflate> | ReturnType<typeof createBrotliDecompress>,
  data: Buffer,
  budget: number,
  keep: boolean,
): Promise<Step> {
  return new Promise((resolve) => {
    let bytes = 0;
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (consumed?: number) => {
      if (done) return;
      done = true;
      decoder.destroy();
      resolve({
        bytes,
        ...(keep ? { out: Buffer.concat(chunks) } : {}),
        ...(consumed !== undefined ? { consumed } : {}),
      });
    };
    decoder.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (keep) chunks.push(chunk);
      if (bytes > budget) finish();
    });
    decoder.on('end', () => finish(decoder.bytesWritten));
    decoder.on('error', () => finish());
    decoder.end(data);
  });
}

/** LZW as PDF writes it (early change, 9 to 12 bit codes), its output built up to the budget. */
function lzw(data: Buffer, budget: number): Step {
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const length = new Int32Array(4096);
  for (let i = 0; i < 256; i++) {
    suffix[i] = i;
    length[i] = 1;
  }
  let out = new Uint8Array(64 * 1024);
  let bytes = 0;
  /** Write a code's word; its first byte back. */
  const put = (code: number): number => {
    const n = length[code] as number;
    if (bytes + n > out.length) {
      const grown = new Uint8Array(Math.max(out.length * 2, bytes + n));
      grown.set(out.subarray(0, bytes));
      out = grown;
    }
    for (let i = n - 1, c = code; i >= 0; i--, c = prefix[c] as number) out[bytes + i] = suffix[c] as number;
    bytes += n;
    return out[bytes - n] as number;
  };
  let next = 258;
  let codeLength = 9;
  let previous = -1;
  let buffer = 0;
  let bits = 0;
  let pos = 0;
  let consumed: number | undefined;
  while (bytes <= budget) {
    while (bits < codeLength && pos < data.length) {
      buffer = ((buffer << 8) | (data[pos++] as number)) & 0xffffff;
      bits += 8;
    }
    if (bits < codeLength) break;
    bits -= codeLength;
    const code = (buffer >>> bits) & ((1 << codeLength) - 1);
    if (code === 257) {
      consumed = pos;
      break;
    }
    if (code === 256) {
      next = 258;
      codeLength = 9;
      previous = -1;
      continue;
    }
    let first: number;
    if (code < 256 || (code >= 258 && code < next)) {
      first = put(code);
    } else if (code === next && previous >= 0) {
      // The word being defined: the previous one and its own first byte.
      first = put(previous);
      put(first);
    } else {
      break;
    }
    if (previous >= 0 && next < 4096) {
      prefix[next] = previous;
      suffix[next] = first;
      length[next] = (length[previous] as number) + 1;
      next++;
    }
    previous = code;
    if (next + 1 >= 1 << codeLength && codeLength < 12) codeLength++;
  }
  if (bytes > budget) return { bytes };
  return { bytes, out: Buffer.from(out.buffer, 0, bytes), ...(consumed !== undefined ? { consumed } : {}) };
}

/** Run-length data (a length byte, then a literal run or one repeated byte; 128 ends it), up to the budget. */
function runLength(data: Buffer, budget: number): Step {
  const chunks: Buffer[] = [];
  let bytes = 0;
  let pos = 0;
  while (pos < data.length) {
    const length = data[pos++] as number;
    if (length === 128) break;
    if (length < 128) {
      const run = data.subarray(pos, pos + length + 1);
      chunks.push(run);
      bytes += run.length;
      pos += length + 1;
    } else {
      if (pos >= data.length) break;
      chunks.push(Buffer.alloc(257 - length, data[pos++] as number));
      bytes += 257 - length;
    }
    if (bytes > budget) return { bytes };
  }
  return { bytes, out: Buffer.concat(chunks), consumed: pos };
}

function asciiHex(data: Buffer): Step {
  const end = data.indexOf('>');
  const hex = data.toString('latin1', 0, end < 0 ? data.length : end).replace(/[^0-9a-fA-F]/g, '');
  const out = Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
  return { bytes: out.length, out, ...(end >= 0 ? { consumed: end + 1 } : {}) };
}

function ascii85(data: Buffer): Step {
  const end = data.indexOf('~>');
  const text = data.toString('latin1', 0, end < 0 ? data.length : end).replace(/\s/g, '');
  const out: number[] = [];
  let group: number[] = [];
  const flush = (count: number) => {
    let value = 0;
    for (let i = 0; i < 5; i++) value = value * 85 + (group[i] ?? 84);
    for (let i = 0; i < count - 1; i++) out.push((value >>> (24 - 8 * i)) & 0xff);
    group = [];
  };
  for (const ch of text) {
    if (ch === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const digit = ch.charCodeAt(0) - 33;
    if (digit < 0 || digit > 84) continue;
    group.push(digit);
    if (group.length === 5) flush(5);
  }
  if (group.length > 0) flush(group.length);
  const buffer = Buffer.from(out);
  return { bytes: buffer.length, out: buffer, ...(end >= 0 ? { consumed: end + 2 } : {}) };
}
