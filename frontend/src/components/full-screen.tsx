import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';

export interface FullScreenValue {
  isFullScreen: boolean;
  enter: () => void;
  exit: () => void;
}

const FullScreenContext = createContext<FullScreenValue | null>(null);

/**
 * The app layout's full-screen mode (spec section 2): while it is on, the sidebar and the header are
 * hidden and the page gets the whole window; Escape turns it off.
 */
export function FullScreenProvider({ children }: { children: ReactNode }) {
  const [isFullScreen, setFullScreen] = useState(false);

  useEffect(() => {
    if (!isFullScreen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape' && !event.defaultPrevented) setFullScreen(false);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isFullScreen]);

  const value = useMemo(
    () => ({ isFullScreen, enter: () => setFullScreen(true), exit: () => setFullScreen(false) }),
    [isFullScreen],
  );
  return <FullScreenContext value={value}>{children}</FullScreenContext>;
}

/** Enter or leave the full-screen mode of the app layout (e.g. the resume preview). */
export function useFullScreen(): FullScreenValue {
  const value = useContext(FullScreenContext);
  if (!value) throw new Error('useFullScreen() outside the app layout');
  return value;
}
