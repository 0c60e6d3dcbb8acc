import { describe, expect, it } from 'vitest';
import type { JanusHandle, JanusHandleListener, PluginAnswer } from './janus-client.js';
import {
  VideoRoomPublisher,
  VideoRoomSubscriber,
  type PublisherEvent,
  type SubscriberEvent,
} from './videoroom.js';

/**
 * How the VideoRoom's unsolicited events and answers are read: the ones a real Janus sends only
 * in situations hard to bring about on cue (a postponed renegotiation, a kick, talking on a fake
 * microphone). A stand-in handle answers as the plugin does; the requests against the real Janus
 * are in sfu.janus.test.ts and e2e/sfu-media.spec.ts.
 */

function fakeHandle(answer: (body: Record<string, unknown>) => PluginAnswer) {
  const listeners = new Set<JanusHandleListener>();
  const sent: Record<string, unknown>[] = [];
  const handle = {
    alive: true,
    on(listener: JanusHandleListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async message(body: Record<string, unknown>) {
      sent.push(body);
      return answer(body);
    },
  } as unknown as JanusHandle;
  const emit = (data: Record<string, unknown>, jsep?: { type: 'offer'; sdp: string }) => {
    for (const l of [...listeners]) l({ type: 'plugin', data, ...(jsep ? { jsep } : {}) });
  };
  return { handle, sent, emit, listeners };
}

const joined = {
  data: { videoroom: 'joined', room: 5, id: 11, private_id: 99, publishers: [] },
};

describe('a VideoRoom publisher', () => {
  it("reads the room's news and passes the handle's own events on", async () => {
    const fake = fakeHandle(() => joined);
    const { publisher } = await VideoRoomPublisher.join(fake.handle, { room: 5, pin: 'p' });
    expect(fake.sent).toEqual([{ request: 'join', ptype: 'publisher', room: 5, pin: 'p' }]);
    const seen: PublisherEvent[] = [];
    publisher.on((e) => seen.push(e));
    const feed = { id: 12, display: 'Cy', streams: [{ type: 'video', mindex: 1, mid: '1' }] };
    fake.emit({ videoroom: 'event', room: 5, publishers: [feed] });
    fake.emit({ videoroom: 'talking', room: 5, id: 12, 'audio-level-dBov-avg': 18.5 });
    fake.emit({ videoroom: 'stopped-talking', room: 5, id: 12 });
    fake.emit({ videoroom: 'event', room: 5, unpublished: 12 });
    fake.emit({ videoroom: 'event', room: 5, leaving: 12 });
    fake.emit({ videoroom: 'event', room: 5, kicked: 13 });
    fake.emit({ videoroom: 'event', room: 5, leaving: 'ok', reason: 'kicked' });
    fake.emit({ videoroom: 'destroyed', room: 5 });
    // Something this code does not know is not news.
    fake.emit({ videoroom: 'event', room: 5, something: 'else' });
    for (const l of fake.listeners) l({ type: 'webrtcup' });
    expect(seen).toEqual([
      { type: 'publishers', feeds: [{ ...feed }] },
      { type: 'talking', id: 12, talking: true, level: 18.5 },
      { type: 'talking', id: 12, talking: false },
      { type: 'unpublished', id: 12 },
      { type: 'leaving', id: 12 },
      { type: 'leaving', id: 13, reason: 'kicked' },
      { type: 'kicked' },
      { type: 'room-destroyed' },
      { type: 'webrtcup' },
    ]);
  });

  it('refuses a join answer it cannot read, and an answer without the SDP', async () => {
    const odd = fakeHandle(() => ({ data: { videoroom: 'joined', id: 'eleven' } }));
    await expect(VideoRoomPublisher.join(odd.handle, { room: 5, pin: 'p' })).rejects.toThrow(
      /answered join unexpectedly/,
    );
    const noSdp = fakeHandle((body) =>
      body.request === 'join' ? joined : { data: { videoroom: 'event', configured: 'ok' } },
    );
    const { publisher } = await VideoRoomPublisher.join(noSdp.handle, { room: 5, pin: 'p' });
    await expect(publisher.publish({ type: 'offer', sdp: 'v=0' })).rejects.toThrow(
      /without an SDP answer/,
    );
    await expect(publisher.publish({ type: 'answer', sdp: 'v=0' })).rejects.toThrow(/offer/);
  });
});

describe('a VideoRoom subscriber', () => {
  const attached = {
    data: {
      videoroom: 'attached',
      room: 5,
      streams: [{ mindex: 0, mid: '0', type: 'video', feed_id: 12, feed_mid: '1' }],
    },
    jsep: { type: 'offer' as const, sdp: 'v=0 first' },
  };

  it('waits for the offer of a renegotiation Janus postponed', async () => {
    const fake = fakeHandle((body) =>
      body.request === 'join' ? attached : { data: { videoroom: 'updating' } },
    );
    const { subscriber, offer } = await VideoRoomSubscriber.join(fake.handle, {
      room: 5,
      pin: 'p',
      streams: [{ feed: 12 }],
    });
    expect(offer.sdp).toBe('v=0 first');
    expect(fake.sent[0]).toMatchObject({ ptype: 'subscriber', streams: [{ feed: 12 }] });
    const update = subscriber.update({ subscribe: [{ feed: 13, mid: '1' }] });
    // The later event carries the offer that covers it.
    setTimeout(() =>
      fake.emit(
        {
          videoroom: 'updated',
          room: 5,
          streams: [...attached.data.streams, { mindex: 1, mid: '1', type: 'video', feed_id: 13 }],
        },
        { type: 'offer', sdp: 'v=0 second' },
      ),
    );
    const result = await update;
    expect(result.offer?.sdp).toBe('v=0 second');
    expect(result.streams.map((s) => s.feed_id)).toEqual([12, 13]);
    expect(fake.sent[1]).toEqual({ request: 'update', subscribe: [{ feed: 13, mid: '1' }] });
  });

  it("reads Janus's own renegotiations and layer changes", async () => {
    const fake = fakeHandle(() => attached);
    const { subscriber } = await VideoRoomSubscriber.join(fake.handle, {
      room: 5,
      pin: 'p',
      streams: [{ feed: 12 }],
    });
    const seen: SubscriberEvent[] = [];
    subscriber.on((e) => seen.push(e));
    fake.emit({ videoroom: 'updated', room: 5, streams: [] }, { type: 'offer', sdp: 'v=0 auto' });
    fake.emit({ videoroom: 'event', room: 5, mid: '0', substream: 0 });
    fake.emit({ videoroom: 'event', room: 5, mid: '0', temporal: 1 });
    fake.emit({ videoroom: 'destroyed', room: 5 });
    fake.emit({ videoroom: 'event', room: 5, started: 'ok' });
    expect(seen).toEqual([
      { type: 'updated', offer: { type: 'offer', sdp: 'v=0 auto' }, streams: [] },
      { type: 'layer', mid: '0', substream: 0 },
      { type: 'layer', mid: '0', temporal: 1 },
      { type: 'room-destroyed' },
    ]);
  });
});
