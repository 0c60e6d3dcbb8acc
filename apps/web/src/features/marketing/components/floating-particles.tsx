import './particles.css';

/**
 * The decorative background of the marketing pages: 15 softly drifting dots
 * (docs/product.md §14.5). Hidden from assistive technology, never in the way of the pointer, and
 * still when the visitor prefers reduced motion (see particles.css).
 */

const TONES = ['bg-brand-300', 'bg-violet-300', 'bg-sky-300', 'bg-brand-200', 'bg-amber-300'];

/**
 * Fixed positions rather than random ones, so the layout is the same on every visit and in tests:
 * spread evenly across the width, scattered in height by a fixed stride.
 */
const PARTICLES = Array.from({ length: 15 }, (_, i) => ({
  left: 3 + i * 6.6,
  top: (12 + i * 37) % 94,
  size: 10 + ((i * 7) % 4) * 3,
  duration: 13 + ((i * 5) % 10),
  delay: -((i * 3) % 13),
  tone: TONES[i % TONES.length],
}));

export const PARTICLE_COUNT = PARTICLES.length;

export function FloatingParticles() {
  return (
    <div
      aria-hidden="true"
      data-testid="floating-particles"
      // MarketingLayout is `isolate`, so -z-10 sits above its background and below its content.
      className="pointer-events-none fixed inset-0 -z-10 overflow-hidden"
    >
      {PARTICLES.map((p, i) => (
        <span
          key={i}
          data-particle=""
          className={`sc-particle absolute rounded-full ${p.tone}`}
          style={{
            left: `${p.left}%`,
            top: `${p.top}%`,
            width: p.size,
            height: p.size,
            animationDuration: `${p.duration}s`,
            animationDelay: `${p.delay}s`,
          }}
        />
      ))}
    </div>
  );
}
