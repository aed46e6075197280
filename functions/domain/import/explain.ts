import { partsOf, splitEntries } from './entries.ts';
import { prepareLines } from './lines.ts';
import { experienceRoles, resolveSection } from './roles.ts';
import { splitSections } from './sections.ts';
import type { TextDocument } from './types.ts';

/**
 * Why the parser read a document as it did, for `npm run parse -- <file> --explain`: the lines with where
 * they sit and how they are set, the sections they were cut into (and by which heading), each entry's head
 * and body, and, for jobs, which text was taken for the job, the employer and the place, and whether words
 * or the section's order decided. The same stages the parser runs, in the same order.
 */
export function explainDocument(doc: TextDocument): string[] {
  const out: string[] = [];
  const lines = prepareLines(doc);
  for (const section of splitSections(lines)) {
    out.push(`== ${section.kind}${section.title ? ` (heading ${JSON.stringify(section.title)})` : ''}`);
    for (const l of section.lines) {
      const style = `${l.size.toFixed(1)}pt${l.bold ? ' bold' : ''}${l.bullet ? ' bullet' : ''}${l.label ? ` [${l.label}]` : ''}`;
      out.push(
        `   p${l.page} col ${l.column} x ${Math.round(l.x)} ${style}: ${l.cells.map((c) => JSON.stringify(c)).join(' | ')}`,
      );
    }
    if (section.kind === 'header' || section.kind === 'summary' || section.kind === 'skills') continue;
    if (section.kind === 'languages' || section.kind === 'contact' || section.kind === 'links') continue;
    const entries = splitEntries(section.lines);
    const parts = entries.map(partsOf);
    const roles = resolveSection(parts.map((p) => experienceRoles(p.texts)));
    parts.forEach((p, k) => {
      const dates = p.dates
        ? `${p.dates.start || '?'} – ${p.dates.current ? 'present' : p.dates.end || '?'}`
        : 'none';
      out.push(`   -> entry ${k + 1}: head texts ${JSON.stringify(p.texts)}, dates ${dates}`);
      const r = roles[k];
      if (r && (section.kind === 'experience' || section.kind === 'volunteering')) {
        const how = r.sure ? 'by job and employer words' : r.pair ? 'by the order of the section' : 'unsure';
        out.push(
          `      job ${JSON.stringify(r.position)}, employer ${JSON.stringify(r.company)}, place ${JSON.stringify(p.location || r.location)} (${how})`,
        );
      }
    });
  }
  return out;
}
