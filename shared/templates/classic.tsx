import {
  A,
  Address,
  addSection,
  blockList,
  headerParts,
  Parts,
  type SectionParts,
  skillRows,
  titledEntryHead,
} from './parts.tsx';
import type { BuildContext, ResumeTemplate, TemplateLayout } from './template.ts';

/**
 * Classic: one serif column in document order, no tables and no columns, the layout parsers read best. The
 * name is centred with the contact line (links included) under it; headings are small capitals on a rule.
 */

const css = `
.rt-classic{--rt-ink:#1c1c1c;--rt-muted:#4b4b4b;--rt-size:14px;--rt-leading:1.3;--rt-indent:16px;--rt-bullet-x:4px}
.rt-classic .rt-c-head{text-align:center}
.rt-classic .rt-c-name{font-size:34px;line-height:1.1;font-weight:600;letter-spacing:0.005em;color:#111}
.rt-classic .rt-c-role{margin-top:5px;font-size:16px;line-height:1.25;font-style:italic;color:var(--rt-muted)}
.rt-classic .rt-c-contact{margin-top:8px;font-size:13.25px;line-height:1.4;color:#333}
.rt-classic .rt-c-contact .rt-sep{color:#999}
.rt-classic .rt-c-more{margin-top:1px}
.rt-classic .rt-c-h2{padding-bottom:3px;border-bottom:1px solid var(--rt-accent);font-size:14.75px;line-height:1.2;font-weight:700;letter-spacing:0.06em;text-transform:uppercase;color:var(--rt-accent)}
.rt-classic .rt-c-title{font-weight:700;color:#111}
.rt-classic .rt-c-sub{font-style:italic}
.rt-classic .rt-c-date{color:#333}
.rt-classic .rt-c-loc{font-style:italic;color:var(--rt-muted)}
.rt-classic .rt-c-link{font-style:normal;color:var(--rt-muted)}
.rt-classic .rt-c-sep{color:#999}
.rt-classic .rt-c-grid{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));column-gap:24px}
.rt-classic .rt-c-kw{font-size:13px;font-style:italic;color:var(--rt-muted)}
`;

const parts: SectionParts = {
  heading: (section) => <h2 className="rt-c-h2">{section.title}</h2>,
  entryHead: titledEntryHead('c'),
  line: (text, asList) => <p className={asList ? 'rt-bullet' : undefined}>{text}</p>,
  skills: (skills) =>
    skillRows(skills, 2).map((row) => (
      <div key={row.items[0]?.id} className="rt-c-grid">
        {row.items.map((s) => (
          <div key={s.id} className={row.wide ? 'rt-wide' : undefined}>
            <p>
              <strong className="rt-c-title">{s.name}</strong>
              {s.level ? ` (${s.level})` : ''}
            </p>
            {s.keywords ? <p className="rt-c-kw">{s.keywords}</p> : null}
          </div>
        ))}
      </div>
    )),
  languages: (languages) => [
    <p key="languages">
      <Parts
        parts={languages.map((l) => (
          <span key={l.id}>
            <strong className="rt-c-title">{l.name}</strong>
            {l.name && l.fluency ? ` (${l.fluency})` : l.fluency}
          </span>
        ))}
      />
    </p>,
  ],
  links: (links) =>
    links.map((l) => (
      <p key={l.id}>
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
  const rhythm = { section: m.sectionSpacing, afterHeading: 8, item: m.itemSpacing, afterHead: 3, line: 2 };
  const column = blockList();

  const { details, links } = headerParts(contact, view.links, ['city', 'phone', 'email']);
  const hasDetails = details.some(Boolean);
  if (contact.name || contact.jobTitle || hasDetails || links.length > 0) {
    column.add(
      'name',
      <header className="rt-c-head">
        {contact.name ? <h1 className="rt-c-name">{contact.name}</h1> : null}
        {contact.jobTitle ? <p className="rt-c-role">{contact.jobTitle}</p> : null}
        {/* Contact details and links on lines of their own, so no line ends on a dangling separator. */}
        {hasDetails ? (
          <p className="rt-c-contact">
            <Parts parts={details} />
          </p>
        ) : null}
        {links.length > 0 ? (
          <p className={hasDetails ? 'rt-c-contact rt-c-more' : 'rt-c-contact'}>
            <Parts parts={links} />
          </p>
        ) : null}
      </header>,
    );
  }
  // The links are printed in the header, where recruiters look for them.
  for (const section of view.sections.filter((s) => s.kind !== 'links')) {
    addSection(column, section, parts, rhythm, column.blocks.length === 0);
  }

  const pad = m.padding;
  return {
    margin: { top: pad, right: pad, bottom: pad, left: pad },
    header: null,
    backdrop: null,
    columns: [{ name: 'main', blocks: column.blocks }],
  };
}

export const classicTemplate: ResumeTemplate = { id: 'classic', css, layout };
