import type { ReactNode } from 'react';
import type { EntryView } from './content.ts';
import {
  A,
  Address,
  addSection,
  blockList,
  headerParts,
  Parts,
  type SectionParts,
  titledEntryHead,
} from './parts.tsx';
import type { BuildContext, ResumeTemplate, TemplateLayout } from './template.ts';

/**
 * Compact: a dense two-column page for long careers. The main column (profile, experience, education,
 * projects, ...) comes first in the document and sits on the left; the narrow column on the right holds
 * skills, languages, certifications and awards. The header spans both columns on page 1 and carries the
 * contact details and links, where recruiters look for them.
 */

const SIDE_SECTIONS = new Set(['skills', 'languages', 'certifications', 'awards']);

const css = `
.rt-compact{--rt-ink:#202124;--rt-strong:#111;--rt-muted:#5c5f66;--rt-size:12.75px;--rt-leading:1.3;--rt-side:196px;--rt-indent:13px;--rt-bullet-x:2px;--rt-bullet:var(--rt-accent)}
.rt-compact .rt-header{margin-bottom:18px;padding-bottom:12px;border-bottom:2px solid var(--rt-accent)}
.rt-compact .rt-k-top{display:flex;align-items:baseline;flex-wrap:wrap;column-gap:14px;row-gap:2px}
.rt-compact .rt-k-name{font-size:30px;line-height:1.1;font-weight:700;letter-spacing:-0.01em;color:var(--rt-strong)}
.rt-compact .rt-k-role{font-size:15px;line-height:1.25;font-weight:500;color:var(--rt-accent)}
.rt-compact .rt-k-contact{margin-top:7px;font-size:12.5px;color:#3c4043}
.rt-compact .rt-k-more{margin-top:1px}
.rt-compact .rt-k-contact .rt-sep,.rt-compact .rt-k-sub .rt-sep{color:#9aa0a6}
.rt-compact .rt-body{display:grid;grid-template-columns:minmax(0,1fr) var(--rt-side);column-gap:28px;align-items:start}
.rt-compact .rt-col-main{grid-column:1;grid-row:1;min-width:0}
.rt-compact .rt-col-side{grid-column:2;grid-row:1;min-width:0}
.rt-compact .rt-k-h2{padding-bottom:3px;border-bottom:1px solid #dadce0;font-size:14.25px;line-height:1.2;font-weight:700;letter-spacing:0.035em;text-transform:uppercase;color:var(--rt-accent)}
.rt-compact .rt-k-title{font-weight:600;color:var(--rt-strong)}
.rt-compact .rt-k-sub{color:#3c4043}
.rt-compact .rt-k-date,.rt-compact .rt-k-loc,.rt-compact .rt-k-small{font-size:12px;color:var(--rt-muted)}
.rt-compact .rt-k-link{color:var(--rt-accent)}
.rt-compact .rt-k-side{display:block;color:#3c4043}
.rt-compact .rt-k-when{display:block;font-size:12px;color:var(--rt-muted)}
.rt-compact .rt-k-kw{display:block;font-size:12px;color:var(--rt-muted)}
`;

// In the narrow column an item stacks: title, issuer, then date and place, each on a line of its own.
function sideEntryHead(entry: EntryView): ReactNode {
  const by = [
    entry.subtitle ? (
      <A key="s" href={entry.subtitleHref}>
        {entry.subtitle}
      </A>
    ) : null,
    entry.meta,
    entry.link ? (
      <A key="l" href={entry.link.href}>
        <Address text={entry.link.label} />
      </A>
    ) : null,
  ];
  const when = [entry.date, entry.location];
  return (
    <div>
      <p className="rt-k-title">
        <A href={entry.titleHref}>{entry.title}</A>
      </p>
      {by.some(Boolean) ? <Parts className="rt-k-side" parts={by} /> : null}
      {when.some(Boolean) ? <Parts className="rt-k-when" parts={when} /> : null}
    </div>
  );
}

const mainParts: SectionParts = {
  heading: (section) => <h2 className="rt-k-h2">{section.title}</h2>,
  entryHead: titledEntryHead('k'),
  line: (text, asList) => <p className={asList ? 'rt-bullet' : undefined}>{text}</p>,
  skills: (skills) =>
    skills.map((s) => (
      <p key={s.id}>
        <Parts
          parts={[
            <strong key="n" className="rt-k-title">
              {s.name}
            </strong>,
            s.level,
            s.keywords,
          ]}
        />
      </p>
    )),
  languages: (languages) =>
    languages.map((l) => (
      <p key={l.id}>
        <Parts
          parts={[
            <strong key="n" className="rt-k-title">
              {l.name}
            </strong>,
            l.fluency,
          ]}
        />
      </p>
    )),
  links: (links) =>
    links.map((l) => (
      <p key={l.id}>
        <A href={l.href}>
          <Address text={l.label} />
        </A>
      </p>
    )),
};

const sideParts: SectionParts = {
  ...mainParts,
  entryHead: sideEntryHead,
  line: (text, asList) => <p className={asList ? 'rt-bullet rt-k-small' : 'rt-k-small'}>{text}</p>,
  // Stacked, not name and level side by side: long skill names in a narrow column would wrap raggedly.
  skills: (skills) =>
    skills.map((s) => (
      <div key={s.id}>
        <p className="rt-k-title">{s.name}</p>
        {s.level || s.keywords ? <Parts className="rt-k-kw" parts={[s.level, s.keywords]} /> : null}
      </div>
    )),
  languages: (languages) =>
    languages.map((l) => (
      <div key={l.id} className="rt-pair">
        <span className="rt-k-title">{l.name}</span>
        {l.fluency ? <span className="rt-k-small">{l.fluency}</span> : null}
      </div>
    )),
  links: (links) =>
    links.map((l) => (
      <div key={l.id}>
        {l.network ? <p className="rt-k-small">{l.network}</p> : null}
        <p>
          <A href={l.href}>
            <Address text={l.label} />
          </A>
        </p>
      </div>
    )),
};

function layout(ctx: BuildContext): TemplateLayout {
  const { view, info } = ctx;
  const { contact } = view;
  const m = info.measurements;
  const rhythm = { section: m.sectionSpacing, afterHeading: 7, item: m.itemSpacing, afterHead: 2, line: 1 };
  const main = blockList();
  const side = blockList();

  const { details, links } = headerParts(contact, view.links);
  const hasDetails = details.some(Boolean);
  const header =
    contact.name || contact.jobTitle || hasDetails || links.length > 0 ? (
      <header>
        <div className="rt-k-top">
          {contact.name ? <h1 className="rt-k-name">{contact.name}</h1> : null}
          {contact.jobTitle ? <p className="rt-k-role">{contact.jobTitle}</p> : null}
        </div>
        {hasDetails ? (
          <p className="rt-k-contact">
            <Parts parts={details} />
          </p>
        ) : null}
        {links.length > 0 ? (
          <p className={hasDetails ? 'rt-k-contact rt-k-more' : 'rt-k-contact'}>
            <Parts parts={links} />
          </p>
        ) : null}
      </header>
    ) : null;

  // The links are printed in the header.
  for (const section of view.sections.filter((s) => s.kind !== 'links')) {
    const inSide = SIDE_SECTIONS.has(section.key);
    const list = inSide ? side : main;
    addSection(list, section, inSide ? sideParts : mainParts, rhythm, list.blocks.length === 0);
  }

  const pad = m.padding;
  return {
    margin: { top: pad, right: pad, bottom: pad - 8, left: pad },
    header,
    backdrop: null,
    columns: [
      { name: 'main', blocks: main.blocks },
      { name: 'side', blocks: side.blocks },
    ],
  };
}

export const compactTemplate: ResumeTemplate = { id: 'compact', css, layout };
