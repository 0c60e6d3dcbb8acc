/**
 * The video call screen (its page is loaded lazily by app/router.tsx), the device list the
 * Settings page offers for calls, the room page's optional device check before joining, and a
 * member's picture for Manage Room: only this feature's webrtc/ layer touches media devices.
 */
export { CallPage } from './pages/call-page';
export { DeviceCheckDialog, type DeviceCheckDialogProps } from './components/device-check-dialog';
export type { CallStart } from './hooks/use-call';
export { useMemberAvatar } from './api/get-member-avatar';
export {
  listMediaDevices,
  mediaDevicesSupported,
  onMediaDevicesChange,
  requestMediaAccess,
  type MediaDeviceLists,
  type MediaDeviceOption,
} from './webrtc/device-list';
