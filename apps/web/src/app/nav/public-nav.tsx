import { lazy, Suspense, useEffect, useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Menu as MenuIcon } from 'lucide-react';
import { buttonClasses } from '../../ui/button';
import { cn } from '../../ui/cn';
import { BrandLink } from './brand-link';
import { LANDING_SECTIONS, scrollToSection } from './sections';
import { useActiveSection } from './use-active-section';

/*
 * The logged-out bar. It is on the landing page's critical path, so it stays small: no Radix and
 * no HTTP client here. The mobile drawer (which needs Radix Dialog) loads when first opened. On a
 * prerendered page the menu button works before React has adopted it: a tap there starts the app
 * and is tapped again once the page is adopted (main.tsx, docs/decisions/0061).
 */
const loadDrawer = () => import('./public-nav-drawer');
const PublicNavDrawer = lazy(loadDrawer);

const linkClasses = (active: boolean) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    active
      ? 'bg-brand-50 text-brand-700 underline decoration-2 underline-offset-8'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

export function PublicNav() {
  const { pathname, hash } = useLocation();
  const onLanding = pathname === '/';
  const active = useActiveSection(onLanding);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);

  // Arriving at /#features from another page: the section renders after this bar, so wait for it.
  useEffect(() => {
    if (!onLanding || !hash) return;
    const id = decodeURIComponent(hash.slice(1));
    if (scrollToSection(id)) return;
    const observer = new MutationObserver(() => {
      if (scrollToSection(id)) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const stop = window.setTimeout(() => observer.disconnect(), 5000);
    return () => {
      observer.disconnect();
      window.clearTimeout(stop);
    };
  }, [onLanding, hash]);

  const onSectionClick = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const fromDrawer = drawerOpen;
    setDrawerOpen(false);
    if (!onLanding || !document.getElementById(id)) return;
    event.preventDefault();
    // Keep the address shareable without a router navigation, which would jump instead of glide.
    window.history.replaceState(window.history.state, '', `#${id}`);
    // The open drawer locks page scrolling; scroll once it has closed and released the lock.
    if (fromDrawer) window.setTimeout(() => scrollToSection(id), 50);
    else scrollToSection(id);
  };

  const sectionLinks = (className?: string) =>
    LANDING_SECTIONS.map(({ id, label }) => {
      const isActive = onLanding && active === id;
      return (
        <Link
          key={id}
          to={{ pathname: '/', hash: `#${id}` }}
          onClick={(event) => onSectionClick(event, id)}
          aria-current={isActive ? 'location' : undefined}
          className={cn(linkClasses(isActive), className)}
        >
          {label}
        </Link>
      );
    });

  const openDrawer = () => {
    setDrawerLoaded(true);
    setDrawerOpen(true);
  };

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8"
      >
        <BrandLink to="/" />
        <div className="hidden items-center gap-1 md:flex">{sectionLinks()}</div>
        <div className="hidden items-center gap-2 md:flex">
          <Link to="/login" className={buttonClasses('ghost')}>
            Sign In
          </Link>
          <Link to="/register" className={buttonClasses('primary')}>
            Get Started
          </Link>
        </div>
        <button
          type="button"
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 md:hidden"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          onClick={openDrawer}
          // Start fetching the drawer as soon as the visitor shows intent.
          onPointerEnter={() => void loadDrawer()}
          onFocus={() => void loadDrawer()}
        >
          <MenuIcon aria-hidden="true" className="h-6 w-6" />
        </button>
      </nav>
      {drawerLoaded && (
        <Suspense fallback={null}>
          <PublicNavDrawer open={drawerOpen} onOpenChange={setDrawerOpen}>
            {sectionLinks('block w-full text-base')}
          </PublicNavDrawer>
        </Suspense>
      )}
    </header>
  );
}
