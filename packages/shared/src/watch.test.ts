import { describe, expect, it } from 'vitest';
import {
  WATCH_MESSAGES,
  WatchActionPayloadSchema,
  WatchActionSchema,
  applyWatchAction,
  emptyWatchState,
  parseVideoUrl,
  videoTitle,
  watchPositionAt,
  type WatchState,
} from './watch.js';

const roomId = 'a'.repeat(24);
const asha = { id: 'u1', name: 'Asha' };

function firstMessage(input: unknown): string | undefined {
  const result = WatchActionSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('video links', () => {
  it('accept http and https links to mp4, webm and m4v files, queries included', () => {
    expect(parseVideoUrl(' https://example.org/lectures/week1.MP4 ')).toBe(
      'https://example.org/lectures/week1.MP4',
    );
    expect(parseVideoUrl('http://127.0.0.1:8080/a.webm?token=x#t=10')).toBe(
      'http://127.0.0.1:8080/a.webm?token=x#t=10',
    );
    expect(parseVideoUrl('https://cdn.example.org/v/clip.m4v')).toBeDefined();
  });

  it('refuse other schemes, other files, pages and credentials', () => {
    for (const bad of [
      'javascript:alert(1)//.mp4',
      'data:video/mp4;base64,AAAA',
      'ftp://example.org/a.mp4',
      'file:///home/a.webm',
      'https://example.org/watch?v=abc',
      'https://example.org/lecture.mp4.html',
      'https://example.org/',
      'https://user:pw@example.org/a.mp4',
      'lecture.mp4',
      '',
    ]) {
      expect(parseVideoUrl(bad), bad).toBeUndefined();
    }
  });

  it('say what is wrong with a refused link', () => {
    expect(firstMessage({ type: 'start', src: 'https://youtube.com/watch?v=x' })).toBe(
      WATCH_MESSAGES.urlInvalid,
    );
    expect(firstMessage({ type: 'start', src: 'https://a:b@example.org/a.mp4' })).toBe(
      WATCH_MESSAGES.urlWithPassword,
    );
    expect(firstMessage({ type: 'start', src: `https://e.org/${'a'.repeat(2100)}.mp4` })).toBe(
      WATCH_MESSAGES.urlTooLong,
    );
    expect(firstMessage({ type: 'start', src: 42 })).toBe(WATCH_MESSAGES.urlInvalid);
  });

  it('name a video by its file', () => {
    expect(videoTitle('https://example.org/a/Week%201.webm?x=1')).toBe('Week 1.webm');
    expect(videoTitle('https://example.org/')).toBe('example.org');
  });
});

describe('actions', () => {
  it('accept each kind and refuse bad positions, speeds and extra fields', () => {
    expect(WatchActionPayloadSchema.safeParse({ roomId, action: { type: 'play' } }).success).toBe(
      true,
    );
    expect(firstMessage({ type: 'seek', position: -1 })).toBe(WATCH_MESSAGES.positionInvalid);
    expect(firstMessage({ type: 'seek', position: Number.NaN })).toBe(
      WATCH_MESSAGES.positionInvalid,
    );
    expect(firstMessage({ type: 'seek' })).toBe(WATCH_MESSAGES.positionInvalid);
    expect(firstMessage({ type: 'rate', rate: 3 })).toBe(WATCH_MESSAGES.rateInvalid);
    expect(firstMessage({ type: 'rewind' })).toBe(WATCH_MESSAGES.actionInvalid);
    expect(WatchActionSchema.safeParse({ type: 'stop', extra: 1 }).success).toBe(false);
  });
});

describe('the timeline', () => {
  const start = (at: number): WatchState =>
    applyWatchAction(emptyWatchState(0), { type: 'start', src: 'https://e.org/a.webm' }, at, asha);

  it('starts a video paused at zero, and moves only while playing, at its rate', () => {
    const started = start(1000);
    expect(started).toMatchObject({ playing: false, position: 0, rev: 1, action: 'start' });
    expect(watchPositionAt(started, 60_000)).toBe(0);
    const playing = applyWatchAction(started, { type: 'play' }, 2000, asha);
    expect(watchPositionAt(playing, 12_000)).toBe(10);
    const faster = applyWatchAction(playing, { type: 'rate', rate: 2 }, 12_000, asha);
    expect(faster).toMatchObject({ position: 10, rate: 2, rev: 3 });
    expect(watchPositionAt(faster, 13_000)).toBe(12);
    const paused = applyWatchAction(faster, { type: 'pause' }, 14_000, asha);
    expect(paused).toMatchObject({ playing: false, position: 14, by: asha, action: 'pause' });
    expect(watchPositionAt(paused, 99_000)).toBe(14);
  });

  it("takes the actor's position when given, and a seek keeps playing or paused", () => {
    const playing = applyWatchAction(start(0), { type: 'play', position: 5 }, 0, asha);
    const sought = applyWatchAction(playing, { type: 'seek', position: 42 }, 1000, asha);
    expect(sought).toMatchObject({ playing: true, position: 42, serverTime: 1000 });
    const stopped = applyWatchAction(sought, { type: 'stop' }, 2000, asha);
    expect(stopped).toMatchObject({ src: null, playing: false, rev: 4 });
  });
});
