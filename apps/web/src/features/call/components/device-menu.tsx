import { useEffect, useId, useRef, useState } from 'react';
import { Settings2 } from 'lucide-react';
import { cn } from '../../../ui/cn';
import { CONTROL_SIZE } from './call-controls';
import { listDevices, type MediaDeviceOption } from '../webrtc/media';

export interface DeviceMenuProps {
  current: () => { cameraId?: string; microphoneId?: string };
  onChoose(kind: 'audio' | 'video', deviceId: string): void;
  className?: string;
}

/**
 * Choose the camera and microphone during a call. The new device's track replaces the old one in
 * every connection (RTCRtpSender.replaceTrack), and the choice is remembered for the next call.
 * Opens above its button (it lives in the bottom control bar); Escape closes it and returns focus.
 */
export function DeviceMenu({ current, onChoose, className }: DeviceMenuProps) {
  const [open, setOpen] = useState(false);
  const [devices, setDevices] = useState<{
    cameras: MediaDeviceOption[];
    microphones: MediaDeviceOption[];
  }>({ cameras: [], microphones: [] });
  const [selected, setSelected] = useState<{ cameraId?: string; microphoneId?: string }>({});
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const cameraId = useId();
  const micId = useId();

  useEffect(() => {
    if (!open) return;
    let live = true;
    void listDevices().then((list) => live && setDevices(list));
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      live = false;
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const select = (
    id: string,
    label: string,
    options: MediaDeviceOption[],
    value: string | undefined,
    kind: 'audio' | 'video',
  ) => (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-slate-300">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        disabled={options.length === 0}
        onChange={(e) => {
          const deviceId = e.target.value;
          setSelected((s) => ({
            ...s,
            [kind === 'audio' ? 'microphoneId' : 'cameraId']: deviceId,
          }));
          onChoose(kind, deviceId);
        }}
        className="block w-full rounded-lg border border-slate-600 bg-slate-800 px-2 py-1.5 text-sm text-white"
      >
        {options.length === 0 && <option value="">No {label.toLowerCase()} found</option>}
        {options.map((o) => (
          <option key={o.deviceId} value={o.deviceId}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <div ref={rootRef} className={cn('relative', className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-label="Choose camera and microphone"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          if (!open) setSelected(current());
          setOpen((o) => !o);
        }}
        className={cn(
          CONTROL_SIZE,
          'flex items-center justify-center rounded-full bg-slate-700 text-white hover:bg-slate-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
        )}
      >
        <Settings2 aria-hidden="true" className="h-5 w-5" />
      </button>
      {open && (
        <div
          id={panelId}
          role="group"
          aria-label="Camera and microphone"
          className="absolute bottom-14 left-1/2 z-30 w-64 max-w-[calc(100vw-1rem)] -translate-x-1/2 space-y-3 rounded-xl border border-slate-700 bg-slate-900 p-3 shadow-xl"
        >
          {select(cameraId, 'Camera', devices.cameras, selected.cameraId, 'video')}
          {select(micId, 'Microphone', devices.microphones, selected.microphoneId, 'audio')}
        </div>
      )}
    </div>
  );
}
