import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { focusPageHeading } from '../lib/focus.ts';

/** How long a page that loads its data may take to show its heading before focus stops waiting for it. */
const HEADING_WAIT_MS = 10_000;

/**
 * True when the focus is in something typed into or in a dialog (a field the new page focuses itself, an
 * autofocus), or has moved since the navigation (the user went on while the page loaded). The heading does
 * not take the focus from it.
 */
function focusIsTaken(doc: Document, origin: Element | null): boolean {
  const active = doc.activeElement;
  if (!active || active === doc.body) return false;
  if (active.matches('input, textarea, select, [contenteditable="true"], dialog *, [role="dialog"] *'))
    return true;
  // Anything else the user moved to while the page loaded (a drop zone, a button) keeps the focus too; the
  // link that was followed, still on screen in the sidebar, does not.
  return active !== origin;
}

/**
 * Moves the focus to the new page's heading after a client-side navigation (issue 12), so keyboard and
 * screen-reader users start at the page they opened instead of on the link they left. Not on the first load
 * (the browser starts at the top of the document), nor when only the query or the hash changes. A page that
 * loads its data before showing its heading gets the focus when the heading appears. A page that focuses a
 * field itself keeps it, and so does a user who has started typing or opened a dialog meanwhile.
 */
export function FocusOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const first = previous.current === null;
    const changed = previous.current !== pathname;
    previous.current = pathname;
    if (first || !changed) return;

    // Where the focus was when the navigation happened (the followed link, or the body once it is gone).
    const origin = document.activeElement === document.body ? null : document.activeElement;
    // A frame later: the new page's own effects (a field it focuses) have run by then.
    const observer = new MutationObserver(() => {
      if (focusIsTaken(document, origin) || focusPageHeading()) stop();
    });
    const frame = requestAnimationFrame(() => {
      if (focusIsTaken(document, origin) || focusPageHeading()) return stop();
      observer.observe(document.body, { childList: true, subtree: true });
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.clearTimeout(timer);
    }
    return stop;
  }, [pathname]);

  return null;
}
