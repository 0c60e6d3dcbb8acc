import { Bell, BellOff } from 'lucide-react';
import { Popover } from '../../ui/popover';

/**
 * The bell in the signed-in bar. The product has no notification source yet, so it says so
 * plainly rather than inventing items.
 */
export function NotificationsButton() {
  return (
    <Popover label="Notifications" trigger={<Bell aria-hidden="true" className="h-5 w-5" />}>
      <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
      <div className="mt-3 flex flex-col items-center gap-2 py-4 text-center">
        <BellOff aria-hidden="true" className="h-8 w-8 text-slate-300" />
        <p className="text-sm font-medium text-slate-700">No notifications yet</p>
        <p className="text-xs text-slate-500">Room invitations and reminders will show up here.</p>
      </div>
    </Popover>
  );
}
