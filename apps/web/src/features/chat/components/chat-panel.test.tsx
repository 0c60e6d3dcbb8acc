import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChatPanel } from './chat-panel';

describe('ChatPanel', () => {
  it('shows the empty state and the product placeholder', () => {
    render(<ChatPanel title="In-call messages" items={[]} onSend={() => {}} />);
    expect(screen.getByRole('region', { name: 'In-call messages' })).toBeInTheDocument();
    expect(screen.getByText('No messages yet. Start the conversation!')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Send a message')).toBeInTheDocument();
  });

  it('sends trimmed text on Enter, adds a line on Shift+Enter, never sends blank text', async () => {
    const onSend = vi.fn();
    render(<ChatPanel title="Chat" items={[]} onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.clear(box);
    await userEvent.type(box, '  line one{Shift>}{Enter}{/Shift}line two  ');
    expect(box).toHaveValue('  line one\nline two  ');
    await userEvent.type(box, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('line one\nline two');
    expect(box).toHaveValue('');
  });

  it('renders text as text, marks own and pending messages', () => {
    render(
      <ChatPanel
        title="Chat"
        onSend={() => {}}
        items={[
          {
            id: '1',
            userId: 'u2',
            name: 'Bo',
            text: '<b>hi</b>',
            at: 1,
            self: false,
            pending: false,
          },
          {
            id: 'c',
            clientId: 'c',
            userId: 'u1',
            name: 'Me',
            text: 'mine',
            at: 2,
            self: true,
            pending: true,
          },
        ]}
      />,
    );
    expect(screen.getByText('<b>hi</b>')).toBeInTheDocument();
    expect(screen.getByText(/You ·/)).toHaveTextContent('Sending…');
  });
});
