import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectJanus, JanusError } from './janus-client.js';
import { createEmbeddedJanus, findJanusBinary, type EmbeddedJanus } from './janus-process.js';
import { janusRoomKeys } from './rendezvous.js';
import { createSfuService, type SfuEvents, type SfuService } from './sfu.service.js';
import {
  VIDEOROOM_ERRORS,
  VIDEOROOM_PLUGIN,
  VideoRoomAdmin,
  VideoRoomPublisher,
} from './videoroom.js';

/**
 * The SFU service against a real Janus, the one it starts itself (the embedded default): rooms
 * with a secret and a pin, a wrong pin refused, participants listed and kicked, a room destroyed,
 * and Janus killed with SIGKILL: the loss is reported with what was on it, the process manager
 * starts Janus again and the service connects and builds rooms again. Runs where a `janus`
 * executable is on the PATH (vitest.config.ts; CI installs Debian's).
 */

const silent = { debug() {}, info() {}, warn() {} };
const secret = randomBytes(32);

function collect<E extends keyof SfuEvents>(sfu: SfuService, event: E): SfuEvents[E][] {
  const seen: SfuEvents[E][] = [];
  sfu.events.on(event, (payload) => void seen.push(payload));
  return seen;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('SFU service with the embedded Janus', () => {
  let sfu: SfuService;
  let janus: EmbeddedJanus;
  const folder = mkdtempSync(join(tmpdir(), 'sc-janus-test-'));

  beforeAll(async () => {
    janus = createEmbeddedJanus({
      binary: findJanusBinary(process.env.PATH)!,
      folder,
      rtpPorts: { min: 20_000, max: 20_099 },
      log: silent,
    });
    sfu = createSfuService({
      config: {
        dataDir: ':memory:',
        janus: {
          mode: 'embedded',
          searchPath: process.env.PATH,
          rtpPorts: { min: 20_000, max: 20_099 },
        },
      },
      log: silent,
      serverSecret: secret,
      embedded: janus,
    });
    sfu.start();
    await sfu.whenAvailable(20_000);
  });

  afterAll(async () => {
    await sfu?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('creates a private room with a secret and a pin, and refuses a wrong pin', async () => {
    const roomId = randomBytes(12).toString('hex');
    expect(sfu.available()).toBe(true);
    expect(sfu.instanceFor(roomId)).toBe('embedded');
    const { room } = await sfu.ensureRoom(roomId);
    expect(room).toBe(janusRoomKeys(secret, roomId).room);
    // A second call (another node's, say) finds it rather than failing.
    await expect(sfu.ensureRoom(roomId)).resolves.toEqual({ instance: 'embedded', room });

    // Straight to Janus, as anyone reaching its websocket would.
    const status = sfu.status();
    expect(status.mode).toBe('embedded');
    const connection = await connectJanus({
      url: janus.url!,
      apiSecret: janus.apiSecret,
      log: silent,
    });
    try {
      const session = await connection.createSession();
      const stranger = new VideoRoomAdmin(await session.attach(VIDEOROOM_PLUGIN), undefined);
      // Hidden from a list without the admin key; there with it.
      expect((await stranger.list()).some((r) => r.room === room)).toBe(false);
      const admin = new VideoRoomAdmin(await session.attach(VIDEOROOM_PLUGIN), janus.adminKey);
      const listed = (await admin.list()).find((r) => r.room === room);
      expect(listed).toMatchObject({ pin_required: true, is_private: true });
      // Without the admin key nobody creates rooms.
      await expect(
        stranger.create({ room: room + 1, secret: 's', pin: 'p', publishers: 2 }),
      ).rejects.toMatchObject({ code: VIDEOROOM_ERRORS.missingElement });

      const wrongPin = VideoRoomPublisher.join(await session.attach(VIDEOROOM_PLUGIN), {
        room,
        pin: 'not-the-pin',
      });
      await expect(wrongPin).rejects.toBeInstanceOf(JanusError);
      await expect(wrongPin).rejects.toMatchObject({ code: VIDEOROOM_ERRORS.unauthorized });
      // Nor can the room be destroyed without its secret.
      await expect(admin.destroy(room, 'guess')).rejects.toMatchObject({
        code: VIDEOROOM_ERRORS.unauthorized,
      });
    } finally {
      await connection.close();
    }
  });

  it('lists participants, kicks one, and ends everyone when the room is destroyed', async () => {
    const roomId = randomBytes(12).toString('hex');
    const ended = collect(sfu, 'participant-ended');
    const news = collect(sfu, 'publisher-event');
    const ann = await sfu.joinPublisher('socket-ann', { roomId, display: 'Ann' });
    const bob = await sfu.joinPublisher('socket-bob', { roomId, display: 'Bob' });
    const cy = await sfu.joinPublisher('socket-cy', { roomId, display: 'Cy' });
    expect(new Set([ann.feedId, bob.feedId, cy.feedId]).size).toBe(3);

    const listed = await sfu.listParticipants(roomId);
    expect(listed.map((p) => p.display).sort()).toEqual(['Ann', 'Bob', 'Cy']);
    expect(listed.every((p) => p.publisher === false)).toBe(true);

    await sfu.kick(roomId, bob.feedId);
    await until(() => ended.some((e) => e.key === 'socket-bob'));
    expect(ended).toEqual([{ key: 'socket-bob', roomId, reason: 'kicked' }]);
    // Janus tells the others in the room, and the service passes it on.
    await until(() =>
      news.some(
        (n) => n.key === 'socket-ann' && n.event.type === 'leaving' && n.event.id === bob.feedId,
      ),
    );
    expect((await sfu.listParticipants(roomId)).map((p) => p.display).sort()).toEqual([
      'Ann',
      'Cy',
    ]);
    // Bob's handles are gone from the service too.
    await expect(sfu.unpublish('socket-bob')).rejects.toThrow(/Not in a call/);

    // Leaving on one's own is not news.
    await sfu.dropParticipant('socket-cy');
    await until(async () => (await sfu.listParticipants(roomId)).length === 1);

    await sfu.destroyRoom(roomId);
    await until(() => ended.some((e) => e.key === 'socket-ann'));
    expect(ended.find((e) => e.key === 'socket-ann')?.reason).toBe('room-destroyed');
    expect(ended.some((e) => e.key === 'socket-cy')).toBe(false);
    expect(await sfu.listParticipants(roomId)).toEqual([]);
  });

  it('reports a Janus killed with SIGKILL, and builds again once it is back', async () => {
    const roomId = randomBytes(12).toString('hex');
    await sfu.joinPublisher('socket-dee', { roomId, display: 'Dee' });
    const lost = collect(sfu, 'instance-lost');
    const ready = collect(sfu, 'instance-ready');
    const ended = collect(sfu, 'participant-ended');
    const before = janus.pid!;

    process.kill(before, 'SIGKILL');
    await until(() => lost.length === 1);
    expect(lost[0]).toMatchObject({ instance: 'embedded', participants: ['socket-dee'] });
    expect(lost[0]!.rooms).toContain(roomId);
    expect(ended).toEqual([{ key: 'socket-dee', roomId, reason: 'janus-lost' }]);
    expect(sfu.available()).toBe(false);
    await expect(sfu.ensureRoom(roomId)).rejects.toThrow(/No Janus/);

    // The process manager starts Janus again; the service connects by itself.
    await until(() => ready.length === 1, 20_000);
    expect(sfu.available()).toBe(true);
    expect(janus.pid).not.toBe(before);
    // The new Janus knows no room: the service makes it again, with the same keys.
    const again = await sfu.joinPublisher('socket-dee', { roomId, display: 'Dee' });
    expect((await sfu.listParticipants(roomId)).map((p) => p.id)).toEqual([again.feedId]);
  });
});
