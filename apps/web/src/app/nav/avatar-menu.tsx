import { useNavigate } from 'react-router';
import { ChevronDown, LogOut, Settings, UserRound } from 'lucide-react';
import { Avatar } from '../../ui/avatar';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from '../../ui/menu';
import { useOnlineStatus } from '../../lib/use-online-status';
import { OnlineStatus, StatusDot } from './online-status';

/**
 * The avatar menu: who is signed in, Online or Offline, My Profile, Settings and Sign Out
 * (docs/product.md §2.6).
 */
export function AvatarMenu({
  name,
  email,
  picture,
  onSignOut,
}: {
  name: string;
  email: string;
  picture: string | undefined;
  onSignOut: () => void;
}) {
  const navigate = useNavigate();
  const online = useOnlineStatus();
  return (
    <Menu>
      <MenuTrigger
        aria-label={`Account menu for ${name}`}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=open]:bg-slate-100"
      >
        <span className="relative">
          <Avatar src={picture} name={name} size="sm" decorative />
          <StatusDot
            online={online}
            className="absolute -right-0.5 -bottom-0.5 h-2.5 w-2.5 ring-white"
          />
        </span>
        <span className="hidden max-w-32 truncate text-sm font-medium lg:inline">{name}</span>
        <ChevronDown aria-hidden="true" className="hidden h-4 w-4 text-slate-500 lg:inline" />
      </MenuTrigger>
      <MenuContent portal={false}>
        <MenuLabel>
          <div className="flex items-center gap-3">
            <Avatar src={picture} name={name} size="md" decorative />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-slate-900" title={name}>
                {name}
              </p>
              {email && <p className="truncate text-xs text-slate-500">{email}</p>}
              <OnlineStatus />
            </div>
          </div>
        </MenuLabel>
        <MenuSeparator />
        <MenuItem onSelect={() => navigate('/dashboard/profile')}>
          <UserRound aria-hidden="true" className="h-4 w-4" />
          My Profile
        </MenuItem>
        <MenuItem onSelect={() => navigate('/settings')}>
          <Settings aria-hidden="true" className="h-4 w-4" />
          Settings
        </MenuItem>
        <MenuSeparator />
        <MenuItem
          onSelect={onSignOut}
          className="text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800"
        >
          <LogOut aria-hidden="true" className="h-4 w-4" />
          Sign Out
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
