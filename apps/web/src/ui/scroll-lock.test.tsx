import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Dialog, DialogContent } from './dialog';
import { Drawer } from './drawer';
import { useScrollLock } from './scroll-lock';

const locked = () => document.documentElement.dataset.scrollLocked !== undefined;

function Locker() {
  useScrollLock();
  return null;
}

describe('useScrollLock', () => {
  it('locks the page while mounted, and nested locks release only with the last', () => {
    const outer = render(<Locker />);
    expect(locked()).toBe(true);
    const inner = render(<Locker />);
    inner.unmount();
    expect(locked()).toBe(true);
    outer.unmount();
    expect(locked()).toBe(false);
  });
});

function DrawerHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open menu
      </button>
      <Drawer open={open} onOpenChange={setOpen} title="Menu">
        <a href="/login">Sign In</a>
      </Drawer>
    </>
  );
}

describe('modals under the strict CSP', () => {
  it('a drawer locks scrolling without injecting a <style> element, and unlocks on close', async () => {
    const user = userEvent.setup();
    render(<DrawerHarness />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    // style-src 'self' refuses any <style> element a script adds (react-remove-scroll's did).
    expect(document.querySelectorAll('style')).toHaveLength(0);
    expect(locked()).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(locked()).toBe(false);
  });

  it('a dialog does the same', async () => {
    render(
      <Dialog open>
        <DialogContent title="Join Room">
          <p>Body</p>
        </DialogContent>
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Join Room' })).toBeInTheDocument();
    expect(document.querySelectorAll('style')).toHaveLength(0);
    expect(locked()).toBe(true);
  });
});
