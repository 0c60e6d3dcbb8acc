import { useEffect, useState } from 'react';
import { LANDING_SECTIONS, type LandingSectionId } from './sections';

/**
 * Which landing section is in view, for the logged-out bar's highlight. The landing page loads
 * lazily, so its sections may appear after the bar: a MutationObserver watches for them and stops
 * once all are observed.
 */
export function useActiveSection(enabled: boolean): LandingSectionId | null {
  const [active, setActive] = useState<LandingSectionId | null>(null);

  useEffect(() => {
    if (!enabled || typeof IntersectionObserver === 'undefined') return;
    const visible = new Map<string, boolean>();
    const intersection = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) visible.set(entry.target.id, entry.isIntersecting);
        // The first section, in page order, that crosses the band below the bar wins.
        const current = LANDING_SECTIONS.find((section) => visible.get(section.id));
        if (current) setActive(current.id);
      },
      // A band across the upper part of the viewport, so a section counts once it reaches it.
      { rootMargin: '-30% 0px -60% 0px' },
    );
    const observed = new Set<string>();
    const attach = () => {
      for (const { id } of LANDING_SECTIONS) {
        const element = document.getElementById(id);
        if (element && !observed.has(id)) {
          observed.add(id);
          intersection.observe(element);
        }
      }
      if (observed.size === LANDING_SECTIONS.length) mutation.disconnect();
    };
    const mutation = new MutationObserver(attach);
    mutation.observe(document.body, { childList: true, subtree: true });
    attach();
    return () => {
      mutation.disconnect();
      intersection.disconnect();
    };
  }, [enabled]);

  return enabled ? active : null;
}
