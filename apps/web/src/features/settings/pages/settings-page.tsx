import { CallShortcutsSection } from '../components/call-shortcuts-section';
import { CallSoundsSection } from '../components/call-sounds-section';
import { ChangePasswordSection } from '../components/change-password-section';
import { DeleteAccountSection } from '../components/delete-account-section';
import { DevicesSection } from '../components/devices-section';
import { ReminderMailSection } from '../components/reminder-mail-section';
import { RemindersSection } from '../components/reminders-section';
import { SignedInDevicesSection } from '../components/signed-in-devices-section';
import { ThemeSection } from '../components/theme-section';
import { pageClasses } from '../../../ui/page-width';

/**
 * Settings (/settings, from the avatar menu): the theme, the devices calls start with, the call's
 * keyboard shortcuts, reminder notifications, the daily task mail, the password, the signed-in
 * devices, and deleting the account.
 */
export function SettingsPage() {
  return (
    <div className={pageClasses('narrow', 'space-y-6')}>
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Settings</h1>
        <p className="mt-1 text-sm text-slate-600">Make StudyCircle work the way you study.</p>
      </div>
      <ThemeSection />
      <DevicesSection />
      <CallShortcutsSection />
      <CallSoundsSection />
      <RemindersSection />
      <ReminderMailSection />
      <ChangePasswordSection />
      <SignedInDevicesSection />
      <DeleteAccountSection />
    </div>
  );
}
