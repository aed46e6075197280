import { readFileSync } from 'node:fs';

/**
 * `node tests/load/import-lines.ts <file>`: the lines the import's PDF reader makes of a file, with
 * where they sit and how they are set, and the sections the parser cuts them into: for finding out why a
 * layout is misread.
 */
const { extractPdf } = await import('../../functions/domain/import/pdf-text.ts');
const { extractDocx } = await import('../../functions/domain/import/docx-text.ts');
const { extractDoc } = await import('../../functions/domain/import/doc-text.ts');
const { prepareLines } = await import('../../functions/domain/import/lines.ts');
const { splitSections } = await import('../../functions/domain/import/sections.ts');

const file = process.argv[2];
if (!file) throw new Error('usage: node tests/load/import-lines.ts <file.pdf|.docx|.doc>');
const bytes = new Uint8Array(readFileSync(file));
const doc = await (file.endsWith('.docx') ? extractDocx : file.endsWith('.doc') ? extractDoc : extractPdf)(
  bytes,
);
for (const section of splitSections(prepareLines(doc))) {
  console.log(`== ${section.kind} ${JSON.stringify(section.title)}`);
  for (const l of section.lines) {
    const style = `${l.size.toFixed(1)}${l.bold ? 'b' : ' '}${l.bullet ? '•' : ' '}`;
    console.log(
      `  p${l.page} c${l.column} x${Math.round(l.x).toString().padStart(3)} ${style} ${l.cells.map((c) => JSON.stringify(c)).join(' | ')}`,
    );
  }
}
