import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CALL_SHORTCUTS_KEY, readCallShortcutMode } from '../../../lib/call-shortcuts';
import { CallShortcutsSection } from './call-shortcuts-section';

describe('CallShortcutsSection', () => {
  it('starts on the default single keys and keeps a choice on this device', async () => {
    const user = userEvent.setup();
    render(<CallShortcutsSection />);
    expect(screen.getByRole('region', { name: 'Keyboard shortcuts in calls' })).toBeVisible();
    expect(screen.getByRole('radio', { name: /Single keys/ })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: /Off/ }));
    expect(screen.getByRole('radio', { name: /Off/ })).toBeChecked();
    expect(localStorage.getItem(CALL_SHORTCUTS_KEY)).toBe('off');

    await user.click(screen.getByRole('radio', { name: /With Alt/ }));
    expect(readCallShortcutMode()).toBe('alt');
  });

  it('reads an unknown stored value as single keys', () => {
    localStorage.setItem(CALL_SHORTCUTS_KEY, 'sometimes');
    render(<CallShortcutsSection />);
    expect(screen.getByRole('radio', { name: /Single keys/ })).toBeChecked();
  });
});
