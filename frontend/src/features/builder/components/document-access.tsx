import { createContext, type ReactNode, useCallback, useContext, useLayoutEffect, useRef } from 'react';
import type { ResumeContent } from '#shared/resume';
import { useDocument } from '../store/document-store.ts';

type GetDocument = () => ResumeContent;

const DocumentAccess = createContext<GetDocument | null>(null);

/**
 * Editors render narrow slices of the document (`useDocument`), but a write replaces a whole top-level
 * field (`change({ experience: [...] })`), so an event handler needs the latest full value without its
 * component re-rendering on every keystroke elsewhere. This one component follows the whole document and
 * hands out a stable getter; its children are passed in, so its own re-render stops at it.
 */
export function DocumentAccessProvider({ children }: { children: ReactNode }) {
  const doc = useDocument((d) => d);
  const latest = useRef(doc);
  // Updated before the browser can deliver the next event, so a handler never reads a stale document.
  useLayoutEffect(() => {
    latest.current = doc;
  }, [doc]);
  const get = useCallback(() => latest.current, []);
  return <DocumentAccess value={get}>{children}</DocumentAccess>;
}

/** The latest document, for event handlers (never call it during render: render from `useDocument`). */
export function useGetDocument(): GetDocument {
  const get = useContext(DocumentAccess);
  if (!get) throw new Error('useGetDocument() outside <DocumentAccessProvider>');
  return get;
}
