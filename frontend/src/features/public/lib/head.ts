import type { JsonLd } from './structured-data.ts';

/** Everything a public page puts in <head> (spec section 2: title, description, keywords, image, links, data). */
export interface HeadTags {
  title: string;
  description: string;
  keywords: string;
  canonical: string;
  /** hreflang alternates, including x-default. */
  alternates: { hreflang: string; href: string }[];
  image: string;
  imageAlt: string;
  /** Open Graph locale, e.g. en_US. */
  locale: string;
  alternateLocales: string[];
  siteName: string;
  jsonLd: JsonLd[];
}

type Element =
  | { tag: 'meta'; attributes: Record<string, string> }
  | { tag: 'link'; attributes: Record<string, string> }
  | { tag: 'script'; attributes: Record<string, string>; text: string };

/** Marks what this module wrote, so the next page replaces exactly that and nothing else. */
export const HEAD_MARKER = 'data-seo';

/** JSON for a <script> element: `<` is escaped so no text can close the element early. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

function headElements(head: HeadTags): Element[] {
  const meta = (key: 'name' | 'property', name: string, content: string): Element => ({
    tag: 'meta',
    attributes: { [key]: name, content },
  });
  return [
    meta('name', 'description', head.description),
    meta('name', 'keywords', head.keywords),
    { tag: 'link', attributes: { rel: 'canonical', href: head.canonical } },
    ...head.alternates.map(
      ({ hreflang, href }): Element => ({ tag: 'link', attributes: { rel: 'alternate', hreflang, href } }),
    ),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:image', head.image),
    meta('property', 'og:image:width', '1200'),
    meta('property', 'og:image:height', '630'),
    meta('property', 'og:image:alt', head.imageAlt),
    meta('property', 'og:locale', head.locale),
    ...head.alternateLocales.map((locale) => meta('property', 'og:locale:alternate', locale)),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
    meta('name', 'twitter:image:alt', head.imageAlt),
    ...head.jsonLd.map(
      (data): Element => ({
        tag: 'script',
        attributes: { type: 'application/ld+json' },
        text: jsonForScript(data),
      }),
    ),
  ];
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The tags as HTML for a prerendered page (the <title> included). */
export function renderHeadHtml(head: HeadTags): string {
  const lines = [`<title>${escapeHtml(head.title)}</title>`];
  for (const element of headElements(head)) {
    const attributes = Object.entries({ ...element.attributes, [HEAD_MARKER]: '' })
      .map(([name, value]) => (value === '' ? name : `${name}="${escapeHtml(value)}"`))
      .join(' ');
    lines.push(
      element.tag === 'script'
        ? `<script ${attributes}>${element.text}</script>`
        : `<${element.tag} ${attributes}>`,
    );
  }
  return lines.join('\n    ');
}

/** Replace the previous page's tags in the live document. */
export function applyHead(head: HeadTags, doc: Document = document): void {
  clearHead(doc);
  doc.title = head.title;
  for (const element of headElements(head)) {
    const node = doc.createElement(element.tag);
    for (const [name, value] of Object.entries(element.attributes)) node.setAttribute(name, value);
    node.setAttribute(HEAD_MARKER, '');
    if (element.tag === 'script') node.textContent = element.text;
    doc.head.append(node);
  }
}

const clearHead = (doc: Document) => {
  for (const node of doc.head.querySelectorAll(`[${HEAD_MARKER}]`)) node.remove();
};

/** The app shell's own description (frontend/index.html): what an app page keeps, having none of its own. */
export const SHELL_DESCRIPTION = 'Build, tailor and manage your resumes.';

/**
 * Remove the tags a public page wrote (leaving app pages without canonical links or structured data), and
 * put back the shell's neutral description, so an app page reached from a public page still has one.
 */
export function removeHead(doc: Document = document): void {
  clearHead(doc);
  const description = doc.createElement('meta');
  description.setAttribute('name', 'description');
  description.setAttribute('content', SHELL_DESCRIPTION);
  description.setAttribute(HEAD_MARKER, '');
  doc.head.append(description);
}
