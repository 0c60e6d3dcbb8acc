import { BookOpen, CheckSquare, FolderOpen, LayoutDashboard, Users } from 'lucide-react';

/** The signed-in bar's destinations (docs/product.md §2.6). */
export const APP_NAV_ITEMS = [
  { to: '/dashboard', label: 'Dashboard', Icon: LayoutDashboard, end: true },
  { to: '/dashboard/rooms', label: 'Rooms', Icon: Users, end: false },
  { to: '/dashboard/notes', label: 'Notes', Icon: BookOpen, end: false },
  { to: '/tasks', label: 'Tasks', Icon: CheckSquare, end: false },
  { to: '/resources', label: 'Resources', Icon: FolderOpen, end: false },
] as const;
