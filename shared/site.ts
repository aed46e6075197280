/**
 * The public pages prerendered at build time: each is served as `<path>/index.html` (the landing as
 * `/index.html`); every other client-side route gets the bare app shell `/spa.html`.
 */
export const prerenderedPaths = {
  landing: '/',
  pricing: '/pricing',
  faq: '/faq',
  privacy: '/privacy-policy',
} as const;

/** The HTML file that answers a client-side route. */
export function htmlFileFor(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (trimmed === '/') return '/index.html';
  return (Object.values(prerenderedPaths) as string[]).includes(trimmed)
    ? `${trimmed}/index.html`
    : '/spa.html';
}
