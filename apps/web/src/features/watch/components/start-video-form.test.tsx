import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WATCH_MESSAGES } from '@studycircle/shared';
import { StartVideoForm } from './start-video-form';

describe('StartVideoForm', () => {
  it('refuses a link that is not an http(s) video file, says why, and keeps the keyboard there', async () => {
    const onStart = vi.fn(async () => true);
    render(<StartVideoForm tone="light" onStart={onStart} />);
    const link = screen.getByRole('textbox', { name: 'Video link' });
    await userEvent.type(link, 'https://www.youtube.com/watch?v=abc');
    await userEvent.click(screen.getByRole('button', { name: 'Start video' }));
    expect(screen.getByRole('alert')).toHaveTextContent(WATCH_MESSAGES.urlInvalid);
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(link).toHaveFocus();

    await userEvent.clear(link);
    await userEvent.type(link, 'https://me:pw@example.org/a.mp4{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(WATCH_MESSAGES.urlWithPassword);
    expect(onStart).not.toHaveBeenCalled();
  });
});
