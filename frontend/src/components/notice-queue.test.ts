/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import {
  initialNoticeQueue,
  NOTICE_AUTO_CLOSE_MS,
  NOTICE_DUPLICATE_WINDOW_MS,
  NOTICE_LIMIT,
  NOTICE_REMOVE_DELAY_MS,
  type NoticeAction,
  type NoticeQueueState,
  noticeQueueReducer,
  visibleNotices,
} from './notice-queue.ts';

const run = (actions: NoticeAction[], state: NoticeQueueState = initialNoticeQueue) =>
  actions.reduce(noticeQueueReducer, state);
const add = (title: string, now: number, description?: string): NoticeAction => ({
  type: 'add',
  input: { title, ...(description ? { description } : {}) },
  now,
});

describe('notice queue', () => {
  it('uses the spec constants', () => {
    expect([NOTICE_LIMIT, NOTICE_AUTO_CLOSE_MS, NOTICE_REMOVE_DELAY_MS, NOTICE_DUPLICATE_WINDOW_MS]).toEqual([
      3, 5000, 5000, 6000,
    ]);
  });

  it('shows at most 3 notices, newest first, dropping the oldest', () => {
    const state = run([add('one', 0), add('two', 1), add('three', 2), add('four', 3)]);

    expect(visibleNotices(state).map((n) => n.title)).toEqual(['four', 'three', 'two']);
  });

  it('suppresses the same title and description for 6 s after it was shown', () => {
    const state = run([
      add('Saved', 0, 'All good'),
      add('Saved', 5999, 'All good'),
      add('Saved', 100, 'Other'),
    ]);

    expect(visibleNotices(state).map((n) => `${n.title}/${n.description}`)).toEqual([
      'Saved/Other',
      'Saved/All good',
    ]);
  });

  it('shows a duplicate again once 6 s have passed', () => {
    const state = run([add('Saved', 0), add('Saved', NOTICE_DUPLICATE_WINDOW_MS)]);

    expect(visibleNotices(state)).toHaveLength(2);
  });

  it('hides a dismissed notice at once and removes it later', () => {
    const shown = run([add('one', 0), add('two', 1)]);
    const [two, one] = shown.notices;
    const dismissed = run([{ type: 'dismiss', id: one?.id }], shown);

    expect(visibleNotices(dismissed).map((n) => n.title)).toEqual(['two']);
    expect(dismissed.notices).toHaveLength(2);
    expect(run([{ type: 'remove', id: one?.id ?? 0 }], dismissed).notices.map((n) => n.id)).toEqual([
      two?.id,
    ]);
  });

  it('does not count dismissed notices against the limit', () => {
    const state = run([add('one', 0), { type: 'dismiss' }, add('two', 1), add('three', 2), add('four', 3)]);

    expect(visibleNotices(state)).toHaveLength(3);
    expect(state.notices.find((n) => n.title === 'one')?.open).toBe(false);
  });

  it('maps the destructive variant and the older error tone', () => {
    const state = run([
      { type: 'add', input: { title: 'a', variant: 'destructive' }, now: 0 },
      { type: 'add', input: { title: 'b', tone: 'error' }, now: 0 },
      { type: 'add', input: { title: 'c' }, now: 0 },
    ]);

    expect(state.notices.map((n) => n.variant)).toEqual(['default', 'destructive', 'destructive']);
  });

  it('never suppresses a notice that carries an action, and keeps the action', () => {
    const undo = { label: 'Undo', onClick: () => {} };
    const state = run([
      { type: 'add', input: { title: 'Item deleted', action: undo }, now: 0 },
      { type: 'add', input: { title: 'Item deleted', action: undo }, now: 10 },
    ]);

    expect(visibleNotices(state)).toHaveLength(2);
    expect(visibleNotices(state)[0]?.action).toBe(undo);
  });

  it('replaces the open notice of the same group, so repeated undos show one toast, the latest', () => {
    const step = (title: string, now: number): NoticeAction => ({
      type: 'add',
      input: { title, group: 'history', action: { label: 'Redo', onClick: () => undefined } },
      now,
    });
    const state = run([add('Saved', 0), step('Undone 1', 10), step('Undone 2', 20), step('Undone 3', 30)]);

    expect(visibleNotices(state).map((n) => n.title)).toEqual(['Undone 3', 'Saved']);
  });

  it('returns the same state when nothing changes', () => {
    const state = run([add('one', 0)]);

    expect(noticeQueueReducer(state, { type: 'dismiss', id: 999 })).toBe(state);
    expect(noticeQueueReducer(state, { type: 'remove', id: 999 })).toBe(state);
    expect(noticeQueueReducer(state, add('one', 1))).toBe(state);
  });
});
