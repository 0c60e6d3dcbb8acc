import { useEffect, useRef, useState } from 'react';
import { Mic, MicOff, Video, VideoOff } from 'lucide-react';
import { readDevicePreferences, saveDevicePreferences } from '../../../lib/device-preferences';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { Dialog, DialogContent } from '../../../ui/dialog';
import type { CallStart } from '../hooks/use-call';
import { DeviceSelect } from './device-select';
import { watchAudioLevel } from '../webrtc/audio-level';
import {
  acquireLocalMedia,
  acquireTrack,
  replaceStreamTrack,
  isMediaSupported,
  listDevices,
  stopStream,
  type MediaDeviceOption,
} from '../webrtc/media';

export interface DeviceCheckDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Join the call with what was chosen here (the devices are saved as the preferences). */
  onJoin(start: CallStart): void;
}

type Preview =
  | { status: 'opening' }
  | { status: 'ready'; stream: MediaStream; audio: boolean; video: boolean }
  | { status: 'failed' };

/**
 * The optional check before joining (the room page's "Check camera and microphone"): a live
 * preview, the microphone's level, the camera and microphone to use, and joining with either
 * off. The call itself still opens the devices on its own (docs/product.md §7.2); this only
 * saves the chosen devices as the preferences it reads and passes the mic and camera flags on.
 * The preview's tracks stop when the dialog closes, before the call opens its own.
 */
export function DeviceCheckDialog({ open, onOpenChange, onJoin }: DeviceCheckDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent
          title="Check camera and microphone"
          description="See and hear yourself before you join. Nothing is sent until you join."
        >
          <DeviceCheck onJoin={onJoin} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function DeviceCheck({ onJoin }: { onJoin(start: CallStart): void }) {
  const [preview, setPreview] = useState<Preview>({ status: 'opening' });
  const [devices, setDevices] = useState<{
    cameras: MediaDeviceOption[];
    microphones: MediaDeviceOption[];
  }>({ cameras: [], microphones: [] });
  const [chosen, setChosen] = useState(readDevicePreferences);
  const [micOn, setMicOn] = useState(true);
  const [cameraOn, setCameraOn] = useState(true);
  const [level, setLevel] = useState(0);
  const [version, setVersion] = useState(0);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);

  // Open the devices once; stop them when the dialog goes.
  useEffect(() => {
    let live = true;
    if (!isMediaSupported()) {
      setPreview({ status: 'failed' });
      return;
    }
    void acquireLocalMedia(readDevicePreferences()).then(async (media) => {
      if (!live) {
        stopStream(media.stream);
        return;
      }
      streamRef.current = media.stream;
      setPreview(
        media.audio || media.video
          ? { status: 'ready', stream: media.stream, audio: media.audio, video: media.video }
          : { status: 'failed' },
      );
      // Names come with the permission just given.
      const list = await listDevices();
      if (live) setDevices(list);
    });
    return () => {
      live = false;
      stopStream(streamRef.current);
      streamRef.current = null;
    };
  }, []);

  const stream = preview.status === 'ready' ? preview.stream : null;

  useEffect(() => {
    const video = videoRef.current;
    if (video && stream && video.srcObject !== stream) video.srcObject = stream;
  }, [stream, version]);

  useEffect(() => {
    if (!stream || !micOn) {
      setLevel(0);
      return;
    }
    return watchAudioLevel(stream, setLevel);
  }, [stream, micOn, version]);

  // The switches act on the preview's tracks too, so what is seen is what will be sent.
  useEffect(() => {
    for (const track of stream?.getAudioTracks() ?? []) track.enabled = micOn;
    for (const track of stream?.getVideoTracks() ?? []) track.enabled = cameraOn;
  }, [stream, micOn, cameraOn, version]);

  const choose = async (kind: 'audio' | 'video', deviceId: string) => {
    setChosen((c) => ({ ...c, [kind === 'audio' ? 'microphoneId' : 'cameraId']: deviceId }));
    saveDevicePreferences(kind === 'audio' ? { microphoneId: deviceId } : { cameraId: deviceId });
    const current = streamRef.current;
    // 'Default' is no device of its own: the call opens the browser's default.
    if (!current || !deviceId) return;
    try {
      const track = await acquireTrack(kind, deviceId);
      replaceStreamTrack(current, track);
      setVersion((v) => v + 1);
    } catch {
      // The call falls back to the default device; the preview keeps the one it had.
    }
  };

  const join = () => {
    stopStream(streamRef.current);
    streamRef.current = null;
    onJoin({ muted: !micOn, videoOff: !cameraOn });
  };

  const hasVideo = preview.status === 'ready' && preview.video;
  const hasAudio = preview.status === 'ready' && preview.audio;
  const percent = Math.round(Math.min(1, level) * 100);

  return (
    <div className="space-y-4">
      <div className="palette-fixed relative aspect-video overflow-hidden rounded-xl bg-slate-900 text-white">
        <video
          ref={videoRef}
          autoPlay
          playsInline
          muted
          aria-label="Your camera preview"
          data-testid="device-check-preview"
          className={cn(
            'h-full w-full -scale-x-100 object-cover',
            (!hasVideo || !cameraOn) && 'invisible',
          )}
        />
        {(!hasVideo || !cameraOn) && (
          <p className="absolute inset-0 flex items-center justify-center gap-2 p-4 text-center text-sm text-slate-200">
            <VideoOff aria-hidden="true" className="h-4 w-4 shrink-0" />
            {preview.status === 'opening'
              ? 'Opening your camera…'
              : preview.status === 'failed'
                ? 'Could not access camera/microphone.'
                : !hasVideo
                  ? 'No camera'
                  : 'Camera off'}
          </p>
        )}
      </div>

      <div className="flex items-center gap-3">
        <Mic aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500" />
        <div
          role="meter"
          aria-label="Microphone level"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          data-testid="mic-level"
          className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full rounded-full bg-green-600 transition-[width] duration-100"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
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

      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          aria-pressed={micOn}
          disabled={!hasAudio}
          onClick={() => setMicOn((on) => !on)}
        >
          {micOn && hasAudio ? (
            <Mic aria-hidden="true" className="h-4 w-4" />
          ) : (
            <MicOff aria-hidden="true" className="h-4 w-4" />
          )}
          Microphone {micOn && hasAudio ? 'on' : 'off'}
        </Button>
        <Button
          variant="outline"
          aria-pressed={cameraOn}
          disabled={!hasVideo}
          onClick={() => setCameraOn((on) => !on)}
        >
          {cameraOn && hasVideo ? (
            <Video aria-hidden="true" className="h-4 w-4" />
          ) : (
            <VideoOff aria-hidden="true" className="h-4 w-4" />
          )}
          Camera {cameraOn && hasVideo ? 'on' : 'off'}
        </Button>
        <Button className="ml-auto" onClick={join}>
          Join call
        </Button>
      </div>
    </div>
  );
}
