import { useCallback, useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { LogOut, Menu as MenuIcon, Settings, UserRound } from 'lucide-react';
import { Avatar } from '../../ui/avatar';
import { cn } from '../../ui/cn';
import { PAGE_WIDTHS } from '../../ui/page-width';
import { Drawer } from '../../ui/drawer';
import { displayName, useAuth } from '../../features/auth';
import { AppUpdate } from '../app-update';
import { useStudySync } from '../sync/use-study-sync';
import { AvatarMenu } from './avatar-menu';
import { BrandLink } from './brand-link';
import { GuestDataDialog } from './guest-data-dialog';
import { APP_NAV_ITEMS } from './nav-items';
import { NotificationsButton } from './notifications-button';
import { OnlineStatus } from './online-status';
import { useSignOutQuestion } from './sign-out-question';
import { SyncIndicator } from './sync-indicator';
import { useNavbarUser } from './use-navbar-user';

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    isActive
      ? 'bg-brand-50 text-brand-700'
      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  );

/**
 * The signed-in bar (docs/product.md §2.6): the five destinations with their active state, the
 * notifications button and the avatar menu; below the md breakpoint everything moves into a
 * drawer. Loaded lazily, so the landing page never pays for it. Signed in, it also keeps the study
 * data in sync (app/sync) and shows whether it is saved, offers the guest data this device kept,
 * and asks at Sign Out when unsent work would be lost (sign-out-question.tsx).
 */
export default function AppNav() {
  const navigate = useNavigate();
  const { signOut, user: authUser } = useAuth();
  const user = useNavbarUser();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const sync = useStudySync(authUser);
  const name = displayName(user);
  const email = typeof user?.email === 'string' ? user.email : '';
  const picture = typeof user?.profilePic === 'string' ? user.profilePic : undefined;

  // NavLink's className is a function, which Radix's asChild would flatten, so links close the
  // drawer themselves.
  const closeDrawer = () => setDrawerOpen(false);

  const userId = authUser?.id ?? authUser?._id ?? null;
  const signOutNow = useCallback(
    () => void signOut().then(() => navigate('/login', { replace: true })),
    [signOut, navigate],
  );
  // Unsent work (study changes the server could not take, ...) is named before it goes; queued
  // study changes are sent first (docs/product.md §3.8, §15.4).
  const signOutQuestion = useSignOutQuestion(userId, signOutNow);
  const onSignOut = () => {
    setDrawerOpen(false);
    signOutQuestion.request();
  };

  return (
    <>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
        <div
          className={cn(
            'mx-auto flex h-16 items-center justify-between gap-4 px-4 sm:px-6 lg:px-8',
            PAGE_WIDTHS.wide,
          )}
        >
          <BrandLink to="/dashboard" />
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            {APP_NAV_ITEMS.map(({ to, label, Icon, end }) => (
              <NavLink key={to} to={to} end={end} className={linkClasses}>
                <Icon aria-hidden="true" className="h-4 w-4" />
                {label}
              </NavLink>
            ))}
          </nav>
          <div className="flex items-center gap-1 sm:gap-2">
            {sync.status && <SyncIndicator status={sync.status} />}
            <NotificationsButton signedIn={authUser !== null} />
            <div className="hidden md:block">
              <AvatarMenu name={name} email={email} picture={picture} onSignOut={onSignOut} />
            </div>
            <button
              type="button"
              className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 md:hidden"
              aria-label="Open menu"
              aria-haspopup="dialog"
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            >
              <MenuIcon aria-hidden="true" className="h-6 w-6" />
            </button>
          </div>
        </div>
        <Drawer open={drawerOpen} onOpenChange={setDrawerOpen} title="Menu">
          <div className="mb-4 flex items-center gap-3 rounded-xl bg-slate-50 p-3">
            <Avatar src={picture} name={name} size="lg" decorative />
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{name}</p>
              {email && <p className="truncate text-sm text-slate-500">{email}</p>}
              <OnlineStatus />
            </div>
          </div>
          <nav aria-label="Mobile" className="flex flex-col gap-1">
            {APP_NAV_ITEMS.map(({ to, label, Icon, end }) => (
              <NavLink key={to} to={to} end={end} className={linkClasses} onClick={closeDrawer}>
                <Icon aria-hidden="true" className="h-5 w-5" />
                {label}
              </NavLink>
            ))}
            <div className="my-2 h-px bg-slate-200" />
            <NavLink to="/dashboard/profile" className={linkClasses} onClick={closeDrawer}>
              <UserRound aria-hidden="true" className="h-5 w-5" />
              My Profile
            </NavLink>
            <NavLink to="/settings" className={linkClasses} onClick={closeDrawer}>
              <Settings aria-hidden="true" className="h-5 w-5" />
              Settings
            </NavLink>
            <button
              type="button"
              onClick={onSignOut}
              className="inline-flex items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <LogOut aria-hidden="true" className="h-5 w-5" />
              Sign Out
            </button>
          </nav>
        </Drawer>
        <GuestDataDialog offer={sync.offer} onAnswer={sync.answerOffer} />
        {signOutQuestion.question}
      </header>
      {/* Outside the header, whose backdrop filter would hold a fixed element inside it. */}
      <AppUpdate />
    </>
  );
}
