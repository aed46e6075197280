import { beforeEach, describe, expect, it } from '@jest/globals';
import { act } from 'react';
import { FullScreenProvider, type FullScreenValue, useFullScreen } from './full-screen.tsx';
import { rootPerTest } from './testing/dom.ts';

const mount = rootPerTest();
let fullScreen: FullScreenValue;

function Capture() {
  fullScreen = useFullScreen();
  return null;
}

beforeEach(() => {
  act(() =>
    mount.root.render(
      <FullScreenProvider>
        <Capture />
      </FullScreenProvider>,
    ),
  );
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
