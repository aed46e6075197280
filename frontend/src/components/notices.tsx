import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';

/** Spec section 9 (toasts): 3 visible, auto-close after 5 s, duplicates suppressed for 6 s. */
const MAX_VISIBLE = 3;
const AUTO_CLOSE_MS = 5000;
const DUPLICATE_WINDOW_MS = 6000;

export interface NoticeInput {
  title: string;
  description?: string;
  tone?: 'info' | 'error';
}

interface Notice extends NoticeInput {
  id: number;
}

type Notify = (notice: NoticeInput) => void;

const NoticeContext = createContext<{ notify: Notify; dismissAll: () => void } | null>(null);

export function NoticeProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [notices, setNotices] = useState<Notice[]>([]);
  const lastShown = useRef(new Map<string, number>());
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setNotices((all) => all.filter((n) => n.id !== id)), []);
  const dismissAll = useCallback(() => setNotices([]), []);

  const notify = useCallback<Notify>((notice) => {
    const key = `${notice.title}\n${notice.description ?? ''}`;
    const now = Date.now();
    if (now - (lastShown.current.get(key) ?? 0) < DUPLICATE_WINDOW_MS) return;
    lastShown.current.set(key, now);
    const id = nextId.current++;
    setNotices((all) => [...all, { ...notice, id }].slice(-MAX_VISIBLE));
  }, []);

  const value = useMemo(() => ({ notify, dismissAll }), [notify, dismissAll]);

  return (
    <NoticeContext value={value}>
      {children}
      <section className="notices" aria-label={t('notices.label')}>
        {notices.map((notice) => (
          <NoticeItem
            key={notice.id}
            notice={notice}
            onDismiss={dismiss}
            dismissLabel={t('notices.dismiss')}
          />
        ))}
      </section>
    </NoticeContext>
  );
}

function NoticeItem({
  notice,
  onDismiss,
  dismissLabel,
}: {
  notice: Notice;
  onDismiss: (id: number) => void;
  dismissLabel: string;
}) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(notice.id), AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [notice.id, onDismiss]);

  return (
    <div
      className={`notice notice--${notice.tone ?? 'info'}`}
      role={notice.tone === 'error' ? 'alert' : 'status'}
    >
      <div className="notice__body">
        <p className="notice__title">{notice.title}</p>
        {notice.description ? <p className="notice__description">{notice.description}</p> : null}
      </div>
      <button
        type="button"
        className="notice__close"
        aria-label={dismissLabel}
        onClick={() => onDismiss(notice.id)}
      >
        ×
      </button>
    </div>
  );
}

function useNotices() {
  const value = useContext(NoticeContext);
  if (!value) throw new Error('notices used outside <NoticeProvider>');
  return value;
}

/** Show a short-lived message in the corner of the screen. */
export function useNotify(): Notify {
  return useNotices().notify;
}

/** Close every message (e.g. 'Authentication required' once the user has signed in). */
export function useDismissNotices(): () => void {
  return useNotices().dismissAll;
}
