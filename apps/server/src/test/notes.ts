import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { ROOM_NOTES_PATH } from '@studycircle/shared';

/**
 * Real room notes clients for server tests: Hocuspocus's own provider over the `ws` package, as
 * the browser runs it over its WebSocket. Each client keeps a log of what happened to it (sign-in
 * refused, websocket closes with their codes), and its Yjs document, whose text is the notes.
 */

export interface NotesClient {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  socket: HocuspocusProviderWebsocket;
  /** The text of the document's first paragraph field, as the editor keeps it. */
  text(): string;
  /** Types `value` at `index` (at the end when omitted). */
  type(value: string, index?: number): void;
  /** Refusals of the sign-in (their reasons) and websocket closes (their codes and reasons). */
  refusals: string[];
  closes: { code: number; reason: string }[];
  /** Resolves once the server has answered the sign-in and the first sync. */
  synced(): Promise<void>;
  destroy(): void;
}

/** The notes are one Y.Text here (the editor keeps a Y.XmlFragment; the sync is the same). */
const FIELD = 'notes';

export function wsUrl(baseUrl: string): string {
  return baseUrl.replace(/^http/, 'ws') + ROOM_NOTES_PATH;
}

export function openNotes(
  baseUrl: string,
  token: string,
  roomId: string,
  options: { reconnect?: boolean; headers?: Record<string, string> } = {},
): NotesClient {
  const doc = new Y.Doc();
  const refusals: string[] = [];
  const closes: { code: number; reason: string }[] = [];
  const reconnect = options.reconnect ?? false;
  const headers = options.headers;
  const socket = new HocuspocusProviderWebsocket({
    url: wsUrl(baseUrl),
    // Node's own: the `ws` package, with any extra handshake headers (an Origin) a test sends.
    WebSocketPolyfill: headers
      ? class extends WebSocket {
          constructor(url: string) {
            super(url, { headers });
          }
        }
      : WebSocket,
    delay: 50,
    minDelay: 50,
    maxDelay: 200,
    // Tests watch one connection at a time unless they ask for reconnection.
    maxAttempts: reconnect ? 0 : 1,
    onClose: ({ event }) => {
      closes.push({ code: event.code, reason: String(event.reason) });
      if (!reconnect) socket.shouldConnect = false;
    },
  });
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: roomId,
    document: doc,
    token,
    onAuthenticationFailed: ({ reason }) => refusals.push(reason),
  });
  provider.attach();
  const text = doc.getText(FIELD);
  return {
    doc,
    provider,
    socket,
    text: () => text.toString(),
    type: (value, index) => text.insert(index ?? text.length, value),
    refusals,
    closes,
    synced: () =>
      new Promise<void>((resolve, reject) => {
        if (provider.isSynced) return resolve();
        provider.on('synced', () => resolve());
        provider.on('authenticationFailed', ({ reason }: { reason: string }) =>
          reject(new Error(`refused: ${reason}`)),
        );
      }),
    destroy: () => provider.destroy(),
  };
}

/**
 * Polls `check` until it holds (every 20 ms, up to `timeoutMs`), or fails with `what`; `refresh`
 * runs before each look (a database read).
 */
export async function until(
  check: () => boolean,
  what: string,
  timeoutMs = 5_000,
  refresh?: () => Promise<void>,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await refresh?.();
    if (check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The first websocket close the client saw (waits for one). */
export async function closed(client: NotesClient, timeoutMs = 5_000) {
  await until(() => client.closes.length > 0, 'the notes connection to close', timeoutMs);
  return client.closes[0]!;
}
