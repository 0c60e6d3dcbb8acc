import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Mic, MicOff, Video, VideoOff } from 'lucide-react';
import {
  readDevicePreferences,
  readJoinChoice,
  saveDevicePreferences,
  saveJoinChoice,
  type JoinChoice,
} from '../../../lib/device-preferences';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import type { CallStart } from '../hooks/use-call';
import {
  acquireLocalMedia,
  acquireTrack,
  replaceStreamTrack,
  isMediaSupported,
  listDevices,
  stopStream,
  type LocalMedia,
  type MediaDeviceOption,
} from '../webrtc/media';
import { DeviceSelect } from './device-select';

export interface PreJoinProps {
  roomName: string;
  /** Where "Back to room" goes. */
  backTo: string;
  /** Mic or camera off as the room page's device check chose; else the last choice here. */
  initial?: Pick<CallStart, 'muted' | 'videoOff'>;
  /** Joins the call: the flags, and the media opened here for the call to take over. */
  onJoin(start: CallStart): void;
}

type Preview = { status: 'opening' } | { status: 'ready'; media: LocalMedia; unsupported: boolean };

/** The start's flags win over the stored choice (the device check was just used). */
function initialChoice(initial: PreJoinProps['initial']): JoinChoice {
  const stored = readJoinChoice();
  return {
    micOn: initial?.muted === undefined ? stored.micOn : !initial.muted,
    cameraOn: initial?.videoOff === undefined ? stored.cameraOn : !initial.videoOff,
  };
}

/**
 * The call's pre-join step (docs/decisions/0073-pre-join.md): nothing is sent and no signalling
 * happens until "Join now". Shows the camera's preview (mirrored, as the call's own tile), the
 * microphone and camera switches and pickers, each remembered on this device, and says in words
 * when a device was refused (joining still works). The media opened here is handed to the call
 * (no second prompt, no second opening); leaving from here stops it.
 */
export function PreJoin({ roomName, backTo, initial, onJoin }: PreJoinProps) {
  const [preview, setPreview] = useState<Preview>({ status: 'opening' });
  const [choice, setChoice] = useState(() => initialChoice(initial));
  const [devices, setDevices] = useState<{
    cameras: MediaDeviceOption[];
    microphones: MediaDeviceOption[];
  }>({ cameras: [], microphones: [] });
  const [chosen, setChosen] = useState(readDevicePreferences);
  const [version, setVersion] = useState(0);
  const videoRef = useRef<HTMLVideoElement>(null);
  const joinRef = useRef<HTMLButtonElement>(null);
  const opened = useRef<Promise<LocalMedia> | null>(null);
  const handedOver = useRef(false);

  useEffect(() => joinRef.current?.focus(), []);

  // Open the devices once; stop them if the student leaves without joining.
  useEffect(() => {
    let live = true;
    const unsupported = !isMediaSupported();
    const media: Promise<LocalMedia> = unsupported
      ? Promise.resolve({ stream: new MediaStream(), audio: false, video: false, failed: true })
      : acquireLocalMedia(readDevicePreferences());
    opened.current = media;
    handedOver.current = false;
    void media.then(async (m) => {
      if (!live) return;
      setPreview({ status: 'ready', media: m, unsupported });
      // Names come with the permission just given.
      if (!unsupported && (m.audio || m.video)) {
        const list = await listDevices();
        if (live) setDevices(list);
      }
    });
    return () => {
      live = false;
      if (!handedOver.current) void media.then((m) => stopStream(m.stream));
    };
  }, []);

  const stream = preview.status === 'ready' ? preview.media.stream : null;
  const hasAudio = Boolean(stream?.getAudioTracks().length);
  const hasVideo = Boolean(stream?.getVideoTracks().length);

  useEffect(() => {
    const video = videoRef.current;
    if (video && stream && video.srcObject !== stream) video.srcObject = stream;
  }, [stream, version]);

  // The preview goes with this step: its element lets go of the stream at once (the call takes
  // the tracks over), as a call tile does, not at garbage collection.
  useEffect(() => {
    const video = videoRef.current;
    return () => {
      if (video) video.srcObject = null;
    };
  }, []);

  // The switches act on the preview's tracks, so what is seen is what the call starts with.
  useEffect(() => {
    for (const track of stream?.getAudioTracks() ?? []) track.enabled = choice.micOn;
    for (const track of stream?.getVideoTracks() ?? []) track.enabled = choice.cameraOn;
  }, [stream, choice, version]);

  const toggle = (key: keyof JoinChoice) => {
    const next = { ...choice, [key]: !choice[key] };
    setChoice(next);
    saveJoinChoice(next);
  };

  const choose = async (kind: 'audio' | 'video', deviceId: string) => {
    setChosen((c) => ({ ...c, [kind === 'audio' ? 'microphoneId' : 'cameraId']: deviceId }));
    saveDevicePreferences(kind === 'audio' ? { microphoneId: deviceId } : { cameraId: deviceId });
    // 'Default' is no device of its own: the next call opens the browser's default.
    if (!stream || !deviceId) return;
    try {
      const track = await acquireTrack(kind, deviceId);
      if (handedOver.current) {
        track.stop();
        return;
      }
      replaceStreamTrack(stream, track);
      setVersion((v) => v + 1);
    } catch {
      // The preview keeps the device it had.
    }
  };

  const join = () => {
    handedOver.current = true;
    onJoin({
      muted: !choice.micOn,
      videoOff: !choice.cameraOn,
      media: opened.current ?? undefined,
    });
  };

  const refusal =
    preview.status !== 'ready'
      ? null
      : preview.unsupported
        ? "Your browser doesn't support camera/mic access. You can still join and chat."
        : !hasAudio && !hasVideo
          ? 'Could not access camera/microphone. You can still join and chat; allow them in your browser and press Retry in the call.'
          : !hasVideo
            ? 'Could not access your camera. You can join with your microphone.'
            : !hasAudio
              ? 'Could not access your microphone. You can join with your camera.'
              : null;

  const showVideo = hasVideo && choice.cameraOn;
  // While the devices open the switches show the choice (not yet to be changed); after, a device
  // that could not be opened reads off.
  const opening = preview.status === 'opening';
  const micOn = choice.micOn && (opening || hasAudio);
  const cameraOn = choice.cameraOn && (opening || hasVideo);

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
      <div className="mx-auto flex w-full max-w-4xl min-w-0 flex-1 flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
        <Link
          to={backTo}
          className="inline-flex items-center gap-2 self-start rounded-lg px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Back to room
        </Link>

        <div className="grid min-w-0 items-start gap-6 md:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="palette-fixed relative aspect-video min-w-0 overflow-hidden rounded-2xl bg-slate-900 text-white shadow-sm">
            <video
              ref={videoRef}
              autoPlay
              playsInline
              muted
              aria-label="Your camera preview"
              data-testid="pre-join-preview"
              className={cn('h-full w-full -scale-x-100 object-cover', !showVideo && 'invisible')}
            />
            {!showVideo && (
              <p className="absolute inset-0 flex items-center justify-center gap-2 p-4 text-center text-sm text-slate-200">
                <VideoOff aria-hidden="true" className="h-4 w-4 shrink-0" />
                {preview.status === 'opening'
                  ? 'Opening your camera…'
                  : !hasVideo
                    ? 'No camera'
                    : 'Camera off'}
              </p>
            )}
          </div>

          <section aria-labelledby="pre-join-title" className="min-w-0 space-y-5">
            <div className="space-y-1">
              <p className="text-sm text-slate-600">Ready to join?</p>
              <h1
                id="pre-join-title"
                className="text-xl font-semibold break-words [overflow-wrap:anywhere]"
              >
                {roomName}
              </h1>
            </div>

            {refusal && (
              <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                {refusal}
              </p>
            )}

            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                aria-pressed={micOn}
                disabled={!hasAudio}
                onClick={() => toggle('micOn')}
                className="flex-1 px-3 whitespace-nowrap"
              >
                {micOn ? (
                  <Mic aria-hidden="true" className="h-4 w-4 shrink-0" />
                ) : (
                  <MicOff aria-hidden="true" className="h-4 w-4 shrink-0 text-red-600" />
                )}
                Microphone {micOn ? 'on' : 'off'}
              </Button>
              <Button
                variant="outline"
                aria-pressed={cameraOn}
                disabled={!hasVideo}
                onClick={() => toggle('cameraOn')}
                className="flex-1 px-3 whitespace-nowrap"
              >
                {cameraOn ? (
                  <Video aria-hidden="true" className="h-4 w-4 shrink-0" />
                ) : (
                  <VideoOff aria-hidden="true" className="h-4 w-4 shrink-0 text-red-600" />
                )}
                Camera {cameraOn ? 'on' : 'off'}
              </Button>
            </div>

            <div className="space-y-3">
              <DeviceSelect
                label="Camera"
                options={devices.cameras}
                value={chosen.cameraId}
                onChoose={(id) => void choose('video', id)}
              />
              <DeviceSelect
                label="Microphone"
                options={devices.microphones}
                value={chosen.microphoneId}
                onChoose={(id) => void choose('audio', id)}
              />
            </div>

            <Button ref={joinRef} size="lg" className="w-full" onClick={join}>
              Join now
            </Button>
          </section>
        </div>
      </div>
    </div>
  );
}
