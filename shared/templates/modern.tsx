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
  skillRows,
} from './parts.tsx';
import type { BuildContext, ResumeTemplate, TemplateLayout } from './template.ts';

/**
 * Modern: one column under an accent band that carries the name, title, contact details and photo. Dates sit
 * in a fixed rail on the left, so every item's text starts on the same line; pages after the first keep a
 * thin accent strip at the top.
 */

const css = `
.rt-modern{--rt-ink:#1f2933;--rt-strong:#0f1720;--rt-muted:#5f6b76;--rt-size:13.5px;--rt-leading:1.35;--rt-rail:104px;--rt-gutter:18px;--rt-indent:14px;--rt-bullet:var(--rt-accent)}
.rt-modern .rt-m-strip{position:absolute;left:0;right:0;top:0;height:8px;background:var(--rt-accent)}
.rt-modern .rt-header{margin:calc(-1 * var(--rt-mt)) calc(-1 * var(--rt-mr)) 28px calc(-1 * var(--rt-ml));padding:40px var(--rt-mr) 30px var(--rt-ml);background:var(--rt-accent);color:#fff}
.rt-modern .rt-m-band{display:flex;align-items:center;gap:24px}
.rt-modern .rt-m-band>div{flex:1 1 auto;min-width:0}
.rt-modern .rt-m-name{font-size:36px;line-height:1.1;font-weight:700;letter-spacing:-0.015em}
.rt-modern .rt-m-role{margin-top:6px;font-size:16.5px;line-height:1.25;font-weight:500;opacity:0.92}
.rt-modern .rt-m-contact{margin-top:14px;font-size:12.75px;line-height:1.45}
.rt-modern .rt-m-contact .rt-sep{opacity:0.6}
.rt-modern .rt-m-photo{flex:0 0 auto;width:104px;height:104px;border-radius:50%;border:3px solid rgba(255,255,255,0.85)}
.rt-modern .rt-m-h2{display:flex;align-items:center;gap:12px;font-size:14.75px;line-height:1.2;font-weight:700;letter-spacing:0.04em;text-transform:uppercase;color:var(--rt-accent)}
.rt-modern .rt-m-h2::after{content:"";flex:1 1 auto;height:1px;background:#d5dbe1}
.rt-modern .rt-m-entry{display:grid;grid-template-columns:var(--rt-rail) minmax(0,1fr);column-gap:var(--rt-gutter)}
.rt-modern .rt-m-main{grid-column:2;grid-row:1;min-width:0}
.rt-modern .rt-m-date{grid-column:1;grid-row:1;padding-top:1px;font-size:12.25px;line-height:1.35;color:var(--rt-muted);font-variant-numeric:tabular-nums}
.rt-modern .rt-m-title{font-weight:600;color:var(--rt-strong)}
.rt-modern .rt-m-sub{color:#36424d}
.rt-modern .rt-m-sub .rt-sep,.rt-modern .rt-m-loc{color:var(--rt-muted)}
.rt-modern .rt-m-link{color:var(--rt-accent)}
.rt-modern .rt-m-in{margin-left:calc(var(--rt-rail) + var(--rt-gutter))}
.rt-modern .rt-m-grid{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));column-gap:16px}
.rt-modern .rt-m-level{color:var(--rt-muted);font-size:12.25px}
.rt-modern .rt-m-kw{display:block;font-size:12.25px;color:var(--rt-muted)}
`;

function entryHead(entry: EntryView): ReactNode {
  const sub = [
    entry.subtitle ? (
      <A key="s" href={entry.subtitleHref}>
        {entry.subtitle}
      </A>
    ) : null,
    entry.location ? (
      <span key="loc" className="rt-m-loc">
        {entry.location}
      </span>
    ) : null,
    entry.meta || null,
    entry.link ? (
      <A key="l" href={entry.link.href} className="rt-m-link">
        <Address text={entry.link.label} />
      </A>
    ) : null,
  ];
  return (
    <div className="rt-m-entry">
      <div className="rt-m-main">
        <h3 className="rt-m-title">
          <A href={entry.titleHref}>{entry.title}</A>
        </h3>
        {sub.some(Boolean) ? <Parts className="rt-m-sub" parts={sub} /> : null}
      </div>
      {entry.date ? <p className="rt-m-date">{entry.date}</p> : null}
    </div>
  );
}

const parts: SectionParts = {
  heading: (section) => <h2 className="rt-m-h2">{section.title}</h2>,
  entryHead,
  line: (text, asList) => <p className={asList ? 'rt-m-in rt-bullet' : 'rt-m-in'}>{text}</p>,
  skills: (skills) =>
    skillRows(skills, 3).map((row) => (
      <div key={row.items[0]?.id} className="rt-m-in rt-m-grid">
        {row.items.map((s) => (
          <div key={s.id} className={row.wide ? 'rt-wide' : undefined}>
            <p className="rt-m-title">{s.name}</p>
            {s.level || s.keywords ? <Parts className="rt-m-kw" parts={[s.level, s.keywords]} /> : null}
          </div>
        ))}
      </div>
    )),
  languages: (languages) => [
    <p key="languages" className="rt-m-in">
      <Parts
        parts={languages.map((l) => (
          <span key={l.id}>
            <span className="rt-m-title">{l.name}</span>
            {l.fluency ? <span className="rt-m-level">{l.name ? ` ${l.fluency}` : l.fluency}</span> : null}
          </span>
        ))}
      />
    </p>,
  ],
  links: (links) =>
    links.map((l) => (
      <p key={l.id} className="rt-m-in">
        <A href={l.href}>
          <Address text={l.label} />
        </A>
      </p>
    )),
};

function layout(ctx: BuildContext): TemplateLayout {
  const { view, info } = ctx;
  const { contact } = view;
  const m = info.measurements;
  const rhythm = {
    section: m.sectionSpacing + 2,
    afterHeading: 10,
    item: m.itemSpacing + 2,
    afterHead: 4,
    line: 2,
  };
  const column = blockList();

  const { details, links } = headerParts(contact, view.links);
  const hasDetails = details.some(Boolean);
  const header =
    contact.name || contact.jobTitle || hasDetails || links.length > 0 || ctx.photoSrc ? (
      <header className="rt-m-band">
        <div>
          {contact.name ? <h1 className="rt-m-name">{contact.name}</h1> : null}
          {contact.jobTitle ? <p className="rt-m-role">{contact.jobTitle}</p> : null}
          {hasDetails || links.length > 0 ? (
            <div className="rt-m-contact">
              {hasDetails ? (
                <p>
                  <Parts parts={details} />
                </p>
              ) : null}
              {links.length > 0 ? (
                <p>
                  <Parts parts={links} />
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
        {ctx.photoSrc ? <img className="rt-photo rt-m-photo" src={ctx.photoSrc} alt="" /> : null}
      </header>
    ) : null;

  for (const section of view.sections.filter((s) => s.kind !== 'links')) {
    addSection(column, section, parts, rhythm, column.blocks.length === 0);
  }

  const pad = m.padding;
  return {
    margin: { top: pad, right: pad + 8, bottom: pad, left: pad + 8 },
    header,
    backdrop: <div className="rt-m-strip" aria-hidden="true" />,
    columns: [{ name: 'main', blocks: column.blocks }],
  };
}

export const modernTemplate: ResumeTemplate = { id: 'modern', css, layout };
