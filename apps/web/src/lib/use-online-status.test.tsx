import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { PROBE_INTERVAL_MS, reportRequestFailure, useOnlineStatus } from './use-online-status';

function Indicator() {
  return <p>{useOnlineStatus() ? 'Online' : 'Offline'}</p>;
}

let browserOnline = true;
let serverUp = true;
const healthCalls: string[] = [];

beforeEach(() => {
  browserOnline = true;
  serverUp = true;
  healthCalls.length = 0;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => browserOnline);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      healthCalls.push(String(input));
      if (!serverUp) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ status: 'ok' }), { status: 200 });
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const goOffline = () => {
  browserOnline = false;
  window.dispatchEvent(new Event('offline'));
};
const goOnline = () => {
  browserOnline = true;
  window.dispatchEvent(new Event('online'));
};

describe('useOnlineStatus', () => {
  it('reads Online once the server answers its health check', async () => {
    render(<Indicator />);
    await waitFor(() => expect(healthCalls).toEqual(['/api/health']));
    expect(screen.getByText('Online')).toBeInTheDocument();
  });

  it('reads Offline when the browser is online but the server does not answer', async () => {
    serverUp = false;
    render(<Indicator />);
    expect(await screen.findByText('Offline')).toBeInTheDocument();
  });

  it('goes Offline on the offline event and back Online after the online event', async () => {
    render(<Indicator />);
    await waitFor(() => expect(healthCalls).toHaveLength(1));
    act(goOffline);
    expect(screen.getByText('Offline')).toBeInTheDocument();
    act(goOnline);
    expect(await screen.findByText('Online')).toBeInTheDocument();
    expect(healthCalls).toHaveLength(2);
  });

  it('stays Offline when the network comes back but the server still does not answer', async () => {
    render(<Indicator />);
    await waitFor(() => expect(healthCalls).toHaveLength(1));
    act(goOffline);
    serverUp = false;
    act(goOnline);
    await waitFor(() => expect(healthCalls).toHaveLength(2));
    expect(screen.getByText('Offline')).toBeInTheDocument();
  });

  it('checks again after a failed request and while visible every interval', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    render(<Indicator />);
    await waitFor(() => expect(healthCalls).toHaveLength(1));
    serverUp = false;
    act(() => reportRequestFailure());
    expect(await screen.findByText('Offline')).toBeInTheDocument();
    serverUp = true;
    act(() => vi.advanceTimersByTime(PROBE_INTERVAL_MS));
    expect(await screen.findByText('Online')).toBeInTheDocument();
    expect(healthCalls).toHaveLength(3);
  });

  it('ignores a slow answer that started before the network dropped', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    render(<Indicator />);
    act(goOffline);
    expect(screen.getByText('Offline')).toBeInTheDocument();
    await act(async () => answer(new Response('{}', { status: 200 })));
    expect(screen.getByText('Offline')).toBeInTheDocument();
  });

  it('stops probing once no indicator is on screen', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { unmount } = render(<Indicator />);
    await waitFor(() => expect(healthCalls).toHaveLength(1));
    unmount();
    act(() => vi.advanceTimersByTime(PROBE_INTERVAL_MS * 3));
    window.dispatchEvent(new Event('online'));
    expect(healthCalls).toHaveLength(1);
  });
});
