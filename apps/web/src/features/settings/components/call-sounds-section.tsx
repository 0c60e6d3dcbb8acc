import { useId } from 'react';
import { saveCallHandSound, useCallHandSound } from '../../../lib/call-sounds';
import { SettingsSection } from './section';

/** Whether a call chimes softly when someone raises a hand, on this device (lib/call-sounds.ts). */
export function CallSoundsSection() {
  const on = useCallHandSound();
  const checkboxId = useId();
  return (
    <SettingsSection
      id="call-sounds"
      title="Sounds in calls"
      description="A raised hand always shows as a message and in the call's list of raised hands."
    >
      <div className="flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          checked={on}
          onChange={(event) => saveCallHandSound(event.target.checked)}
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 accent-brand-600"
        />
        <label htmlFor={checkboxId} className="text-sm text-slate-800">
          <span className="font-medium">Soft sound when someone raises a hand</span>
          <span className="block text-slate-600">Plays on this device only.</span>
        </label>
      </div>
    </SettingsSection>
  );
}
