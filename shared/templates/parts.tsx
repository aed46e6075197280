import { Fragment, type ReactNode } from 'react';
import type { ContactView, EntryView, LanguageView, LinkView, SectionView, SkillView } from './content.ts';
import type { TemplateBlock } from './document.tsx';

/** Pieces every template shares: links, separators, and the cutting of sections into paginable blocks. */

/** A link when the href is safe to print, plain text otherwise. */
export function A({
  href,
  className,
  children,
}: {
  href: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return href ? (
    <a className={className} href={href}>
      {children}
    </a>
  ) : (
    <span className={className}>{children}</span>
  );
}

/**
 * Text parts separated by a middle dot; empty parts never leave a stray separator. The space before the dot
 * does not break, so a wrapped line may end with a dot but never starts with one.
 */
export function Parts({ parts, className }: { parts: readonly ReactNode[]; className?: string }) {
  const shown = parts.filter((p) => p !== '' && p !== null && p !== undefined && p !== false);
  return (
    <span className={className}>
      {shown.map((part, k) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts are a fixed, ordered list.
        <span key={k}>
          {k > 0 ? (
            <span className="rt-sep" aria-hidden="true">
              {'\u00a0· '}
            </span>
          ) : null}
          {part}
        </span>
      ))}
    </span>
  );
}

/**
 * An address (e-mail, link) with line-break opportunities where a reader expects them: before '@' and after
 * '.', '/', '-' and '_'. A long address then wraps between its words instead of inside one, and the text
 * (what a parser extracts) is unchanged: <wbr> adds no character.
 */
export function Address({ text }: { text: string }) {
  const pieces = text.split(/(?<=[./_-])(?=[^./_-])|(?=@)/);
  return (
    <>
      {pieces.map((piece, k) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed text, in order.
        <Fragment key={k}>
          {k > 0 ? <wbr /> : null}
          {piece}
        </Fragment>
      ))}
    </>
  );
}

export interface BlockOptions {
  spaceBefore?: number;
  keepWithNext?: boolean;
  group?: string;
  /** The rest of the line before (a long text cut in pieces): drawn without a bullet of its own. */
  continued?: boolean;
}

/** Collects a column's blocks; ids stay unique even when imported items share an id. */
export function blockList() {
  const blocks: TemplateBlock[] = [];
  const seen = new Map<string, number>();
  return {
    blocks,
    add(id: string, node: ReactNode, options: BlockOptions = {}): void {
      const count = seen.get(id) ?? 0;
      seen.set(id, count + 1);
      blocks.push({
        id: count === 0 ? id : `${id}~${count}`,
        node,
        spaceBefore: options.spaceBefore ?? 0,
        keepWithNext: options.keepWithNext ?? false,
        group: options.group,
        continued: options.continued ?? false,
      });
    },
  };
}
export type BlockList = ReturnType<typeof blockList>;

/** Vertical rhythm of a template's sections, in CSS px. */
export interface Rhythm {
  /** Above a section heading (not at the top of a column). */
  section: number;
  /** Between a heading and the section's first item. */
  afterHeading: number;
  /** Between items. */
  item: number;
  /** Between an item's head and its first description line. */
  afterHead: number;
  /** Between description lines (bullets). */
  line: number;
}

/** How a template draws each piece of a section; every function returns one block's content. */
export interface SectionParts {
  heading: (section: SectionView) => ReactNode;
  entryHead: (entry: EntryView, section: SectionView) => ReactNode;
  /** A description line: a bullet when `asList`, a paragraph otherwise. */
  line: (text: string, asList: boolean) => ReactNode;
  /** Rows of skills; each returned node is one block (so long lists can break between rows). */
  skills: (skills: SkillView[]) => ReactNode[];
  languages: (languages: LanguageView[]) => ReactNode[];
  links: (links: LinkView[]) => ReactNode[];
}

/** Whether an entry has anything to show in its head (an entry may be only a description). */
export function hasHead(entry: EntryView): boolean {
  return Boolean(entry.title || entry.subtitle || entry.date || entry.location || entry.meta || entry.link);
}

/**
 * Cut a section into blocks: the heading keeps with the first item, an item's head keeps with its first
 * line, and each item is a group so pagination moves it whole when it can.
 */
export function addSection(
  list: BlockList,
  section: SectionView,
  parts: SectionParts,
  rhythm: Rhythm,
  first: boolean,
): void {
  const key = section.key;
  let gap = first ? 0 : rhythm.section;
  if (section.title) {
    list.add(`${key}/heading`, parts.heading(section), { spaceBefore: gap, keepWithNext: true });
    gap = rhythm.afterHeading;
  }
  const rows = (nodes: ReactNode[], name: string) => {
    nodes.forEach((node, k) => {
      // One group: a short list (skills, languages) moves to the next page whole rather than split.
      list.add(`${key}/${name}${k}`, node, { spaceBefore: k === 0 ? gap : rhythm.item, group: key });
    });
  };
  switch (section.kind) {
    case 'summary':
      section.paragraphs.lines.forEach((text, k) => {
        addLine(list, `${key}/p${k}`, text, section.paragraphs.asList, parts, {
          spaceBefore: k === 0 ? gap : rhythm.line,
          group: key,
        });
      });
      return;
    case 'skills':
      rows(parts.skills(section.skills), 'row');
      return;
    case 'languages':
      rows(parts.languages(section.languages), 'row');
      return;
    case 'links':
      rows(parts.links(section.links), 'row');
      return;
    case 'entries':
      section.entries.forEach((entry, j) => {
        const group = `${key}/${entry.id}`;
        const lines = entry.description.lines;
        let next = j === 0 ? gap : rhythm.item;
        if (hasHead(entry)) {
          list.add(`${group}/head`, parts.entryHead(entry, section), {
            spaceBefore: next,
            keepWithNext: lines.length > 0,
            group,
          });
          next = rhythm.afterHead;
        }
        lines.forEach((text, n) => {
          addLine(list, `${group}/${n}`, text, entry.description.asList, parts, {
            spaceBefore: n === 0 ? next : rhythm.line,
            group,
          });
        });
      });
      return;
  }
}

/**
 * Longest text one block holds. Pagination breaks between blocks, never inside one, and a block taller
 * than a page would be clipped: 900 characters stay well under a page even in the narrowest column.
 */
export const MAX_BLOCK_CHARS = 900;

/** Cut a long text into pieces of at most `max` characters, at sentence ends, else at spaces. */
export function splitLongText(text: string, max = MAX_BLOCK_CHARS): string[] {
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const window = rest.slice(0, max + 1);
    const sentence = Math.max(...['. ', '! ', '? ', '; '].map((mark) => window.lastIndexOf(mark)));
    const space = window.lastIndexOf(' ');
    const cut = sentence >= max / 2 ? sentence + 1 : space >= max / 2 ? space : max;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/** One description line as blocks: a very long one continues in further blocks (no second bullet). */
function addLine(
  list: BlockList,
  id: string,
  text: string,
  asList: boolean,
  parts: SectionParts,
  options: BlockOptions,
): void {
  splitLongText(text).forEach((piece, k) => {
    list.add(k === 0 ? id : `${id}.${k}`, parts.line(piece, asList), {
      ...options,
      spaceBefore: k === 0 ? options.spaceBefore : 0,
      continued: k > 0,
    });
  });
}

/**
 * Skills in rows of `size` for a grid, except that a skill with a long text (a long list of keywords) has a
 * row of its own across the grid: in one narrow cell it would run taller than the page.
 */
export function skillRows<T extends { name: string; level: string; keywords: string }>(
  skills: readonly T[],
  size: number,
): { wide: boolean; items: T[] }[] {
  const rows: { wide: boolean; items: T[] }[] = [];
  let row: T[] = [];
  for (const skill of skills) {
    if (skill.name.length + skill.level.length + skill.keywords.length > WIDE_SKILL_CHARS) {
      if (row.length > 0) rows.push({ wide: false, items: row });
      rows.push({ wide: true, items: [skill] });
      row = [];
      continue;
    }
    row.push(skill);
    if (row.length === size) {
      rows.push({ wide: false, items: row });
      row = [];
    }
  }
  if (row.length > 0) rows.push({ wide: false, items: row });
  return rows;
}

/** Past this many characters a skill takes a grid's whole width (about three lines of a narrow cell). */
const WIDE_SKILL_CHARS = 120;

/**
 * Styles every template starts from. The preview lives inside the app, whose global rules (h1 sizes, link
 * colours, line height) would otherwise leak into it and make it differ from the PDF; so everything is reset.
 */
export const baseCss = `
.rt-page{all:initial;display:block;position:relative;box-sizing:border-box;overflow:hidden;background:#fff;color:var(--rt-ink,#1f2328);font-family:var(--rt-font);font-size:var(--rt-size,13.333px);line-height:var(--rt-leading,1.3);font-kerning:normal;font-variant-ligatures:common-ligatures;font-synthesis:none;text-rendering:geometricPrecision;text-align:left;overflow-wrap:break-word;word-break:normal;-webkit-print-color-adjust:exact;print-color-adjust:exact;-webkit-text-size-adjust:none;text-size-adjust:none}
.rt-page *,.rt-page *::before,.rt-page *::after{box-sizing:border-box}
.rt-page :where(h1,h2,h3,h4,p,ul,ol,li,a,div,span,img,strong,em){margin:0;padding:0;border:0;font:inherit;color:inherit;letter-spacing:inherit;text-transform:none;text-decoration:none;background:none;list-style:none}
.rt-page.rt-measuring{height:auto}
.rt-page .rt-body{position:relative}
.rt-page .rt-block{display:flow-root;position:relative}
.rt-page .rt-nowrap{white-space:nowrap}
.rt-page .rt-date{font-variant-numeric:tabular-nums;white-space:nowrap}
.rt-page .rt-row{display:flex;align-items:baseline;justify-content:space-between;gap:12px}
.rt-page .rt-row>*{max-width:100%}
.rt-page .rt-row>:first-child{flex:1 1 auto}
.rt-page .rt-row>:last-child:not(:first-child){flex:0 1 auto;text-align:right}
.rt-page .rt-pair{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;column-gap:8px}
.rt-page .rt-pair>*{max-width:100%}
.rt-page .rt-bullet{position:relative;padding-left:var(--rt-indent,14px)}
.rt-page .rt-bullet::before{content:"•";position:absolute;left:var(--rt-bullet-x,3px);top:0;color:var(--rt-bullet,currentColor)}
.rt-page .rt-cont .rt-bullet::before{content:none}
.rt-page .rt-photo{display:block;object-fit:cover}
.rt-page .rt-wide{grid-column:1/-1}
`;

/**
 * An entry's head on two rows: title and date, then subtitle, meta and link with the location at the end.
 * `prefix` picks the template's classes (`rt-{prefix}-title`, ...).
 */
export function titledEntryHead(prefix: string) {
  return function entryHead(entry: EntryView): ReactNode {
    const sub = [
      entry.subtitle ? (
        <A key="s" href={entry.subtitleHref}>
          {entry.subtitle}
        </A>
      ) : null,
      entry.meta || null,
      entry.link ? (
        <A key="l" href={entry.link.href} className={`rt-${prefix}-link`}>
          <Address text={entry.link.label} />
        </A>
      ) : null,
    ];
    const hasSub = sub.some(Boolean) || entry.location;
    return (
      <div>
        <div className="rt-row">
          <h3 className={`rt-${prefix}-title`}>
            <A href={entry.titleHref}>{entry.title}</A>
          </h3>
          {entry.date ? <span className={`rt-date rt-${prefix}-date`}>{entry.date}</span> : null}
        </div>
        {hasSub ? (
          <div className="rt-row">
            <Parts className={`rt-${prefix}-sub`} parts={sub} />
            {entry.location ? <span className={`rt-${prefix}-loc`}>{entry.location}</span> : null}
          </div>
        ) : null}
      </div>
    );
  };
}

/**
 * The contact details of a one-line header (e-mail, phone, city, as links where they are links) in the
 * order a template prints them, and the profile links.
 */
export function headerParts(
  contact: ContactView,
  links: readonly LinkView[],
  order: readonly ('email' | 'phone' | 'city')[] = ['email', 'phone', 'city'],
): { details: ReactNode[]; links: ReactNode[] } {
  const parts = {
    email: contact.email ? (
      <A key="e" href={contact.emailHref}>
        <Address text={contact.email} />
      </A>
    ) : null,
    phone: contact.phone ? (
      <A key="p" href={contact.phoneHref}>
        {contact.phone}
      </A>
    ) : null,
    city: contact.city,
  };
  return {
    details: order.map((part) => parts[part]),
    links: links.map((l) => (
      <A key={l.id} href={l.href}>
        <Address text={l.label} />
      </A>
    )),
  };
}
