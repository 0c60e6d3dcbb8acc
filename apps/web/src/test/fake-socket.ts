import { vi } from 'vitest';

/**
 * A stand-in for the live link in component tests (`vi.mock` of lib/socket): never connected, so
 * screens that subscribe to a room's channel render as they do before the link is up.
 */
export function fakeSocketModule() {
  const socket = {
    connected: false,
    id: undefined,
    on: vi.fn(),
    off: vi.fn(),
    emit: vi.fn(),
    timeout: () => socket,
  };
  return { acquireSocket: () => ({ socket, release: () => {} }) };
}
