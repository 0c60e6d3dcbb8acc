import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { RaisedHand } from '@studycircle/shared';
import { dismissToast, loadToastCard, Toaster } from '../../../ui/toast';
import { useChatAttention } from '../hooks/use-chat-attention';
import { chatPreview, PREVIEW_CHARS } from '../lib/chat-preview';
import { CallControls } from './call-controls';
import { HandQueueList } from './hand-queue-list';

/**
 * The call screen's attention cues as a phone sees them: the chat panel starts closed, others'
 * messages show a preview toast and a count on the Chat button, and opening the chat clears it;
 * the raised hands show as one numbered list.
 */

beforeAll(() => loadToastCard());
afterEach(() => {
  act(() => {
    for (let id = 0; id < 1000; id += 1) dismissToast(id);
  });
});

let deliver: (message: { name: string; text: string }) => void = () => {};

/** The control bar and the chat panel's open state, wired as call-screen.tsx wires them. */
function Harness() {
  const [open, setOpen] = useState(false);
  const attention = useChatAttention(open);
  deliver = attention.onIncoming;
  const noop = () => {};
  return (
    <>
      <Toaster />
      <CallControls
        muted={false}
        videoOff={false}
        hand={false}
        sharing={false}
        chatOpen={open}
        chatUnread={attention.unread}
        canMic
        canCamera
        canShare={false}
        inCall
        onMic={noop}
        onCamera={noop}
        onShare={noop}
        onChat={() => setOpen((o) => !o)}
        onHand={noop}
        onLeave={noop}
      />
      {open && <section aria-label="In-call messages" />}
    </>
  );
}

describe('chat while the panel is closed', () => {
  it('previews each message, counts it on the Chat button, and opening the chat clears the count', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const chat = screen.getByRole('button', { name: 'Chat' });
    expect(chat).toHaveAttribute('aria-pressed', 'false');

    act(() => deliver({ name: 'Bea', text: 'Is question 4 about momentum?' }));
    expect(screen.getByRole('status')).toHaveTextContent('Bea: Is question 4 about momentum?');
    act(() => deliver({ name: 'Cal', text: '<b>yes</b>, page 12' }));
    // The newest preview replaces the one showing; the text is shown as text, never as markup.
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Cal: <b>yes</b>, page 12');
    expect(status).not.toHaveTextContent('Bea:');
    expect(status.querySelector('b')).toBeNull();
    expect(chat).toHaveAccessibleName('Chat, 2 unread');
    expect(within(chat).getByTestId('control-badge')).toHaveTextContent('2');

    await user.click(chat);
    expect(screen.getByRole('region', { name: 'In-call messages' })).toBeInTheDocument();
    expect(chat).toHaveAttribute('aria-pressed', 'true');
    expect(chat).toHaveAccessibleName('Chat');
    // The open state is a ring around the button too, not a colour alone.
    expect(chat.className).toContain('ring-2');
    expect(within(chat).queryByTestId('control-badge')).toBeNull();

    // With the chat open, a message is read there: no preview, no count.
    act(() => {
      for (let id = 0; id < 1000; id += 1) dismissToast(id);
    });
    act(() => deliver({ name: 'Dev', text: 'seen in the panel' }));
    expect(screen.getByRole('status')).not.toHaveTextContent('Dev:');
    expect(chat).toHaveAccessibleName('Chat');

    await user.click(chat);
    expect(chat).toHaveAttribute('aria-pressed', 'false');
    expect(chat.className).not.toContain('ring-2');
    act(() => deliver({ name: 'Dev', text: 'and now closed' }));
    expect(chat).toHaveAccessibleName('Chat, 1 unread');
  });

  it(`cuts a preview to ${PREVIEW_CHARS} characters on one line, never splitting an emoji`, () => {
    const long = `${'a'.repeat(79)}😀 and much more after that`;
    expect(chatPreview('Bea', long)).toBe(`Bea: ${'a'.repeat(79)}😀…`);
    expect(chatPreview('  ', 'two\nlines')).toBe('Someone: two lines');
  });
});

describe('raised hands', () => {
  it('lists the queue in the order given, numbered, with this side as "You"', () => {
    const hands: RaisedHand[] = [
      { id: 's-bea', userId: 'u1', name: 'Bea', at: 10 },
      { id: 's-me', userId: 'u2', name: 'Ann', at: 11 },
      { id: 's-cal', userId: 'u3', name: 'Cal', at: 12 },
    ];
    const { rerender } = render(<HandQueueList hands={hands} self="s-me" />);
    const list = screen.getByRole('region', { name: 'Raised hands' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['1.Bea', '2.You', '3.Cal']);
    rerender(<HandQueueList hands={[]} self="s-me" />);
    expect(screen.queryByRole('region', { name: 'Raised hands' })).toBeNull();
  });
});
