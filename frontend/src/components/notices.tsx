import {
  createContext,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  initialNoticeQueue,
  NOTICE_AUTO_CLOSE_MS,
  NOTICE_HOTKEY,
  NOTICE_REMOVE_DELAY_MS,
  NOTICE_SWIPE_THRESHOLD_PX,
  type Notice,
  type NoticeInput,
  noticeQueueReducer,
  visibleNotices,
} from './notice-queue.ts';

export type { NoticeButton, NoticeInput, NoticeVariant } from './notice-queue.ts';

type Notify = (notice: NoticeInput) => void;

const NoticeContext = createContext<{ notify: Notify; dismissAll: () => void } | null>(null);

/**
 * Toasts (spec section 9): at most 3 visible, auto-close after 5 s (paused while hovered or focused),
 * removed 5 s after dismissal, duplicates suppressed for 6 s, swipe 50 px to dismiss, F8 focuses them.
 * A notice may carry one action button (Undo); pressing it runs the action once and closes the notice.
 */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(noticeQueueReducer, initialNoticeQueue);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const viewport = useRef<HTMLElement>(null);
  const removals = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const notify = useCallback<Notify>((input) => dispatch({ type: 'add', input, now: Date.now() }), []);
  const dismiss = useCallback((id: number) => dispatch({ type: 'dismiss', id }), []);
  const dismissAll = useCallback(() => dispatch({ type: 'dismiss' }), []);

  // Dismissed notices leave the queue a little later (spec: removed 5 s after dismissal).
  useEffect(() => {
    for (const notice of state.notices) {
      if (notice.open || removals.current.has(notice.id)) continue;
      removals.current.set(
        notice.id,
        setTimeout(() => {
          removals.current.delete(notice.id);
          dispatch({ type: 'remove', id: notice.id });
        }, NOTICE_REMOVE_DELAY_MS),
      );
    }
  }, [state.notices]);

  useEffect(() => {
    const timers = removals.current;
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === NOTICE_HOTKEY) {
        event.preventDefault();
        viewport.current?.focus();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const value = useMemo(() => ({ notify, dismissAll }), [notify, dismissAll]);
  const visible = visibleNotices(state);
  const paused = hovered || focused;

  return (
    <NoticeContext value={value}>
      {children}
      <section
        ref={viewport}
        className="notices"
        aria-label={t('notices.label', { hotkey: NOTICE_HOTKEY })}
        tabIndex={-1}
        onPointerEnter={() => setHovered(true)}
        onPointerLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
        }}
      >
        <ol className="notices__list">
          {visible.map((notice) => (
            <NoticeItem
              key={notice.id}
              notice={notice}
              paused={paused}
              onDismiss={dismiss}
              dismissLabel={t('notices.dismiss')}
            />
          ))}
        </ol>
      </section>
    </NoticeContext>
  );
}

function NoticeItem({
  notice,
  paused,
  onDismiss,
  dismissLabel,
}: {
  notice: Notice;
  paused: boolean;
  onDismiss: (id: number) => void;
  dismissLabel: string;
}) {
  const remaining = useRef(NOTICE_AUTO_CLOSE_MS);
  const swipeStart = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(notice.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [paused, notice.id, onDismiss]);

  function onPointerDown(event: PointerEvent<HTMLLIElement>) {
    if ((event.target as HTMLElement).closest('button')) return;
    swipeStart.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  }
  function onPointerMove(event: PointerEvent<HTMLLIElement>) {
    if (swipeStart.current !== null) setOffset(event.clientX - swipeStart.current);
  }
  function onPointerEnd() {
    if (swipeStart.current === null) return;
    swipeStart.current = null;
    if (Math.abs(offset) >= NOTICE_SWIPE_THRESHOLD_PX) onDismiss(notice.id);
    else setOffset(0);
  }

  const destructive = notice.variant === 'destructive';
  return (
    <li
      className={`notice${destructive ? ' notice--destructive' : ''}`}
      role={destructive ? 'alert' : 'status'}
      aria-atomic="true"
      data-swiping={offset !== 0 || undefined}
      style={offset ? { transform: `translateX(${offset}px)` } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <div className="notice__body">
        <p className="notice__title">{notice.title}</p>
        {notice.description ? <p className="notice__description">{notice.description}</p> : null}
      </div>
      {notice.action ? (
        <button
          type="button"
          className="notice__action"
          onClick={() => {
            // Closed first: the button is gone before a second press could run the action again.
            onDismiss(notice.id);
            notice.action?.onClick();
          }}
        >
          {notice.action.label}
        </button>
      ) : null}
      <button
        type="button"
        className="notice__close"
        aria-label={dismissLabel}
        onClick={() => onDismiss(notice.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
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
