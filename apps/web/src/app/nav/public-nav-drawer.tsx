import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../ui/button';
import { Drawer, DrawerClose } from '../../ui/drawer';

/** The logged-out bar's mobile drawer: section links, then Sign In and Get Started. */
export default function PublicNavDrawer({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The section links, built by the bar so they scroll and highlight the same way. */
  children: ReactNode;
}) {
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title="Menu">
      <nav aria-label="Mobile" className="flex h-full flex-col gap-1">
        {children}
        <div className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-4">
          <DrawerClose asChild>
            <Link to="/login" className={buttonClasses('outline', 'lg')}>
              Sign In
            </Link>
          </DrawerClose>
          <DrawerClose asChild>
            <Link to="/register" className={buttonClasses('primary', 'lg')}>
              Get Started
            </Link>
          </DrawerClose>
        </div>
      </nav>
    </Drawer>
  );
}
