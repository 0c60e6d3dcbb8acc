/** The landing page's sections the logged-out bar links to (docs/product.md §2.5, §14.1). */
export const LANDING_SECTIONS = [
  { id: 'top', label: 'Home' },
  { id: 'features', label: 'Features' },
  { id: 'community', label: 'Community' },
] as const;

export type LandingSectionId = (typeof LANDING_SECTIONS)[number]['id'];

export const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Scrolls to a landing section, smoothly unless the visitor asked for reduced motion. */
export function scrollToSection(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  element.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  return true;
}
