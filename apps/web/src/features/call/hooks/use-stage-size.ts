import { useEffect, useState } from 'react';

export interface StageSize {
  width: number;
  height: number;
}

/**
 * The content box of an element (given with the returned callback ref), kept current with a
 * ResizeObserver: the call lays its tiles out from the stage's real size (the chat panel opening,
 * a phone turning). Zero until measured, and where ResizeObserver is missing (unit tests), which
 * the layout reads as "not known yet".
 */
export function useStageSize(): [(element: HTMLElement | null) => void, StageSize] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [size, setSize] = useState<StageSize>({ width: 0, height: 0 });
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      setSize((s) =>
        s.width === Math.round(width) && s.height === Math.round(height)
          ? s
          : { width: Math.round(width), height: Math.round(height) },
      );
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, size];
}

/** True while the media query matches (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  const read = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  const [matches, setMatches] = useState(read);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const media = window.matchMedia(query);
    const onChange = () => setMatches(media.matches);
    onChange();
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}
