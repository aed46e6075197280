/**
 * Thumbnails take turns: each lays out a whole resume (tens of milliseconds), so a grid of a dozen laid out
 * in one go would freeze the page. One thumbnail at a time, each a frame after the previous finished.
 */

const waiting: (() => void)[] = [];
let busy = false;

function next(): void {
  const start = waiting.shift();
  if (!start) {
    busy = false;
    return;
  }
  busy = true;
  start();
}

/** Ask for a turn; `start` runs when it comes. Returns `done`, to call when finished (or abandoned). */
export function takeTurn(start: () => void): () => void {
  let state: 'waiting' | 'running' | 'done' = 'waiting';
  const run = () => {
    state = 'running';
    start();
  };
  waiting.push(run);
  if (!busy) next();
  return () => {
    if (state === 'done') return;
    if (state === 'waiting') {
      const index = waiting.indexOf(run);
      if (index >= 0) waiting.splice(index, 1);
      state = 'done';
      return;
    }
    state = 'done';
    // Let the browser paint the finished thumbnail before the next one starts.
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(next);
    else setTimeout(next, 0);
  };
}
