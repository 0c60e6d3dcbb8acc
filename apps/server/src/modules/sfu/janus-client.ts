import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import {
  JanusMessageSchema,
  type JanusMessage,
  type JanusServerInfo,
  type Jsep,
} from './janus-messages.js';

/**
 * A client of the Janus websocket API (docs/decisions/0050-how-the-server-talks-to-janus.md):
 * one connection to one Janus, requests matched to their answers by transaction with a time-out
 * each, sessions kept alive, plugin handles with their events. Every message from Janus is parsed
 * (janus-messages.ts) before it is used.
 *
 * A connection that is lost (the websocket closed, or a keepalive went unanswered) ends for good:
 * Janus destroys the sessions of a transport that left, and a restarted Janus knows none of them,
 * so every session and handle on it is gone. The connection says so once (`onLost`), every handle
 * hears `detached`, and the caller (sfu.service.ts) connects again and rebuilds.
 */

/** What the client logs through (Fastify's logger fits). */
export interface JanusLog {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Janus answered with an error: a core error (`janus: error`) or a plugin's `error_code`. */
export class JanusError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(`Janus error ${code}: ${message}`);
    this.name = 'JanusError';
  }
}

/** The connection is gone (or was closed), so the request cannot be answered. */
export class JanusConnectionLostError extends Error {
  constructor(readonly reason: string) {
    super(`Janus connection lost: ${reason}`);
    this.name = 'JanusConnectionLostError';
  }
}

/** Janus did not answer in time. The connection may still be alive. */
export class JanusTimeoutError extends Error {
  constructor(readonly request: string) {
    super(`Janus did not answer ${request} in time`);
    this.name = 'JanusTimeoutError';
  }
}

/** Core error codes we act on (janus/apierror.h). */
export const JANUS_ERRORS = {
  unauthorized: 403,
  sessionNotFound: 458,
  handleNotFound: 459,
} as const;

export interface JanusConnectOptions {
  /** `ws://host:port` of the Janus websocket API. */
  url: string;
  /** Janus's `api_secret`, when it has one: sent with every request. */
  apiSecret?: string;
  log: JanusLog;
  /** How long the websocket may take to open. */
  connectTimeoutMs?: number;
  /** How long a request waits for its answer (an asynchronous one: for its event). */
  requestTimeoutMs?: number;
  /** How often each session sends a keepalive; well under Janus's session_timeout (60 s). */
  keepaliveMs?: number;
}

const DEFAULTS = { connectTimeoutMs: 5_000, requestTimeoutMs: 10_000, keepaliveMs: 20_000 };

/**
 * Larger than any message Janus sends us (an SDP offer for a subscription to many feeds is tens
 * of kilobytes); a bigger one is a fault, and ws closes the connection on it.
 */
const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/** An event Janus sends about one handle. */
export type JanusHandleEvent =
  /** ICE and DTLS succeeded: media can flow on this handle's PeerConnection. */
  | { type: 'webrtcup' }
  /** Janus started or stopped receiving this medium on the handle. */
  | { type: 'media'; media: 'audio' | 'video'; mid?: string; receiving: boolean }
  /** Janus saw (uplink: false) or caused (uplink: true) packet loss on the handle. */
  | { type: 'slowlink'; uplink: boolean; media?: 'audio' | 'video'; mid?: string; lost?: number }
  /** The handle's PeerConnection is gone; the handle itself may be used again. */
  | { type: 'hangup'; reason: string }
  /** The handle is gone: detached by Janus, its session destroyed, or the connection lost. */
  | { type: 'detached'; reason: string }
  /** A plugin event that answers no pending request (VideoRoom: new publishers, talking...). */
  | { type: 'plugin'; data: Record<string, unknown>; jsep?: Jsep };

export type JanusHandleListener = (event: JanusHandleEvent) => void;

/** What a plugin request got back: its data, and a session description when it carries one. */
export interface PluginAnswer {
  data: Record<string, unknown>;
  jsep?: Jsep;
}

/** An ICE candidate as the browser gives it (RTCIceCandidateInit). */
export interface TrickleCandidate {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
}

interface Pending {
  request: string;
  /** A keepalive or trickle ends at its `ack`; a plugin message waits past it for its event. */
  ackIsFinal: boolean;
  resolve(message: JanusMessage): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

/** A few transactions that timed out, so their late answers are recognised and dropped. */
const LATE_ANSWERS_KEPT = 64;

/** Opens a connection; rejects when the websocket cannot be opened in time. */
export async function connectJanus(options: JanusConnectOptions): Promise<JanusConnection> {
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULTS.connectTimeoutMs;
  const ws = new WebSocket(options.url, 'janus-protocol', {
    handshakeTimeout: connectTimeoutMs,
    maxPayload: MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
  });
  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => {
      ws.off('open', onOpen);
      reject(new JanusConnectionLostError(`cannot connect to ${options.url}: ${err.message}`));
    };
    const onOpen = () => {
      ws.off('error', onError);
      resolve();
    };
    ws.once('open', onOpen);
    ws.once('error', onError);
  });
  return new JanusConnection(ws, options);
}

export class JanusConnection {
  readonly url: string;
  private readonly pending = new Map<string, Pending>();
  private readonly lateAnswers = new Set<string>();
  private readonly sessions = new Map<number, JanusSession>();
  private readonly lostListeners = new Set<(reason: string) => void>();
  private lostReason: string | undefined;
  private closedByUs = false;
  private readonly options: Required<Omit<JanusConnectOptions, 'apiSecret'>> & {
    apiSecret?: string;
  };

  constructor(
    private readonly ws: WebSocket,
    options: JanusConnectOptions,
  ) {
    this.url = options.url;
    this.options = { ...DEFAULTS, ...options };
    ws.on('message', (data, isBinary) => this.receive(data, isBinary));
    // 'error' always comes before 'close'; the close says it all, but an error with no
    // listener would be thrown.
    ws.on('error', (err) =>
      this.options.log.debug({ err, url: this.url }, 'Janus websocket error'),
    );
    ws.on('close', (code, reason) =>
      this.lose(
        this.closedByUs
          ? 'closed'
          : `websocket closed (${code}${reason.length ? ` ${reason.toString()}` : ''})`,
      ),
    );
  }

  /** Whether the connection is still usable. */
  get alive(): boolean {
    return this.lostReason === undefined;
  }

  /**
   * Runs `listener` once when the connection is lost (or closed), with the reason. Registered
   * after the loss, it runs at once. Returns a function that removes it.
   */
  onLost(listener: (reason: string) => void): () => void {
    if (this.lostReason !== undefined) {
      listener(this.lostReason);
      return () => undefined;
    }
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  /** The server's description; also how a caller checks that Janus answers at all. */
  async info(): Promise<JanusServerInfo> {
    const answer = await this.send({ janus: 'info' });
    if (answer.janus !== 'server_info') throw unexpected('info', answer);
    return answer;
  }

  /** A new session, kept alive until destroyed or lost. */
  async createSession(): Promise<JanusSession> {
    const answer = await this.send({ janus: 'create' });
    if (answer.janus !== 'success' || !answer.data) throw unexpected('create', answer);
    const session = new JanusSession(this, answer.data.id, this.options.keepaliveMs);
    this.sessions.set(session.id, session);
    return session;
  }

  /** Closes the websocket; sessions and handles on it end as if it were lost. */
  async close(): Promise<void> {
    if (this.lostReason !== undefined) return;
    this.closedByUs = true;
    const closed = new Promise<void>((resolve) => this.onLost(() => resolve()));
    this.ws.close(1000);
    // A peer that never answers the closing handshake is cut off.
    const cut = setTimeout(() => this.ws.terminate(), 1_000);
    await closed;
    clearTimeout(cut);
  }

  /**
   * Sends one request and resolves with its final answer: the `success` (or `server_info`), the
   * `ack` when `ackIsFinal`, or the plugin `event` that carries the request's transaction.
   * Rejects with JanusError on an `error`, JanusTimeoutError after the time-out, and
   * JanusConnectionLostError when the connection goes first.
   * @internal sessions and handles build their requests through this.
   */
  send(
    body: Record<string, unknown> & { janus: string },
    { ackIsFinal = false }: { ackIsFinal?: boolean } = {},
  ): Promise<JanusMessage> {
    if (this.lostReason !== undefined) {
      return Promise.reject(new JanusConnectionLostError(this.lostReason));
    }
    const transaction = randomBytes(9).toString('base64url');
    const request = body.janus === 'message' ? `message ${describeBody(body)}` : body.janus;
    return new Promise<JanusMessage>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(transaction);
        this.rememberLate(transaction);
        reject(new JanusTimeoutError(request));
      }, this.options.requestTimeoutMs);
      this.pending.set(transaction, { request, ackIsFinal, resolve, reject, timer });
      const message = {
        ...body,
        transaction,
        ...(this.options.apiSecret ? { apisecret: this.options.apiSecret } : {}),
      };
      this.ws.send(JSON.stringify(message), (err) => {
        if (!err) return;
        // The socket closed under us; the close handler fails everything pending with the
        // reason, this only makes sure this request is not left waiting for its time-out.
        const pending = this.pending.get(transaction);
        if (!pending) return;
        clearTimeout(pending.timer);
        this.pending.delete(transaction);
        reject(new JanusConnectionLostError(err.message));
      });
    });
  }

  /** @internal a listener that threw, logged rather than let into the websocket's handler. */
  listenerFailed(err: unknown): void {
    this.options.log.warn({ err, url: this.url }, 'a Janus event listener failed');
  }

  /** @internal a session forgets itself once destroyed or lost. */
  forgetSession(id: number): void {
    this.sessions.delete(id);
  }

  /**
   * A keepalive went unanswered: Janus is hung or the link is dead. Cutting the socket turns it
   * into an ordinary loss, so the caller rebuilds rather than waiting on a silent Janus.
   * @internal
   */
  abandon(reason: string): void {
    if (this.lostReason !== undefined) return;
    this.options.log.warn({ url: this.url, reason }, 'Janus connection abandoned');
    this.lose(reason);
    this.ws.terminate();
  }

  private rememberLate(transaction: string): void {
    this.lateAnswers.add(transaction);
    if (this.lateAnswers.size > LATE_ANSWERS_KEPT) {
      this.lateAnswers.delete(this.lateAnswers.values().next().value as string);
    }
  }

  private receive(data: WebSocket.RawData, isBinary: boolean): void {
    let message: JanusMessage;
    try {
      if (isBinary) throw new Error('binary frame');
      const text = Array.isArray(data) ? Buffer.concat(data).toString() : data.toString();
      const parsed = JanusMessageSchema.safeParse(JSON.parse(text));
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'invalid');
      message = parsed.data;
    } catch (err) {
      // Never trusted: a message we cannot read is dropped, and what waited for it times out.
      this.options.log.warn({ err, url: this.url }, 'Janus sent a message that does not parse');
      return;
    }

    const { transaction } = message as { transaction?: unknown };
    if (typeof transaction === 'string') {
      const pending = this.pending.get(transaction);
      if (pending) {
        if (message.janus === 'ack' && !pending.ackIsFinal) return;
        clearTimeout(pending.timer);
        this.pending.delete(transaction);
        if (message.janus === 'error') {
          pending.reject(new JanusError(message.error.code, message.error.reason));
        } else {
          pending.resolve(message);
        }
        return;
      }
      if (this.lateAnswers.delete(transaction)) {
        this.options.log.debug({ url: this.url, janus: message.janus }, 'late Janus answer');
        return;
      }
    }

    const { session_id: sessionId } = message as { session_id?: unknown };
    if (typeof sessionId === 'number') this.sessions.get(sessionId)?.dispatch(message);
  }

  private lose(reason: string): void {
    if (this.lostReason !== undefined) return;
    this.lostReason = reason;
    for (const [transaction, pending] of this.pending) {
      clearTimeout(pending.timer);
      this.pending.delete(transaction);
      pending.reject(new JanusConnectionLostError(reason));
    }
    for (const session of [...this.sessions.values()]) session.end(`connection lost: ${reason}`);
    for (const listener of [...this.lostListeners]) listener(reason);
    this.lostListeners.clear();
  }
}

/** A Janus session: a keepalive every `keepaliveMs`, and the plugin handles attached to it. */
export class JanusSession {
  private readonly handles = new Map<number, JanusHandle>();
  private readonly endListeners = new Set<(reason: string) => void>();
  private readonly keepalive: NodeJS.Timeout;
  private endedReason: string | undefined;

  constructor(
    private readonly connection: JanusConnection,
    readonly id: number,
    keepaliveMs: number,
  ) {
    this.keepalive = setInterval(() => void this.sendKeepalive(), keepaliveMs);
    // Pending keepalives never hold a shutting-down server open.
    this.keepalive.unref();
  }

  get alive(): boolean {
    return this.endedReason === undefined;
  }

  /** Runs `listener` once when the session ends, with the reason (at once if it has ended). */
  onEnd(listener: (reason: string) => void): () => void {
    if (this.endedReason !== undefined) {
      listener(this.endedReason);
      return () => undefined;
    }
    this.endListeners.add(listener);
    return () => this.endListeners.delete(listener);
  }

  /** Attaches a plugin (`janus.plugin.videoroom`) and returns the handle. */
  async attach(plugin: string): Promise<JanusHandle> {
    this.assertAlive();
    const answer = await this.connection.send({ janus: 'attach', session_id: this.id, plugin });
    if (answer.janus !== 'success' || !answer.data) throw unexpected('attach', answer);
    const handle = new JanusHandle(this.connection, this, answer.data.id, plugin);
    this.handles.set(handle.id, handle);
    return handle;
  }

  /** Destroys the session in Janus (which detaches its handles); ends it here either way. */
  async destroy(): Promise<void> {
    if (this.endedReason !== undefined) return;
    try {
      await this.connection.send({ janus: 'destroy', session_id: this.id });
    } catch (err) {
      // Already gone in Janus (restarted, timed out) or the connection is lost: gone either way.
      if (!(err instanceof JanusError || err instanceof JanusConnectionLostError)) throw err;
    } finally {
      this.end('destroyed');
    }
  }

  /** @internal */
  dispatch(message: JanusMessage): void {
    if (message.janus === 'timeout') {
      this.end('timed out in Janus');
      return;
    }
    const { sender } = message as { sender?: unknown };
    if (typeof sender === 'number') this.handles.get(sender)?.dispatch(message);
  }

  /** @internal */
  forgetHandle(id: number): void {
    this.handles.delete(id);
  }

  /** @internal */
  end(reason: string): void {
    if (this.endedReason !== undefined) return;
    this.endedReason = reason;
    clearInterval(this.keepalive);
    this.connection.forgetSession(this.id);
    for (const handle of [...this.handles.values()]) handle.end(`session ${reason}`);
    for (const listener of [...this.endListeners]) listener(reason);
    this.endListeners.clear();
  }

  /** @internal */
  assertAlive(): void {
    if (this.endedReason !== undefined) {
      throw new JanusConnectionLostError(`session ${this.id} ${this.endedReason}`);
    }
  }

  private async sendKeepalive(): Promise<void> {
    try {
      await this.connection.send({ janus: 'keepalive', session_id: this.id }, { ackIsFinal: true });
    } catch (err) {
      if (err instanceof JanusError && err.code === JANUS_ERRORS.sessionNotFound) {
        this.end('unknown to Janus');
      } else if (err instanceof JanusTimeoutError) {
        this.connection.abandon('keepalive unanswered');
      }
      // A lost connection has already ended the session.
    }
  }
}

/** One plugin handle: requests to the plugin, trickled candidates, and its events. */
export class JanusHandle {
  private readonly listeners = new Set<JanusHandleListener>();
  private endedReason: string | undefined;

  constructor(
    private readonly connection: JanusConnection,
    private readonly session: JanusSession,
    readonly id: number,
    readonly plugin: string,
  ) {}

  get alive(): boolean {
    return this.endedReason === undefined;
  }

  /** Listens to the handle's events; returns a function that stops listening. */
  on(listener: JanusHandleListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Sends `body` (and a session description) to the plugin. A synchronous request resolves with
   * its `success` data; an asynchronous one is acknowledged first and resolves with the event
   * that answers it. A plugin error (`error_code` in the data) rejects with JanusError.
   */
  async message(body: Record<string, unknown>, jsep?: Jsep): Promise<PluginAnswer> {
    this.assertAlive();
    const answer = await this.connection.send({
      janus: 'message',
      session_id: this.session.id,
      handle_id: this.id,
      body,
      ...(jsep ? { jsep } : {}),
    });
    if (answer.janus !== 'success' && answer.janus !== 'event') {
      throw unexpected(`message ${describeBody(body)}`, answer);
    }
    if (!answer.plugindata) throw unexpected(`message ${describeBody(body)}`, answer);
    const { data } = answer.plugindata;
    if (typeof data.error_code === 'number') {
      throw new JanusError(data.error_code, typeof data.error === 'string' ? data.error : '');
    }
    return { data, ...(answer.janus === 'event' && answer.jsep ? { jsep: answer.jsep } : {}) };
  }

  /**
   * Passes the browser's ICE candidate to Janus; `null` says gathering is complete. Resolves at
   * Janus's acknowledgement.
   */
  async trickle(candidate: TrickleCandidate | null): Promise<void> {
    this.assertAlive();
    await this.connection.send(
      {
        janus: 'trickle',
        session_id: this.session.id,
        handle_id: this.id,
        candidate: candidate ?? { completed: true },
      },
      { ackIsFinal: true },
    );
  }

  /** Closes the handle's PeerConnection in Janus; the handle stays attached. */
  async hangup(): Promise<void> {
    this.assertAlive();
    await this.connection.send({
      janus: 'hangup',
      session_id: this.session.id,
      handle_id: this.id,
    });
  }

  /** Detaches the handle (Janus hangs up its PeerConnection); ends it here either way. */
  async detach(): Promise<void> {
    if (this.endedReason !== undefined) return;
    try {
      await this.connection.send({
        janus: 'detach',
        session_id: this.session.id,
        handle_id: this.id,
      });
    } catch (err) {
      if (!(err instanceof JanusError || err instanceof JanusConnectionLostError)) throw err;
    } finally {
      this.end('detached');
    }
  }

  /** @internal */
  dispatch(message: JanusMessage): void {
    switch (message.janus) {
      case 'webrtcup':
        return this.emit({ type: 'webrtcup' });
      case 'media':
        return this.emit({
          type: 'media',
          media: message.type,
          receiving: message.receiving,
          ...(message.mid !== undefined ? { mid: message.mid } : {}),
        });
      case 'slowlink':
        return this.emit({
          type: 'slowlink',
          uplink: message.uplink,
          ...(message.media !== undefined ? { media: message.media } : {}),
          ...(message.mid !== undefined ? { mid: message.mid } : {}),
          ...(message.lost !== undefined ? { lost: message.lost } : {}),
        });
      case 'hangup':
        return this.emit({ type: 'hangup', reason: message.reason ?? 'hangup' });
      case 'detached':
        return this.end('detached by Janus');
      case 'event':
        return this.emit({
          type: 'plugin',
          data: message.plugindata.data,
          ...(message.jsep ? { jsep: message.jsep } : {}),
        });
      default:
        return;
    }
  }

  /** @internal */
  end(reason: string): void {
    if (this.endedReason !== undefined) return;
    this.endedReason = reason;
    this.session.forgetHandle(this.id);
    this.emit({ type: 'detached', reason });
    this.listeners.clear();
  }

  private assertAlive(): void {
    if (this.endedReason !== undefined) {
      throw new JanusConnectionLostError(`handle ${this.id} ${this.endedReason}`);
    }
    this.session.assertAlive();
  }

  private emit(event: JanusHandleEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (err) {
        // One listener's fault must not keep the event from the others or break the socket.
        this.connection.listenerFailed(err);
      }
    }
  }
}

function describeBody(body: Record<string, unknown>): string {
  const inner = body.body as Record<string, unknown> | undefined;
  const request = (inner ?? body).request;
  return typeof request === 'string' ? request : 'request';
}

function unexpected(request: string, answer: JanusMessage): Error {
  return new Error(`Janus answered ${request} with an unexpected ${answer.janus}`);
}
