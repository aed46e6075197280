import { constants, deflateRawSync } from 'node:zlib';

/**
 * Small hostile and edge-case files made at test time, so the importer's refusals are tested on real bytes
 * without committing them: PDFs of any page count (optionally password-protected), a PDF bomb, and ZIP
 * archives whose entries may lie about their sizes.
 */

/**
 * A PDF of `pages` pages, each with a few lines of text in Helvetica (a line written `**Like this**` in
 * Helvetica-Bold, one 14 pt); `encrypted` adds a user password.
 */
export function makePdf(
  pages: number,
  options: { encrypted?: boolean; lines?: (page: number) => string[] } = {},
) {
  const lines = options.lines ?? ((page: number) => [`Page ${page}`, 'Jane Doe', 'jane@example.com']);
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // pages, filled in below
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>');
  const kids: number[] = [];
  for (let page = 1; page <= pages; page++) {
    const text = lines(page)
      .map((line, i) => {
        const bold = /^\*\*(.*)\*\*$/.exec(line);
        const font = bold ? '/F2 14' : '/F1 12';
        const shown = (bold?.[1] ?? line).replace(/[()\\]/g, '\\$&');
        return `BT ${font} Tf 72 ${720 - i * 16} Td (${shown}) Tj ET`;
      })
      .join('\n');
    add(`<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`);
    const contents = objects.length;
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contents} 0 R >>`,
    );
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${pages} >>`;
  // A standard security handler whose stored user-password hash matches no password, the empty one
  // included: every reader must ask for a password.
  const encrypt = options.encrypted
    ? add(`<< /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -44 >>`)
    : 0;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  const id = `<${'01'.repeat(16)}>`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${encrypt ? ` /Encrypt ${encrypt} 0 R /ID [${id} ${id}]` : ''} >>\n`;
  out += `startxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/**
 * A one-page PDF whose deflated content stream holds a line of text and then `inflatedBytes` NULs (white
 * space to a PDF reader): a deflate bomb of about `inflatedBytes / 1000` bytes. Built from one compressed
 * block of zeros repeated, so even 1.6 GB costs milliseconds to make; the zlib checksum is computed, not
 * inflated, so every reader accepts the stream.
 */
export function makePdfBomb(inflatedBytes: number, text = 'Jane Doe'): Uint8Array {
  const CHUNK = 16 * 1024 * 1024;
  const prefix = Buffer.from(`BT /F1 12 Tf 72 720 Td (${text}) Tj ET\n`, 'latin1');
  const sync = { level: 9, finishFlush: constants.Z_SYNC_FLUSH };
  // Each part ends on a byte boundary and is not final; a zero block refers only to zeros it wrote itself.
  const parts = [Buffer.from([0x78, 0xda]), deflateRawSync(prefix, sync)];
  const whole = Math.floor(inflatedBytes / CHUNK);
  const block = whole > 0 ? deflateRawSync(Buffer.alloc(CHUNK), sync) : Buffer.alloc(0);
  for (let i = 0; i < whole; i++) parts.push(block);
  const rest = inflatedBytes - whole * CHUNK;
  if (rest > 0) parts.push(deflateRawSync(Buffer.alloc(rest), sync));
  parts.push(Buffer.from([0x03, 0x00])); // an empty final block
  // Adler-32 of the prefix and then the zeros: zeros leave the first sum as it is and add it to the second.
  let a = 1;
  let b = 0;
  for (const byte of prefix) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  b = Number((BigInt(b) + BigInt(inflatedBytes) * BigInt(a)) % 65521n);
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(((b << 16) | a) >>> 0);
  parts.push(adler);
  const stream = Buffer.concat(parts);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const chunks: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const write = (data: Buffer | string) => {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
    chunks.push(bytes);
    length += bytes.length;
  };
  write('%PDF-1.4\n');
  objects.forEach((body, i) => {
    offsets.push(length);
    write(`${i + 1} 0 obj\n${body}\nendobj\n`);
  });
  offsets.push(length);
  write(`5 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`);
  write(stream);
  write('\nendstream\nendobj\n');
  const xref = length;
  write(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) write(`${String(offset).padStart(10, '0')} 00000 n \n`);
  write(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return new Uint8Array(Buffer.concat(chunks));
}

export interface ZipEntry {
  name: string;
  data: Uint8Array;
  /** The uncompressed size written in the headers; defaults to the truth. */
  declaredSize?: number;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Uint8Array) => {
  let c = 0xffffffff;
  for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** A ZIP archive of deflated entries (what DOCX files and LinkedIn exports are). */
export function makeZip(entries: ZipEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const compressed = deflateRawSync(entry.data);
    const size = entry.declaredSize ?? entry.data.byteLength;
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.byteLength, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.byteLength, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.byteLength, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.byteLength, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.byteLength + name.byteLength + compressed.byteLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** A CSV file's bytes (RFC 4180 quoting), as LinkedIn writes its export files. */
export function csv(rows: string[][]): Uint8Array {
  const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return new TextEncoder().encode(rows.map((r) => r.map(cell).join(',')).join('\n'));
}
