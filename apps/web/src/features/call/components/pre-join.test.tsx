import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { LocalMedia } from '../webrtc/media';
import type { CallStart } from '../hooks/use-call';
import { PreJoin } from './pre-join';

/** A track as the preview uses it: its on/off flag and whether it was stopped. */
function fakeTrack(kind: 'audio' | 'video') {
  return { kind, enabled: true, stop: vi.fn() };
}
type FakeTrack = ReturnType<typeof fakeTrack>;

/** A MediaStream holding `tracks` (happy-dom has none). */
function fakeStream(tracks: FakeTrack[]) {
  const list = [...tracks];
  return {
    getTracks: () => [...list],
    getAudioTracks: () => list.filter((t) => t.kind === 'audio'),
    getVideoTracks: () => list.filter((t) => t.kind === 'video'),
    addTrack: (t: FakeTrack) => list.push(t),
    removeTrack: (t: FakeTrack) => list.splice(list.indexOf(t), 1),
  } as unknown as MediaStream;
}

const media = vi.hoisted(() => ({
  acquireLocalMedia: vi.fn<() => Promise<LocalMedia>>(),
  listDevices: vi.fn(),
}));

vi.mock('../webrtc/media', () => ({
  acquireLocalMedia: media.acquireLocalMedia,
  acquireTrack: vi.fn(),
  isMediaSupported: () => true,
  listDevices: media.listDevices,
  stopStream: (s: MediaStream | null | undefined) => s?.getTracks().forEach((t) => t.stop()),
}));

// happy-dom's srcObject takes only its own MediaStream; the preview's is a fake.
const shown = new WeakMap<HTMLMediaElement, unknown>();
Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', {
  configurable: true,
  get(this: HTMLMediaElement) {
    return shown.get(this) ?? null;
  },
  set(this: HTMLMediaElement, value: unknown) {
    shown.set(this, value);
  },
});

let mic: FakeTrack;
let camera: FakeTrack;

beforeEach(() => {
  mic = fakeTrack('audio');
  camera = fakeTrack('video');
  media.acquireLocalMedia.mockResolvedValue({
    stream: fakeStream([mic, camera]),
    audio: true,
    video: true,
    failed: false,
  });
  media.listDevices.mockResolvedValue({
    cameras: [{ deviceId: 'cam-1', label: 'Desk camera' }],
    microphones: [{ deviceId: 'mic-1', label: 'Headset' }],
  });
});

function setup(initial?: CallStart) {
  const onJoin = vi.fn<(start: CallStart) => void>();
  const utils = render(
    <MemoryRouter>
      <PreJoin
        roomName="Physics revision"
        backTo="/rooms/room/r1"
        initial={initial}
        onJoin={onJoin}
      />
    </MemoryRouter>,
  );
  return { ...utils, onJoin, user: userEvent.setup() };
}

const micButton = () => screen.getByRole('button', { name: /^Microphone (on|off)$/ });
const cameraButton = () => screen.getByRole('button', { name: /^Camera (on|off)$/ });

describe('PreJoin (docs/decisions/0073-pre-join.md)', () => {
  it('names the room, focuses Join now and starts with both on the first time', async () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Physics revision' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join now' })).toHaveFocus();
    await waitFor(() => expect(micButton()).toBeEnabled());
    expect(micButton()).toHaveAttribute('aria-pressed', 'true');
    expect(cameraButton()).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Back to room' })).toHaveAttribute(
      'href',
      '/rooms/room/r1',
    );
    expect(await screen.findByRole('option', { name: 'Desk camera' })).toBeInTheDocument();
  });

  it('the switches turn the preview tracks off, are remembered, and Join now joins with them and the media', async () => {
    const { onJoin, user, unmount } = setup();
    await waitFor(() => expect(cameraButton()).toBeEnabled());
    await user.click(cameraButton());
    expect(cameraButton()).toHaveAccessibleName('Camera off');
    expect(cameraButton()).toHaveAttribute('aria-pressed', 'false');
    expect(camera.enabled).toBe(false);
    expect(mic.enabled).toBe(true);
    expect(screen.getByText('Camera off', { selector: 'p' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Join now' }));
    expect(onJoin).toHaveBeenCalledTimes(1);
    const start = onJoin.mock.calls[0]![0];
    expect(start).toMatchObject({ muted: false, videoOff: true });
    // The call takes over the very stream the preview opened: nothing is stopped.
    const handed = await start.media!;
    expect(handed.stream.getVideoTracks()[0]).toBe(camera);
    unmount();
    await Promise.resolve();
    expect(camera.stop).not.toHaveBeenCalled();
    expect(mic.stop).not.toHaveBeenCalled();

    // Next time on this device: camera off, mic on, as last chosen.
    setup();
    await waitFor(() => expect(cameraButton()).toBeEnabled());
    expect(cameraButton()).toHaveAttribute('aria-pressed', 'false');
    expect(micButton()).toHaveAttribute('aria-pressed', 'true');
  });

  it('the device check’s choice (navigation state) wins over the remembered one', async () => {
    setup({ muted: true });
    await waitFor(() => expect(micButton()).toBeEnabled());
    expect(micButton()).toHaveAccessibleName('Microphone off');
    expect(cameraButton()).toHaveAttribute('aria-pressed', 'true');
  });

  it('leaving without joining stops the preview', async () => {
    const { unmount } = setup();
    await waitFor(() => expect(micButton()).toBeEnabled());
    unmount();
    await waitFor(() => expect(camera.stop).toHaveBeenCalled());
    expect(mic.stop).toHaveBeenCalled();
  });

  it('a refused camera is said in words and joining still works, with the microphone', async () => {
    media.acquireLocalMedia.mockResolvedValue({
      stream: fakeStream([mic]),
      audio: true,
      video: false,
      failed: true,
    });
    const { onJoin, user } = setup();
    expect(
      await screen.findByText('Could not access your camera. You can join with your microphone.'),
    ).toBeInTheDocument();
    expect(cameraButton()).toBeDisabled();
    expect(cameraButton()).toHaveAccessibleName('Camera off');
    expect(screen.getByText('No camera')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join now' }));
    expect(onJoin.mock.calls[0]![0]).toMatchObject({ muted: false });
    expect((await onJoin.mock.calls[0]![0].media!).failed).toBe(true);
  });
});
