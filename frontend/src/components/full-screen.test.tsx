import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { FullScreenProvider, type FullScreenValue, useFullScreen } from './full-screen.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let fullScreen: FullScreenValue;

function Capture() {
  fullScreen = useFullScreen();
  return null;
}

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root.render(
      <FullScreenProvider>
        <Capture />
      </FullScreenProvider>,
    ),
  );
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('useFullScreen', () => {
  it('enters and exits', () => {
    act(() => fullScreen.enter());
    expect(fullScreen.isFullScreen).toBe(true);

    act(() => fullScreen.exit());
    expect(fullScreen.isFullScreen).toBe(false);
  });

  it('exits with Escape', () => {
    act(() => fullScreen.enter());

    act(() => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));

    expect(fullScreen.isFullScreen).toBe(false);
  });
});
