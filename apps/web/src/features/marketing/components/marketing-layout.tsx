import type { ReactNode } from 'react';
import { FloatingParticles } from './floating-particles';
import { MarketingFooter } from './marketing-footer';

/**
 * The frame of every marketing page: the particle background behind the content and the footer
 * below it. `isolate` gives the particles a stacking context of their own (see FloatingParticles).
 */
export function MarketingLayout({ children }: { children: ReactNode }) {
  return (
    <div className="relative isolate flex min-h-[calc(100vh-4rem)] flex-col overflow-x-clip">
      <FloatingParticles />
      {/* The root layout already wraps every page in <main>. */}
      <div className="flex-1">{children}</div>
      <MarketingFooter />
    </div>
  );
}
