/**
 * Focus moves that keyboard and screen-reader users rely on (issue 12): after a submit that failed
 * validation, the first invalid field; after navigation, the page's heading.
 */

/**
 * Focus the first field under `root` marked `aria-invalid="true"`. Call it from a submit handler that has just
 * set the errors: the focus waits for the next frame, by which React has rendered them.
 */
export function focusFirstInvalid(root: ParentNode | null | undefined): void {
  requestAnimationFrame(() => {
    root?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}

/**
 * Focus the page's main heading (the first `h1` in `main`, else anywhere) without scrolling, making it
 * focusable by script only. Returns false when the page has no heading yet (still loading).
 */
export function focusPageHeading(doc: Document = document): boolean {
  const heading = doc.querySelector<HTMLElement>('main h1') ?? doc.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}
