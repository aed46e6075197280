import { describe, expect, it } from '@jest/globals';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { type ResumeContent, resumeContentSchema } from '../resume.ts';
import * as samples from '../sample-resumes.ts';
import { buildDocument } from './build.ts';
import { ResumePage, ResumePages } from './document.tsx';
import { paginate } from './paginate.ts';
import { MAX_BLOCK_CHARS, splitLongText } from './parts.tsx';
import { templates } from './registry.ts';

// Plain createElement: the unit project runs *.test.ts files only.
const sampleList: [string, ResumeContent][] = [
  ['sampleResumeEn', samples.sampleResumeEn],
  ['sampleResumePtBr', samples.sampleResumePtBr],
  ['oneLineResume', samples.oneLineResume],
  ['shortResume', samples.shortResume],
  ['longResume', samples.longResume],
  ['emptySectionsResume', samples.emptySectionsResume],
];

function withTemplate(resume: ResumeContent, template: string): ResumeContent {
  return { ...resume, template };
}

/** Render every block on one tall page, as the measuring sheet does, to a string. */
function renderAll(resume: ResumeContent, photoSrc?: string): string {
  const doc = buildDocument(resume, { photoSrc });
  return renderToStaticMarkup(createElement(ResumePage, { doc, index: 0, measuring: true }));
}

/** The text of some markup, tags dropped and entities decoded enough for assertions. */
function textOf(markup: string): string {
  return markup
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<\/(p|div|h1|h2|h3|header)>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\u00a0/g, ' ');
}

describe('templates render on the server', () => {
  it('run without any browser global', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  for (const template of templates) {
    for (const [name, resume] of sampleList) {
      it(`${template.id} renders ${name} with react-dom/server`, () => {
        const doc = buildDocument(withTemplate(resume, template.id));
        // A naive split (every block on page 1) is enough to exercise the page markup.
        const pages = paginate(
          doc.columns.map((c) => ({ blocks: c.blocks.map((b) => ({ ...b, height: 1 })) })),
          1_000_000,
        );
        const markup = renderToStaticMarkup(createElement(ResumePages, { doc, pages }));
        expect(markup).toContain(`rt-${template.id}`);
        const text = textOf(markup);
        const p = resume.personalInfo;
        expect(text).toContain(p.firstName);
        expect(text).not.toMatch(/\bundefined\b|\bnull\b|\[object Object\]/);
        // No stray separators where a field is missing.
        expect(text).not.toMatch(/·\s*·|^\s*·|·\s*$|,\s*,|\(\s*\)/m);
      });
    }
  }
});

describe('template content', () => {
  it('escapes user text: markup typed into a field stays text', () => {
    const attack = '<img src=x onerror=alert(1)>';
    const resume = resumeContentSchema.parse({
      personalInfo: { firstName: attack, lastName: '</style><script>alert(2)</script>', summary: attack },
      experience: [{ id: 'e1', company: attack, position: attack, description: `${attack}\n${attack}` }],
      skills: [{ id: 's1', name: attack }],
      customSections: [{ id: 'c1', title: attack, items: [{ id: 'i1', title: attack }] }],
    });
    for (const template of templates) {
      const markup = renderAll(withTemplate(resume, template.id));
      expect(markup).not.toContain('<img src=x');
      expect(markup).not.toContain('<script>');
      expect(markup).toContain('&lt;img src=x onerror=alert(1)&gt;');
    }
  });

  it('prints only web, mail and phone links', () => {
    const resume = resumeContentSchema.parse({
      personalInfo: { firstName: 'Ana', email: 'ana@example.com', phone: '+55 (11) 5555-0101' },
      links: [
        { id: 'l1', network: 'Evil', url: 'javascript:alert(1)' },
        { id: 'l2', network: 'GitHub', url: 'github.com/ana' },
      ],
      projects: [{ id: 'p1', name: 'Thing', url: 'data:text/html,<b>x</b>' }],
    });
    for (const template of templates) {
      const markup = renderAll(withTemplate(resume, template.id));
      expect(markup).not.toMatch(/href="(javascript|data):/);
      expect(markup).toContain('href="https://github.com/ana"');
      expect(markup).toContain('href="mailto:ana@example.com"');
      expect(markup).toContain('href="tel:+551155550101"');
    }
  });

  it('leaves out hidden sections and sections with nothing to show', () => {
    for (const template of templates) {
      const markup = renderAll(withTemplate(samples.emptySectionsResume, template.id));
      expect(markup).not.toContain('<h2');
      expect(textOf(markup)).toContain('Alex Moreau');
    }
    const hidden = { ...samples.sampleResumeEn, hiddenSections: ['experience' as const] };
    for (const template of templates) {
      const text = textOf(renderAll(withTemplate(hidden, template.id)));
      expect(text).not.toContain('Work Experience');
      expect(text).not.toContain('Pecan Street Health');
      expect(text).toContain('Education');
    }
  });

  it('uses the resume’s section titles and order', () => {
    const resume: ResumeContent = {
      ...samples.shortResume,
      sectionTitle: { ...samples.shortResume.sectionTitle, experience: 'Where I worked' },
      sectionOrder: ['education', 'experience'],
    };
    for (const template of templates) {
      const text = textOf(renderAll(withTemplate(resume, template.id)));
      expect(text).toContain('Where I worked');
      expect(text.indexOf('Education')).toBeLessThan(text.indexOf('Where I worked'));
    }
  });

  it('prints the words of the resume’s language: months, Present, degree names', () => {
    for (const template of templates) {
      const pt = textOf(renderAll(withTemplate(samples.sampleResumePtBr, template.id)));
      expect(pt).toContain('fev. 2021 – Atual');
      expect(pt).toContain('Bacharelado em Design');
      expect(pt).toContain('Nativo');
      const en = textOf(renderAll(withTemplate(samples.sampleResumeEn, template.id)));
      expect(en).toContain('Mar 2021 – Present');
      expect(en).toContain("Master's degree in Computer and Information Sciences");
    }
  });

  it('shows the photo only in templates with a photo slot, when allowed, from a blob: or data: URL', () => {
    const photo = 'data:image/png;base64,iVBORw0KGgo=';
    const withPhoto = (template: string, showPhoto: boolean, src: string) =>
      renderAll(
        { ...samples.shortResume, template, settings: { ...samples.shortResume.settings, showPhoto } },
        src,
      );
    for (const template of templates) {
      expect(withPhoto(template.id, true, photo).includes(`src="${photo}"`)).toBe(template.photoSlot);
      expect(withPhoto(template.id, false, photo)).not.toContain('<img');
      expect(withPhoto(template.id, true, 'https://tracker.example/p.png')).not.toContain('<img');
    }
  });

  it('applies the accent colour and font of the settings, or the template’s own', () => {
    const custom = buildDocument({
      ...samples.shortResume,
      template: 'modern',
      settings: { ...samples.shortResume.settings, accentColor: '#aa3300', font: 'source-serif-4' },
    });
    expect(custom.vars['--rt-accent']).toBe('#aa3300');
    expect(custom.vars['--rt-font']).toContain('Resume Source Serif 4');
    const plain = buildDocument({ ...samples.shortResume, template: 'modern' });
    expect(plain.vars['--rt-accent']).toBe('#0f766e');
    expect(plain.vars['--rt-font']).toContain('Resume Inter');
  });

  it('falls back to Simple for an unknown template and sizes pages by the settings', () => {
    const doc = buildDocument({ ...samples.shortResume, template: 'no-such-template' });
    expect(doc.className).toBe('rt-simple');
    expect(doc.page).toEqual({ width: 816, height: 1056 });
    const a4 = buildDocument({
      ...samples.shortResume,
      settings: { ...samples.shortResume.settings, pageSize: 'a4' },
    });
    expect(a4.page.width).toBeCloseTo(793.7, 1);
    expect(a4.page.height).toBeCloseTo(1122.5, 1);
  });

  it('gives every block a unique id, even when imported items share one', () => {
    const resume = resumeContentSchema.parse({
      personalInfo: { firstName: 'Ana' },
      experience: [
        { id: 'same', position: 'One', description: 'a\nb' },
        { id: 'same', position: 'Two', description: 'c\nd' },
      ],
    });
    for (const template of templates) {
      const doc = buildDocument(withTemplate(resume, template.id));
      const all = doc.columns.flatMap((c) => c.blocks.map((b) => b.id));
      expect(new Set(all).size).toBe(all.length);
    }
  });

  it('cuts a description line too long for one page into blocks, at sentence ends, losing nothing', () => {
    const sentence = 'Led the migration of forty services to a new platform without downtime. ';
    const line = sentence.repeat(60).trim();
    const pieces = splitLongText(line);
    expect(pieces.length).toBeGreaterThan(4);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(MAX_BLOCK_CHARS);
      expect(piece.endsWith('downtime.')).toBe(true);
    }
    expect(pieces.join(' ')).toBe(line);
    expect(splitLongText('x'.repeat(2000))).toEqual(['x'.repeat(900), 'x'.repeat(900), 'x'.repeat(200)]);

    const resume = resumeContentSchema.parse({
      experience: [{ id: 'e1', position: 'Engineer', description: `${line}\nShort bullet.` }],
    });
    for (const template of templates) {
      const blocks = buildDocument(withTemplate(resume, template.id)).columns.flatMap((c) => c.blocks);
      const continued = blocks.filter((b) => b.continued);
      expect(continued.length).toBe(pieces.length - 1);
      expect(continued.every((b) => b.spaceBefore === 0 && b.group === 'experience/e1')).toBe(true);
    }
  });
});
