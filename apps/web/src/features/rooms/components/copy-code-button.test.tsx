import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { CopyCodeButton } from './copy-code-button';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CopyCodeButton', () => {
  it('copies the code and reads Copied! for exactly 1.2 s', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<CopyCodeButton code="ABC234" roomName="Calculus" />);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy code for Calculus' }));
    });
    expect(writeText).toHaveBeenCalledWith('ABC234');
    expect(screen.getByRole('button', { name: 'Copied code for Calculus' })).toHaveTextContent(
      'Copied!',
    );

    act(() => vi.advanceTimersByTime(1199));
    expect(screen.getByRole('button')).toHaveTextContent('Copied!');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy code for Calculus' })).toHaveTextContent(
      'Copy',
    );
  });

  it('restarts the period on a second copy', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.resolve() } });
    render(<CopyCodeButton code="ABC234" roomName="Calculus" />);
    await act(async () => fireEvent.click(screen.getByRole('button')));
    act(() => vi.advanceTimersByTime(1000));
    await act(async () => fireEvent.click(screen.getByRole('button')));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button')).toHaveTextContent('Copied!');
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('button')).not.toHaveTextContent('Copied!');
  });
});
