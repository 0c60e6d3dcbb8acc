import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CALL_HAND_SOUND_KEY, readCallHandSound } from '../../../lib/call-sounds';
import { CallSoundsSection } from './call-sounds-section';

describe('CallSoundsSection', () => {
  it('starts on and keeps the choice on this device', async () => {
    const user = userEvent.setup();
    render(<CallSoundsSection />);
    expect(screen.getByRole('region', { name: 'Sounds in calls' })).toBeVisible();
    const box = screen.getByRole('checkbox', { name: /Soft sound when someone raises a hand/ });
    expect(box).toBeChecked();

    await user.click(box);
    expect(box).not.toBeChecked();
    expect(localStorage.getItem(CALL_HAND_SOUND_KEY)).toBe('off');
    expect(readCallHandSound()).toBe(false);

    await user.click(box);
    expect(readCallHandSound()).toBe(true);
  });

  it('hears a choice made in another tab', () => {
    render(<CallSoundsSection />);
    localStorage.setItem(CALL_HAND_SOUND_KEY, 'off');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: CALL_HAND_SOUND_KEY }));
    });
    expect(screen.getByRole('checkbox')).not.toBeChecked();
  });
});
