import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VideoTile } from './video-tile';

/**
 * The Fullscreen API as a browser gives it (happy-dom has none): the element asked becomes
 * document.fullscreenElement and the document hears fullscreenchange, as it does when Escape
 * leaves full screen.
 */
function fakeFullscreen(enabled = true) {
  let current: Element | null = null;
  const change = (element: Element | null) => {
    current = element;
    document.dispatchEvent(new Event('fullscreenchange'));
  };
  const request = vi.fn(function (this: Element) {
    change(this);
    return Promise.resolve();
  });
  const exit = vi.fn(() => {
    change(null);
    return Promise.resolve();
  });
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, get: () => enabled });
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => current });
  Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exit });
  Object.defineProperty(HTMLElement.prototype, 'requestFullscreen', {
    configurable: true,
    value: request,
  });
  return { request, exit, escape: () => act(() => change(null)) };
}

afterEach(() => {
  // Back to happy-dom's own document, without a Fullscreen API.
  for (const key of ['fullscreenEnabled', 'fullscreenElement', 'exitFullscreen'])
    Reflect.deleteProperty(document, key);
  Reflect.deleteProperty(HTMLElement.prototype, 'requestFullscreen');
});

const tile = (props: Partial<Parameters<typeof VideoTile>[0]> = {}) => (
  <VideoTile name="Ann" stream={null} muted={false} videoOff={false} hand={false} {...props} />
);

describe('VideoTile full screen', () => {
  let api: ReturnType<typeof fakeFullscreen>;
  beforeEach(() => {
    api = fakeFullscreen();
  });

  it('puts the tile itself in full screen from a keyboard, and Exit full screen leaves it', async () => {
    const user = userEvent.setup();
    render(tile({ onPin: () => {} }));
    const figure = screen.getByTestId('remote-tile');
    await user.tab();
    const enter = screen.getByRole('button', { name: 'Full screen Ann' });
    expect(enter).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(api.request).toHaveBeenCalledTimes(1);
    expect(api.request.mock.contexts[0]).toBe(figure);
    expect(figure).toHaveAttribute('data-fullscreen', 'true');
    // Pinning would move the tile and so end full screen: it waits until the tile is back.
    expect(screen.queryByRole('button', { name: 'Pin Ann' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Exit full screen' }));
    expect(api.exit).toHaveBeenCalledTimes(1);
    expect(figure).not.toHaveAttribute('data-fullscreen');
    expect(screen.getByRole('button', { name: 'Full screen Ann' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pin Ann' })).toBeInTheDocument();
  });

  it('follows the browser leaving full screen (Escape)', async () => {
    const user = userEvent.setup();
    render(tile({ local: true }));
    await user.click(screen.getByRole('button', { name: 'Full screen Ann (You)' }));
    expect(screen.getByRole('button', { name: 'Exit full screen' })).toBeInTheDocument();
    api.escape();
    expect(screen.getByRole('button', { name: 'Full screen Ann (You)' })).toBeInTheDocument();
    expect(screen.getByTestId('local-tile')).not.toHaveAttribute('data-fullscreen');
  });

  it('offers no button where the page may not go full screen', () => {
    fakeFullscreen(false);
    render(tile({ onPin: () => {} }));
    expect(screen.queryByRole('button', { name: /full screen/i })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pin Ann' })).toBeInTheDocument();
  });
});
