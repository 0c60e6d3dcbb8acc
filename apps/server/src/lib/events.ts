/**
 * A small typed event bus: how a service tells others that something happened without depending
 * on them (docs/decisions/0015-how-server-modules-depend-on-each-other.md). The publisher's
 * module declares the events and their payloads; `services.ts` creates one bus per publisher and
 * hands its `emit` side to the publisher and its `on` side to each subscriber, so both directions
 * read from the factories' signatures.
 *
 * In-process only: every node publishes its own events to its own subscribers, which then reach
 * other nodes the way they always do (the Socket.IO Redis adapter).
 */

/** Event name -> payload: an interface whose every property is an object. */
export type EventMap<Events> = Record<keyof Events, object>;

export type EventHandler<P> = (payload: P) => void | Promise<void>;

/** The side a subscriber gets. `on` returns a function that removes the handler again. */
export interface EventSubscriber<Events extends EventMap<Events>> {
  on<E extends keyof Events>(event: E, handler: EventHandler<Events[E]>): () => void;
}

/** The side a publisher gets. */
export interface EventPublisher<Events extends EventMap<Events>> {
  /**
   * Runs every handler of `event`, one after another in the order they subscribed, and resolves
   * when the last has finished. A handler that throws does not stop the others, and does not
   * reject `emit`: it is handed to the bus's `onError` (logged). Events announce a change that is
   * already committed, so the publisher's caller must not fail for a follow-up that failed
   * (docs/decisions/0040-removal-that-holds-when-a-node-stalls.md).
   */
  emit<E extends keyof Events>(event: E, payload: Events[E]): Promise<void>;
}

export type EventBus<Events extends EventMap<Events>> = EventSubscriber<Events> &
  EventPublisher<Events>;

/** Where a failed handler is reported: the event's name, the error. */
export type EventErrorReporter = (event: string, err: unknown) => void;

export function createEventBus<Events extends EventMap<Events>>(
  onError: EventErrorReporter,
): EventBus<Events> {
  const handlers = new Map<keyof Events, EventHandler<never>[]>();
  return {
    on(event, handler) {
      const list = handlers.get(event) ?? [];
      list.push(handler as EventHandler<never>);
      handlers.set(event, list);
      return () => {
        const index = list.indexOf(handler as EventHandler<never>);
        if (index >= 0) list.splice(index, 1);
      };
    },
    async emit(event, payload) {
      // A copy: a handler that unsubscribes while running does not make the next one skipped.
      for (const handler of [...(handlers.get(event) ?? [])]) {
        try {
          await (handler as EventHandler<typeof payload>)(payload);
        } catch (err) {
          // The others still run: one subscriber's failure (a node that does not answer) must
          // not leave a removed member's notes open or their shares listed.
          onError(String(event), err);
        }
      }
    },
  };
}
