import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';

type Announce = (message: string) => void;

const AnnouncerContext = createContext<Announce>(() => {});

/**
 * One polite live region for the editor: "Experience added", "Section hidden", moves made with buttons.
 * Deletes are announced by their Undo notice (itself a status message), drags by dnd-kit's own region.
 */
export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState({ text: '', n: 0 });
  // A counter in the key re-creates the node, so the same message twice in a row is read twice.
  const announce = useCallback<Announce>((text) => setMessage((m) => ({ text, n: m.n + 1 })), []);
  return (
    <AnnouncerContext value={announce}>
      {children}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        <span key={message.n}>{message.text}</span>
      </div>
    </AnnouncerContext>
  );
}

export function useAnnounce(): Announce {
  return useContext(AnnouncerContext);
}
