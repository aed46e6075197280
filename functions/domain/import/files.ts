import yauzl from 'yauzl';
import { IMPORT_MAX_EXPANDED_BYTES, type ImportKind, importFileTypes } from '#shared/imports';
import { ImportError } from './types.ts';

/**
 * What a file is by its bytes, never by its name or declared type: magic bytes per kind, and archives opened
 * with limits on entry count and expanded size, so a renamed image or a zip bomb is refused before any
 * parser sees it.
 */

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

/** Microsoft's compound file (OLE2): DOC, and also password-protected DOCX (an encrypted package). */
export const isCompoundFile = (b: Uint8Array) =>
  b.length >= 8 && b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0 && b[4] === 0xa1;
const isZip = (b: Uint8Array) => b.length >= 4 && ascii(b, 0, 4) === 'PK\x03\x04';
/** PDF readers accept the header anywhere in the first kilobyte; so do we. */
const isPdf = (b: Uint8Array) => ascii(b, 0, 1024).includes('%PDF-');
/** JSON text: an object, after an optional byte-order mark and whitespace. */
const isJsonObject = (b: Uint8Array) => /^(\uFEFF|ï»¿)?\s*\{/.test(ascii(b, 0, 64));

/** The kind the bytes look like, whatever the file is called; null when none of ours. */
export function sniffKind(bytes: Uint8Array): 'pdf' | 'zip' | 'ole' | 'json' | null {
  if (isPdf(bytes)) return 'pdf';
  if (isZip(bytes)) return 'zip';
  if (isCompoundFile(bytes)) return 'ole';
  if (isJsonObject(bytes)) return 'json';
  return null;
}

/**
 * Refuse bytes that are not the kind the upload declared (IMPORT_INVALID_TYPE) or over its size limit
 * (IMPORT_TOO_LARGE). A DOCX that is an OLE file is a password-protected one (IMPORT_ENCRYPTED).
 */
export function checkFile(bytes: Uint8Array, kind: ImportKind): void {
  if (bytes.length === 0) throw new ImportError('IMPORT_UNREADABLE', 'The file is empty.');
  if (bytes.length > importFileTypes[kind].maxBytes) {
    throw new ImportError('IMPORT_TOO_LARGE', `The file is over ${importFileTypes[kind].maxBytes} bytes.`);
  }
  const sniffed = sniffKind(bytes);
  if (kind === 'docx' && sniffed === 'ole') {
    throw new ImportError('IMPORT_ENCRYPTED', 'The document is password-protected.');
  }
  const expected = { pdf: 'pdf', docx: 'zip', doc: 'ole', 'linkedin-zip': 'zip', 'json-resume': 'json' }[
    kind
  ];
  if (sniffed !== expected) {
    throw new ImportError(
      'IMPORT_INVALID_TYPE',
      `The bytes are not a ${kind} file (they look like ${sniffed}).`,
    );
  }
}

export interface ZipLimits {
  /** Most bytes all entries may expand to together. */
  maxExpandedBytes?: number;
  maxEntries?: number;
  /** Entries to return (the others are still expanded and counted, never kept). */
  keep?: (name: string) => boolean;
}

/**
 * Expand an archive within limits, keeping the wanted entries. The declared sizes are summed first (an
 * honest bomb is refused without inflating anything); then every entry is inflated and counted, and yauzl
 * stops an entry the moment it yields more than it declared (a lying bomb), so the work is bounded either way.
 */
export async function readZip(bytes: Uint8Array, limits: ZipLimits = {}): Promise<Map<string, Buffer>> {
  const maxExpanded = limits.maxExpandedBytes ?? IMPORT_MAX_EXPANDED_BYTES;
  const maxEntries = limits.maxEntries ?? 5000;
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch (cause) {
    throw new ImportError('IMPORT_UNREADABLE', 'The archive cannot be opened.', { cause });
  }
  const tooLarge = () =>
    new ImportError('IMPORT_ARCHIVE_TOO_LARGE', `The archive expands past ${maxExpanded} bytes.`);
  if (zip.entryCount > maxEntries) {
    zip.close();
    throw new ImportError('IMPORT_ARCHIVE_TOO_LARGE', `The archive has ${zip.entryCount} entries.`);
  }
  const entries: yauzl.Entry[] = [];
  try {
    for await (const entry of zipEntries(zip)) entries.push(entry);
  } catch (cause) {
    zip.close();
    throw new ImportError('IMPORT_UNREADABLE', 'The archive is damaged.', { cause });
  }
  if (entries.some((e) => e.isEncrypted())) {
    zip.close();
    throw new ImportError('IMPORT_ENCRYPTED', 'The archive is password-protected.');
  }
  const declared = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (declared > maxExpanded) {
    zip.close();
    throw tooLarge();
  }
  const kept = new Map<string, Buffer>();
  let expanded = 0;
  try {
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const keep = limits.keep?.(entry.fileName) ?? true;
      const chunks: Buffer[] = [];
      for await (const chunk of (await zip.openReadStreamPromise(entry)) as AsyncIterable<Buffer>) {
        expanded += chunk.length;
        if (expanded > maxExpanded) throw tooLarge();
        if (keep) chunks.push(chunk);
      }
      if (keep) kept.set(entry.fileName, Buffer.concat(chunks));
    }
  } catch (error) {
    if (error instanceof ImportError) throw error;
    // yauzl's "too many bytes in the stream" (a size lie) and inflate errors land here.
    const message = (error as Error).message ?? '';
    if (/too many bytes|expected \d+|exceeded/i.test(message)) throw tooLarge();
    throw new ImportError('IMPORT_UNREADABLE', 'The archive is damaged.', { cause: error });
  } finally {
    zip.close();
  }
  return kept;
}

/** The archive's entries, read lazily from its central directory. */
async function* zipEntries(zip: yauzl.ZipFile): AsyncGenerator<yauzl.Entry> {
  const queue: yauzl.Entry[] = [];
  let done = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  zip.on('entry', (entry: yauzl.Entry) => {
    queue.push(entry);
    notify();
  });
  zip.on('end', () => {
    done = true;
    notify();
  });
  zip.on('error', (error: Error) => {
    failure = error;
    notify();
  });
  zip.readEntry();
  while (true) {
    if (failure) throw failure;
    const next = queue.shift();
    if (next) {
      yield next;
      zip.readEntry();
      continue;
    }
    if (done) return;
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  }
}
