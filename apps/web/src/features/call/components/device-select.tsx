import { useId } from 'react';
import type { MediaDeviceOption } from '../webrtc/media';

export interface DeviceSelectProps {
  label: 'Camera' | 'Microphone';
  options: MediaDeviceOption[];
  /** The chosen device's id; one no longer listed shows as 'Default'. */
  value: string | undefined;
  onChoose(deviceId: string): void;
}

/**
 * A camera or microphone picker with a 'Default' choice (the browser's own device), shared by the
 * room page's device check and the call's pre-join step. Empty until the device list is known.
 */
export function DeviceSelect({ label, options, value, onChoose }: DeviceSelectProps) {
  const id = useId();
  return (
    <div className="min-w-0 space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value && options.some((o) => o.deviceId === value) ? value : ''}
        disabled={options.length === 0}
        onChange={(e) => onChoose(e.target.value)}
        className="block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm text-slate-900"
      >
        <option value="">
          {options.length === 0 ? `No ${label.toLowerCase()} found` : 'Default'}
        </option>
        {options.map((o) => (
          <option key={o.deviceId} value={o.deviceId}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
