import { Route, Routes } from 'react-router';
import { lazyRoute } from './lazy-route';
import { RootLayout } from './root-layout';
import { RequireAuth } from './require-auth';

/*
 * Every route of docs/product.md §2.1, in React Router's declarative mode: the data router alone
 * added about 16 KB gzipped to the landing page's initial JavaScript (budget 100 KB). Pages load
 * lazily, one chunk per route, each with its own loading and error boundary (lazy-route.tsx), so
 * the landing page ships only the shell and itself. Protected routes sit under RequireAuth.
 */

// Marketing (docs/product.md §14): features/marketing. The pages make no API call, so they skip the
// query cache (see lazyRoute); the community page's contact form, loaded on demand, brings its own.
const LandingPage = lazyRoute(
  () => import('../features/marketing/pages/landing-page').then((m) => m.LandingPage),
  { query: false },
);
const FeaturesPage = lazyRoute(
  () => import('../features/marketing/pages/features-page').then((m) => m.FeaturesPage),
  { query: false },
);
const CommunityPage = lazyRoute(
  () => import('../features/marketing/pages/community-page').then((m) => m.CommunityPage),
  { query: false },
);
const GroupsPage = lazyRoute(
  () => import('../features/marketing/pages/groups-page').then((m) => m.GroupsPage),
  { query: false },
);

/**
 * The public pages the build prerenders to HTML (prerender.tsx, vite/prerender.mjs), which the
 * server sends for exactly these paths. main.tsx hydrates that HTML once the page's chunk is in.
 */
export const PRERENDERED_ROUTES: ReadonlyMap<string, { preload: () => Promise<unknown> }> = new Map(
  [
    ['/', LandingPage],
    ['/features', FeaturesPage],
    ['/community', CommunityPage],
    ['/groups', GroupsPage],
  ],
);

// Any other path: a redirect, or a not-found page (unknown-route.tsx).
const UnknownRoute = lazyRoute(() => import('./unknown-route').then((m) => m.UnknownRoute), {
  query: false,
});

// Accounts: features/auth, with the invitation an invitee arrived from (invited-auth-pages.tsx).
const LoginPage = lazyRoute(() => import('./invited-auth-pages').then((m) => m.InvitedLoginPage));
const RegisterPage = lazyRoute(() =>
  import('./invited-auth-pages').then((m) => m.InvitedRegisterPage),
);
const ForgotPasswordPage = lazyRoute(() =>
  import('../features/auth/pages/forgot-password-page').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = lazyRoute(() =>
  import('../features/auth/pages/reset-password-page').then((m) => m.ResetPasswordPage),
);
const VerifyEmailPage = lazyRoute(() =>
  import('../features/auth/pages/verify-email-page').then((m) => m.VerifyEmailPage),
);

const DashboardPage = lazyRoute(() =>
  import('../features/dashboard/pages/dashboard-page').then((m) => m.DashboardPage),
);

// Study rooms (docs/product.md §5): features/rooms.
const StudyRoomsPage = lazyRoute(() =>
  import('../features/rooms/pages/study-rooms-page').then((m) => m.StudyRoomsPage),
);
// The room page prefetches the call's chunk: Join Video Call then opens the call at once, with
// no loading bar and no Suspense reveal delay (the call's set-up time, bench/call-setup.ts).
// Both are composed in app/room/ from the room tools' descriptors (docs/architecture.md, "One room").
const RoomDetailPage = lazyRoute(() => import('./room/room-page').then((m) => m.RoomPage), {
  prefetch: () => [CallPage],
});
const RoomsIndexRedirect = lazyRoute(() =>
  import('../features/rooms/pages/redirects').then((m) => m.RoomsIndexRedirect),
);
const RoomRedirect = lazyRoute(() =>
  import('../features/rooms/pages/redirects').then((m) => m.RoomRedirect),
);

// Study tools: features/tasks, features/resources, features/notes. Tasks and Resources
// need no sign-in (docs/product.md §2.1); they still show the signed-in bar (bar-for-path.ts).
const TasksPage = lazyRoute(() =>
  import('../features/tasks/pages/tasks-page').then((m) => m.TasksPage),
);
const ResourcesPage = lazyRoute(() =>
  import('../features/resources/pages/resources-page').then((m) => m.ResourcesPage),
);

const NotesPage = lazyRoute(() =>
  import('../features/notes/pages/notes-page').then((m) => m.NotesPage),
);

// The live room (docs/product.md §7): features/call, its own chunk (WebRTC, the socket client, the
// chat).
const CallPage = lazyRoute(() => import('./room/call-page').then((m) => m.CallRoute));

// Profile and settings (docs/product.md §13, §3.11): features/profile, features/settings.
const ProfilePage = lazyRoute(() =>
  import('../features/profile/pages/profile-page').then((m) => m.ProfilePage),
);
const SettingsPage = lazyRoute(() =>
  import('../features/settings/pages/settings-page').then((m) => m.SettingsPage),
);

// Invitations (docs/product.md §6).
const InvitationPage = lazyRoute(() =>
  import('../features/invitations/pages/invitation-page').then((m) => m.InvitationPage),
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<LandingPage />} />
        <Route path="features" element={<FeaturesPage />} />
        <Route path="community" element={<CommunityPage />} />
        <Route path="groups" element={<GroupsPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password/:token" element={<ResetPasswordPage />} />
        {/* Public: the mailed link may open where nobody is signed in. */}
        <Route path="verify-email/:token" element={<VerifyEmailPage />} />
        <Route element={<RequireAuth />}>
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="dashboard/rooms" element={<StudyRoomsPage />} />
          <Route path="rooms/room/:roomId" element={<RoomDetailPage />} />
          <Route path="dashboard/notes" element={<NotesPage />} />
          <Route path="notes" element={<NotesPage />} />
          <Route path="rooms/call/room/:roomId" element={<CallPage />} />
          <Route path="rooms/call/:roomId" element={<CallPage />} />
          {/* A call path without a room id: the page sends it to the rooms list. */}
          <Route path="rooms/call/room" element={<CallPage />} />
          <Route path="rooms/call" element={<CallPage />} />
          <Route path="dashboard/profile" element={<ProfilePage />} />
          <Route path="profile" element={<ProfilePage />} />
          {/* Signed in: it changes the password and can delete the account. */}
          <Route path="settings" element={<SettingsPage />} />
        </Route>
        <Route path="tasks" element={<TasksPage />} />
        <Route path="resources" element={<ResourcesPage />} />
        {/* Rooms entry points: /rooms and /rooms/:roomId lead to the list and the room view. */}
        <Route path="rooms" element={<RoomsIndexRedirect />} />
        <Route path="rooms/:roomId" element={<RoomRedirect />} />
        {/* Public; the page itself sends a signed-out visitor to sign in. */}
        <Route path="invite/:token" element={<InvitationPage />} />
        <Route path="*" element={<UnknownRoute />} />
      </Route>
    </Routes>
  );
}
