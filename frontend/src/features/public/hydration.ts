/**
 * What the entry needs to take over a prerendered page (app.tsx, hydrate-on-intent.ts): in the first chunk, so
 * apart from index.ts and its pages.
 */
export { removeHead } from './lib/head.ts';
export { canHydrate, PRERENDER_ATTRIBUTE } from './lib/prerender-html.ts';
