/**
 * What the router and the entry call to fetch the builder's preview next to its code on a wide screen
 * (router.tsx, signed-in-modules.ts). Apart from index.ts: the public app carries this, never the editor.
 */
export { fetchPreviewIfWide } from './lib/layout.ts';
