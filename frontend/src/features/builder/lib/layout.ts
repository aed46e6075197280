/** Where the preview stands beside the editor (builder.css switches the layout at the same width). */
export const WIDE_SCREEN = '(min-width: 1024px)';

/** The live preview and the templates it draws: a chunk of their own, not needed until the preview shows. */
export const loadPreviewPane = () => import('../components/preview-pane.tsx');

/** On a wide screen the preview shows with the editor: its code is fetched next to the builder's. */
export function fetchPreviewIfWide(): void {
  if (typeof window === 'undefined' || !window.matchMedia?.(WIDE_SCREEN).matches) return;
  void loadPreviewPane().catch(() => undefined); // the preview's own Suspense shows a failure to load
}
