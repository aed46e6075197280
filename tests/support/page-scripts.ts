import type { Page } from 'playwright-core';

/** The paths of the scripts `page` requests from now on (of `origin` only, when given), in order. */
export function recordScripts(page: Pick<Page, 'on'>, origin?: string): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return;
    const url = new URL(request.url());
    if (!origin || url.origin === origin) paths.push(url.pathname);
  });
  return paths;
}

/** Run in the page: whether React has taken over the page's heading (a prerendered page, hydrated). */
export function headingIsHydrated(): boolean {
  return Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber'));
}
