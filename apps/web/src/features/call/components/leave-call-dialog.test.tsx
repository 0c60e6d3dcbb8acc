import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setCallShortcutMode, type CallShortcutMode } from '../../../lib/call-shortcuts';
import { useCallShortcuts } from '../hooks/use-call-shortcuts';
import { LeaveCallDialog, useLeaveQuestion } from './leave-call-dialog';

/** The call screen's wiring of the shortcuts and the leave question, with its actions observed. */
function Harness(props: { hand(): void; leave(): void; mic(): void }) {
  const question = useLeaveQuestion();
  useCallShortcuts(
    {
      mic: props.mic,
      camera: () => {},
      chat: () => {},
      hand: props.hand,
      leave: question.ask,
      share: () => {},
    },
    !question.asking,
  );
  return (
    <>
      <button type="button">Camera</button>
      <label>
        Message <textarea />
      </label>
      <LeaveCallDialog question={question} onLeave={props.leave} />
    </>
  );
}

function setup(mode?: CallShortcutMode) {
  if (mode) setCallShortcutMode(mode);
  const actions = { hand: vi.fn(), leave: vi.fn(), mic: vi.fn() };
  render(<Harness {...actions} />);
  return { ...actions, user: userEvent.setup() };
}

describe('call shortcuts and the leave question (docs/decisions/0053)', () => {
  it('L asks "Leave the call?" first; Stay closes it and focus returns to the opener', async () => {
    const { leave, user } = setup();
    const camera = screen.getByRole('button', { name: 'Camera' });
    camera.focus();
    await user.keyboard('l');
    const dialog = await screen.findByRole('dialog', { name: 'Leave the call?' });
    expect(leave).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Stay' })).toHaveFocus();
    // A second stray L while the question is open does not answer it.
    await user.keyboard('l');
    expect(leave).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(dialog).not.toBeInTheDocument();
    // Radix hands focus back a task after the content unmounts.
    await waitFor(() => expect(camera).toHaveFocus());
    expect(leave).not.toHaveBeenCalled();
  });

  it('Leave in the question leaves', async () => {
    const { leave, user } = setup();
    await user.keyboard('l');
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(leave).toHaveBeenCalledTimes(1);
  });

  it('with the default single keys, "hello" raises the hand once and does not leave', async () => {
    const { hand, leave, user } = setup();
    await user.keyboard('hello');
    expect(hand).toHaveBeenCalledTimes(1);
    expect(leave).not.toHaveBeenCalled();
  });

  it('with shortcuts off, "hello" does nothing at all', async () => {
    const { hand, leave, mic, user } = setup('off');
    await user.keyboard('hellom');
    expect(hand).not.toHaveBeenCalled();
    expect(mic).not.toHaveBeenCalled();
    expect(leave).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('with Shift+Alt, single letters do nothing and Shift+Alt+H raises the hand', async () => {
    const { hand, user } = setup('alt');
    await user.keyboard('hello');
    expect(hand).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.keyboard('{Shift>}{Alt>}h{/Alt}{/Shift}');
    expect(hand).toHaveBeenCalledTimes(1);
  });

  it('never fires while typing in the message box', async () => {
    const { hand, leave, user } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hello');
    expect(hand).not.toHaveBeenCalled();
    expect(leave).not.toHaveBeenCalled();
  });

  it('follows a change made in Settings while the call is open', async () => {
    const { hand, user } = setup();
    act(() => setCallShortcutMode('off'));
    await user.keyboard('h');
    expect(hand).not.toHaveBeenCalled();
  });
});
