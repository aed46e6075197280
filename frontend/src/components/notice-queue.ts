/** Toast rules of spec section 9, kept free of React so they can be tested on their own. */
export const NOTICE_LIMIT = 3;
export const NOTICE_AUTO_CLOSE_MS = 5000;
export const NOTICE_REMOVE_DELAY_MS = 5000;
export const NOTICE_DUPLICATE_WINDOW_MS = 6000;
export const NOTICE_SWIPE_THRESHOLD_PX = 50;
export const NOTICE_HOTKEY = 'F8';

export type NoticeVariant = 'default' | 'destructive';

/** One button on a notice, e.g. Undo after a delete; pressing it also closes the notice. */
export interface NoticeButton {
  label: string;
  onClick: () => void;
}

export interface NoticeInput {
  title: string;
  description?: string;
  /** `destructive` for failures: red, and announced assertively. */
  variant?: NoticeVariant;
  /** Older spelling of the variant: `error` is `destructive`. */
  tone?: 'info' | 'error';
  /** Never suppressed as a duplicate: two deletes in a row each need their own Undo. */
  action?: NoticeButton;
  /** Notices of one group replace each other: a new one takes the place of the group's open one. */
  group?: string;
}

export interface Notice {
  id: number;
  title: string;
  description?: string;
  variant: NoticeVariant;
  action?: NoticeButton;
  group?: string;
  /** False once dismissed; the notice is then removed NOTICE_REMOVE_DELAY_MS later. */
  open: boolean;
}

export interface NoticeQueueState {
  notices: Notice[];
  /** Last time each title+description was shown, for duplicate suppression. */
  lastShown: Record<string, number>;
  nextId: number;
}

export const initialNoticeQueue: NoticeQueueState = { notices: [], lastShown: {}, nextId: 1 };

export const noticeKey = (input: Pick<NoticeInput, 'title' | 'description'>) =>
  `${input.title}\n${input.description ?? ''}`;

export type NoticeAction =
  | { type: 'add'; input: NoticeInput; now: number }
  | { type: 'dismiss'; id?: number }
  | { type: 'remove'; id: number };

/**
 * Newest first; at most NOTICE_LIMIT open notices (the oldest open one goes when a fourth arrives); the same
 * title and description within NOTICE_DUPLICATE_WINDOW_MS of the last showing is dropped, unless the notice
 * carries an action (each one undoes something different).
 */
export function noticeQueueReducer(state: NoticeQueueState, action: NoticeAction): NoticeQueueState {
  switch (action.type) {
    case 'add': {
      const key = noticeKey(action.input);
      const last = state.lastShown[key];
      const duplicate = last !== undefined && action.now - last < NOTICE_DUPLICATE_WINDOW_MS;
      if (duplicate && !action.input.action) return state;
      const notice: Notice = {
        id: state.nextId,
        title: action.input.title,
        variant: action.input.variant ?? (action.input.tone === 'error' ? 'destructive' : 'default'),
        open: true,
        ...(action.input.description ? { description: action.input.description } : {}),
        ...(action.input.action ? { action: action.input.action } : {}),
        ...(action.input.group ? { group: action.input.group } : {}),
      };
      const group = action.input.group;
      const others = group ? state.notices.filter((n) => n.group !== group) : state.notices;
      let open = 0;
      const notices = [notice, ...others].filter((n) => !n.open || ++open <= NOTICE_LIMIT);
      // Forget keys whose window has passed, so the map does not grow for ever.
      const lastShown = Object.fromEntries(
        Object.entries(state.lastShown).filter(([, at]) => action.now - at < NOTICE_DUPLICATE_WINDOW_MS),
      );
      lastShown[key] = action.now;
      return { notices, lastShown, nextId: state.nextId + 1 };
    }
    case 'dismiss': {
      const target = action.id;
      if (!state.notices.some((n) => n.open && (target === undefined || n.id === target))) return state;
      return {
        ...state,
        notices: state.notices.map((n) =>
          target === undefined || n.id === target ? { ...n, open: false } : n,
        ),
      };
    }
    case 'remove': {
      if (!state.notices.some((n) => n.id === action.id)) return state;
      return { ...state, notices: state.notices.filter((n) => n.id !== action.id) };
    }
  }
}

/** The open notices, newest first. */
export const visibleNotices = (state: NoticeQueueState) => state.notices.filter((n) => n.open);
