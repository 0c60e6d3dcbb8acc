import { useCallback, useEffect, useId, useState } from 'react';
import { Camera, Mic } from 'lucide-react';
import {
  readDevicePreferences,
  saveDevicePreferences,
  type DevicePreferences,
} from '../../../lib/device-preferences';
import {
  listMediaDevices,
  mediaDevicesSupported,
  onMediaDevicesChange,
  requestMediaAccess,
  type MediaDeviceLists,
} from '../../call';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { inputClasses } from '../../../ui/field';
import { SettingsSection } from './section';

/** docs/product.md §7.5: the sentence for a browser without camera and mic access. */
const UNSUPPORTED = "Your browser doesn't support camera/mic access. Try Chrome/Edge.";

/**
 * The camera and microphone calls start with (lib/device-preferences.ts, which the call reads).
 * Device names appear once the browser has allowed the camera and microphone.
 */
export function DevicesSection() {
  const supported = mediaDevicesSupported();
  const [lists, setLists] = useState<MediaDeviceLists | null>(null);
  const [prefs, setPrefs] = useState<DevicePreferences>(readDevicePreferences);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const cameraId = useId();
  const micId = useId();

  const refresh = useCallback(() => {
    listMediaDevices()
      .then(setLists)
      .catch(() => setError('Your devices could not be listed. Reload the page and try again.'));
  }, []);

  useEffect(() => {
    if (!supported) return;
    refresh();
    return onMediaDevicesChange(refresh);
  }, [supported, refresh]);

  const allow = async () => {
    setAsking(true);
    setError(null);
    try {
      await requestMediaAccess();
      refresh();
    } catch {
      setError(
        'Camera and microphone access was not allowed. Allow it in your browser’s site settings to choose devices.',
      );
    } finally {
      setAsking(false);
    }
  };

  const choose = (update: DevicePreferences) => {
    saveDevicePreferences(update);
    setPrefs(readDevicePreferences());
  };

  return (
    <SettingsSection
      id="devices"
      title="Camera and microphone"
      description="The devices your study calls start with. You can still switch during a call."
    >
      {!supported ? (
        <Alert tone="info">{UNSUPPORTED}</Alert>
      ) : (
        <div className="space-y-4">
          {error && <Alert tone="error">{error}</Alert>}
          {lists && !lists.labelled && (
            <div className="flex flex-wrap items-center gap-3 rounded-xl bg-slate-50 p-3">
              <p className="min-w-0 flex-1 text-sm text-slate-700">
                Allow camera and microphone access to see your devices by name.
              </p>
              <Button variant="outline" size="sm" onClick={() => void allow()} loading={asking}>
                Allow access
              </Button>
            </div>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <DeviceSelect
              id={cameraId}
              label="Camera"
              Icon={Camera}
              options={lists?.cameras ?? []}
              value={prefs.cameraId ?? ''}
              onChange={(value) => choose({ cameraId: value || undefined })}
            />
            <DeviceSelect
              id={micId}
              label="Microphone"
              Icon={Mic}
              options={lists?.microphones ?? []}
              value={prefs.microphoneId ?? ''}
              onChange={(value) => choose({ microphoneId: value || undefined })}
            />
          </div>
        </div>
      )}
    </SettingsSection>
  );
}

function DeviceSelect({
  id,
  label,
  Icon,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  Icon: typeof Camera;
  options: { deviceId: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  // A stored device that is no longer plugged in reads as the default (the call falls back too).
  const known = options.some((option) => option.deviceId === value);
  return (
    <div className="min-w-0 space-y-1.5">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <Icon aria-hidden="true" className="h-4 w-4" />
        {label}
      </label>
      <select
        id={id}
        value={known ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClasses} truncate`}
      >
        <option value="">System default</option>
        {options.map((option) => (
          <option key={option.deviceId} value={option.deviceId}>
            {option.label}
          </option>
        ))}
      </select>
      {options.length === 0 && (
        <p className="text-xs text-slate-600">No {label.toLowerCase()} found.</p>
      )}
    </div>
  );
}
