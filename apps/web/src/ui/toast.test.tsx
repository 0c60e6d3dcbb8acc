import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { toast, Toaster } from './toast';

afterEach(() => {
  vi.useRealTimers();
});

describe('toast', () => {
  it('announces a toast in a polite status region and removes it after 3 s', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    act(() => {
      toast('Connected', { tone: 'success' });
    });
    expect(region).toHaveTextContent('Connected');
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(region).toHaveTextContent('Connected');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(region).not.toHaveTextContent('Connected');
  });

  it('can be dismissed with its button', () => {
    render(<Toaster />);
    act(() => {
      toast('Mic off');
    });
    act(() => {
      screen.getByRole('button', { name: 'Dismiss notification' }).click();
    });
    expect(screen.queryByText('Mic off')).not.toBeInTheDocument();
  });
});
