import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import {
  MAX_TOASTS,
  dismissToast,
  loadToastCard,
  onePerPhone,
  toast,
  Toaster,
  useToastSlot,
} from './toast';

// The cards' file loads with the first toast in the app; here it is loaded first, so each test
// can look at a toast the moment it is made.
beforeAll(() => loadToastCard());

afterEach(() => {
  vi.useRealTimers();
  // The toast list is module state: clear what a test left showing.
  act(() => {
    for (let id = 0; id < 1000; id += 1) dismissToast(id);
  });
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

  it('collapses a burst with one key into the latest toast, with a fresh 3 s', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    for (let i = 0; i < 5; i += 1) {
      act(() => {
        toast(i % 2 === 0 ? 'Mic off' : 'Mic on', { key: 'mic' });
      });
      act(() => {
        vi.advanceTimersByTime(500);
      });
    }
    const region = screen.getByRole('status');
    expect(region.querySelectorAll('li')).toHaveLength(1);
    expect(region).toHaveTextContent('Mic off');
    // The last one came 500 ms ago: it stays for its own full 3 s.
    act(() => {
      vi.advanceTimersByTime(2400);
    });
    expect(region).toHaveTextContent('Mic off');
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(region.querySelectorAll('li')).toHaveLength(0);
  });

  it(`shows at most ${MAX_TOASTS} at once, the newest`, () => {
    render(<Toaster />);
    act(() => {
      for (const name of ['Ann', 'Bob', 'Cat', 'Dan']) toast(`${name} joined`);
    });
    const texts = [...screen.getByRole('status').querySelectorAll('li')].map(
      (li) => li.textContent,
    );
    expect(texts).toEqual(['Bob joined', 'Cat joined', 'Dan joined']);
  });

  it("shows in a screen's own place while that screen is there, and in the corner after", () => {
    function SlotScreen() {
      const slot = useToastSlot();
      return <footer ref={slot} aria-label="Own place" />;
    }
    const { rerender } = render(
      <>
        <Toaster />
        <SlotScreen />
      </>,
    );
    act(() => {
      toast('Mic off');
    });
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('data-placement', 'slot');
    // In the screen's layout, taking room of its own: nothing floats over the screen.
    expect(region.parentElement).toBe(screen.getByRole('contentinfo', { name: 'Own place' }));
    expect(region).not.toHaveClass('fixed');
    expect(region).toHaveTextContent('Mic off');
    rerender(<Toaster />);
    expect(screen.getByRole('status')).toHaveAttribute('data-placement', 'bottom');
    expect(screen.getByRole('status')).toHaveClass('fixed');
    expect(screen.getByRole('status')).toHaveTextContent('Mic off');
  });
});

describe('toasts on a phone', () => {
  const item = (id: number, action = false) => ({
    id,
    message: `t${id}`,
    tone: 'info' as const,
    durationMs: 3000,
    action: action ? { label: 'Undo', run: () => {} } : undefined,
  });

  it('shows the newest toast that offers an action, else the newest', () => {
    expect(onePerPhone([item(1), item(2, true), item(3)]).map((t) => t.id)).toEqual([2]);
    expect(onePerPhone([item(1), item(2)]).map((t) => t.id)).toEqual([2]);
    expect(onePerPhone([])).toEqual([]);
  });

  it('puts one toast over the bar, the others hidden with their time running', () => {
    vi.useFakeTimers();
    const phone = vi.fn((query: string) => ({
      matches: query.includes('max-width'),
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    vi.stubGlobal('matchMedia', phone);
    try {
      render(<Toaster />);
      act(() => {
        toast('Saved');
      });
      act(() => {
        vi.advanceTimersByTime(1000);
      });
      act(() => {
        toast('Task added');
      });
      const region = screen.getByRole('status');
      expect(region).toHaveClass('top-1');
      expect(screen.getByText('Task added')).toBeVisible();
      expect(screen.getByText('Saved')).not.toBeVisible();
      // The hidden one still goes at its 3 s; the shown one keeps its own time.
      act(() => {
        vi.advanceTimersByTime(2000);
      });
      expect(screen.queryByText('Saved')).not.toBeInTheDocument();
      expect(screen.getByText('Task added')).toBeVisible();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
