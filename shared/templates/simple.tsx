import type { ReactNode } from 'react';
import type { EntryView, SectionView } from './content.ts';
import { A, Address, addSection, blockList, Parts, type Rhythm, type SectionParts } from './parts.tsx';
import type { BuildContext, ResumeTemplate, TemplateLayout } from './template.ts';

/**
 * The spec's Simple Template: a dark sidebar (photo, contact, links, skills, languages) beside the main
 * column (name, profile, experience, education, ...). The main column comes first in the document so text
 * extraction reads the name and the experience before the sidebar; CSS puts the sidebar on the left. The
 * sidebar colour is a backdrop of every page, so it continues however long each column runs.
 */

const SIDE_SECTIONS = new Set(['skills', 'languages', 'links']);

const css = `
.rt-simple{--rt-side:248px;--rt-ink:#1f2937;--rt-strong:#111827;--rt-muted:#6b7280;--rt-size:13.33px;--rt-leading:1.33;--rt-side-bg:#1f2937;--rt-side-ink:#e5e7eb;--rt-side-muted:#9ca3af;--rt-indent:15px;--rt-bullet:var(--rt-accent)}
.rt-simple .rt-s-backdrop{position:absolute;left:0;top:0;bottom:0;width:var(--rt-side);background:var(--rt-side-bg)}
.rt-simple .rt-body{display:grid;grid-template-columns:var(--rt-side) minmax(0,1fr);align-items:start}
.rt-simple .rt-col-main{grid-column:2;grid-row:1;min-width:0;padding:0 44px 0 38px}
.rt-simple .rt-col-side{grid-column:1;grid-row:1;min-width:0;padding:0 26px;color:var(--rt-side-ink);font-size:12.75px;line-height:1.35}
.rt-simple .rt-s-name{font-size:34px;line-height:1.1;font-weight:700;letter-spacing:-0.015em;color:var(--rt-strong)}
.rt-simple .rt-s-role{margin-top:6px;font-size:16px;line-height:1.25;font-weight:500;color:var(--rt-accent)}
.rt-simple .rt-s-h2{display:flex;align-items:center;gap:10px;font-size:14.75px;line-height:1.2;font-weight:700;letter-spacing:0.04em;text-transform:uppercase;color:var(--rt-strong)}
.rt-simple .rt-s-h2::before{content:"";flex:0 0 auto;width:4px;height:14px;border-radius:1px;background:var(--rt-accent)}
.rt-simple .rt-s-title{font-weight:600;color:var(--rt-strong)}
.rt-simple .rt-s-sub{color:#374151;font-weight:500}
.rt-simple .rt-s-date,.rt-simple .rt-s-loc,.rt-simple .rt-s-meta{font-size:12.5px;font-weight:400;color:var(--rt-muted)}
.rt-simple .rt-s-line{color:var(--rt-ink)}
.rt-simple .rt-s-link{color:var(--rt-accent)}
.rt-simple .rt-s-photo{width:112px;height:112px;border-radius:50%;border:3px solid rgba(255,255,255,0.14)}
.rt-simple .rt-s-h2side{padding-bottom:6px;border-bottom:1px solid rgba(255,255,255,0.18);font-size:14.75px;line-height:1.2;font-weight:700;letter-spacing:0.04em;text-transform:uppercase;color:#fff}
.rt-simple .rt-s-label{display:block;font-size:11px;line-height:1.3;letter-spacing:0.04em;text-transform:uppercase;color:var(--rt-side-muted)}
.rt-simple .rt-s-value{display:block;color:#f9fafb}
.rt-simple .rt-s-value a{color:inherit}
.rt-simple .rt-s-strong{font-weight:600;color:#f9fafb}
.rt-simple .rt-s-level{font-size:12px;color:var(--rt-side-muted)}
.rt-simple .rt-s-kw{display:block;margin-top:1px;font-size:12px;color:var(--rt-side-muted)}
`;

const rhythmOf = (ctx: BuildContext): Rhythm => ({
  section: ctx.info.measurements.sectionSpacing + 4,
  afterHeading: 10,
  item: ctx.info.measurements.itemSpacing + 4,
  afterHead: 4,
  line: 2,
});

function entryHead(entry: EntryView): ReactNode {
  const sub = [
    entry.subtitle ? (
      <A key="s" href={entry.subtitleHref}>
        {entry.subtitle}
      </A>
    ) : null,
    entry.meta ? (
      <span key="m" className="rt-s-meta">
        {entry.meta}
      </span>
    ) : null,
    entry.link ? (
      <A key="l" href={entry.link.href} className="rt-s-link">
        <Address text={entry.link.label} />
      </A>
    ) : null,
  ];
  const hasSub = sub.some(Boolean) || entry.location;
  return (
    <div className="rt-s-entry">
      <div className="rt-row">
        <h3 className="rt-s-title">
          <A href={entry.titleHref}>{entry.title}</A>
        </h3>
        {entry.date ? <span className="rt-date rt-s-date">{entry.date}</span> : null}
      </div>
      {hasSub ? (
        <div className="rt-row rt-s-sub">
          <Parts parts={sub} />
          {entry.location ? <span className="rt-s-loc">{entry.location}</span> : null}
        </div>
      ) : null}
    </div>
  );
}

const mainParts: SectionParts = {
  heading: (section: SectionView) => <h2 className="rt-s-h2">{section.title}</h2>,
  entryHead,
  line: (text, asList) => <p className={asList ? 'rt-bullet rt-s-line' : 'rt-s-line'}>{text}</p>,
  // Side sections never reach the main column, but a template must draw every kind.
  skills: (skills) =>
    skills.map((s) => (
      <p key={s.id}>
        <Parts parts={[<strong key="n">{s.name}</strong>, s.level, s.keywords]} />
      </p>
    )),
  languages: (languages) => [
    <p key="l">
      <Parts parts={languages.map((l) => (l.fluency ? `${l.name} (${l.fluency})` : l.name))} />
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

const sideParts: SectionParts = {
  heading: (section) => <h2 className="rt-s-h2side">{section.title}</h2>,
  entryHead: (entry) => (
    <div>
      <p className="rt-s-strong">
        <A href={entry.titleHref}>{entry.title}</A>
      </p>
      <p className="rt-s-kw">
        <Parts parts={[entry.subtitle, entry.date, entry.location]} />
      </p>
    </div>
  ),
  line: (text, asList) => <p className={asList ? 'rt-bullet' : undefined}>{text}</p>,
  // Stacked, not name and level side by side: long skill names in a narrow column would wrap raggedly.
  skills: (skills) =>
    skills.map((s) => (
      <div key={s.id}>
        <p className="rt-s-strong">{s.name}</p>
        {s.level || s.keywords ? <Parts className="rt-s-kw" parts={[s.level, s.keywords]} /> : null}
      </div>
    )),
  languages: (languages) =>
    languages.map((l) => (
      <div key={l.id} className="rt-pair">
        <span className="rt-s-strong">{l.name}</span>
        {l.fluency ? <span className="rt-s-level">{l.fluency}</span> : null}
      </div>
    )),
  links: (links) =>
    links.map((l) => (
      <div key={l.id}>
        {l.network ? <span className="rt-s-label">{l.network}</span> : null}
        <span className="rt-s-value">
          <A href={l.href}>
            <Address text={l.label} />
          </A>
        </span>
      </div>
    )),
};

function layout(ctx: BuildContext): TemplateLayout {
  const { view } = ctx;
  const { contact, strings } = view;
  const rhythm = rhythmOf(ctx);
  const main = blockList();
  const side = blockList();

  if (contact.name || contact.jobTitle) {
    main.add(
      'name',
      <header>
        {contact.name ? <h1 className="rt-s-name">{contact.name}</h1> : null}
        {contact.jobTitle ? <p className="rt-s-role">{contact.jobTitle}</p> : null}
      </header>,
    );
  }

  if (ctx.photoSrc) {
    side.add('photo', <img className="rt-photo rt-s-photo" src={ctx.photoSrc} alt="" />);
  }
  const details = [
    contact.email
      ? { label: strings.email, value: <Address text={contact.email} />, href: contact.emailHref }
      : null,
    contact.phone ? { label: strings.phone, value: contact.phone, href: contact.phoneHref } : null,
    contact.city ? { label: strings.location, value: contact.city, href: undefined } : null,
  ].filter((d) => d !== null);
  if (details.length > 0) {
    side.add(
      'contact/heading',
      sideParts.heading({ key: 'links', kind: 'links', title: strings.contact, links: [] }),
      {
        spaceBefore: side.blocks.length > 0 ? rhythm.section : 0,
        keepWithNext: true,
      },
    );
    details.forEach((d, k) => {
      side.add(
        `contact/${k}`,
        <div>
          <span className="rt-s-label">{d.label}</span>
          <span className="rt-s-value">
            <A href={d.href}>{d.value}</A>
          </span>
        </div>,
        { spaceBefore: k === 0 ? rhythm.afterHeading : rhythm.item },
      );
    });
  }

  // Links belong with the contact details, at the top of the sidebar, wherever the section order puts them.
  const links = view.sections.find((s) => s.kind === 'links');
  if (links) addSection(side, links, sideParts, rhythm, side.blocks.length === 0);
  for (const section of view.sections.filter((s) => s !== links)) {
    const inSide = SIDE_SECTIONS.has(section.key);
    const list = inSide ? side : main;
    addSection(list, section, inSide ? sideParts : mainParts, rhythm, list.blocks.length === 0);
  }

  const pad = ctx.info.measurements.padding;
  return {
    margin: { top: pad, right: 0, bottom: pad, left: 0 },
    header: null,
    backdrop: <div className="rt-s-backdrop" aria-hidden="true" />,
    columns: [
      { name: 'main', blocks: main.blocks },
      { name: 'side', blocks: side.blocks },
    ],
  };
}

export const simpleTemplate: ResumeTemplate = { id: 'simple', css, layout };
