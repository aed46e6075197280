/**
 * Focus moves that keyboard and screen-reader users rely on (issue 12): after a submit that failed
 * validation, the first invalid field; after navigation, the page's heading.
 */

/**
 * Focus the first rendered field under `root` marked `aria-invalid="true"`. Call it from a submit handler that has just
 * set the errors: the focus waits for the next frame, by which React has rendered them.
 */
export function focusFirstInvalid(root: ParentNode | null | undefined): void {
  requestAnimationFrame(() => {
    // A field hidden by a media query (a phone-only select) has no boxes and cannot take the focus.
    const fields = root ? [...root.querySelectorAll<HTMLElement>('[aria-invalid="true"]')] : [];
    fields.find(isRendered)?.focus();
  });
}

/** False for an element hidden by `display: none` (itself or an ancestor); true where that cannot be told. */
function isRendered(element: HTMLElement): boolean {
  return typeof element.checkVisibility === 'function' ? element.checkVisibility() : true;
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
