/**
 * The video call screen (its page is loaded lazily by app/router.tsx), the device list the
 * Settings page offers for calls and the room page's optional device check before joining (which
 * app/room/ passes in): only this feature's webrtc/ layer touches media devices.
 */
export { CallPage } from './pages/call-page';
export { DeviceCheckDialog, type DeviceCheckDialogProps } from './components/device-check-dialog';
export type { CallStart } from './hooks/use-call';
export type { CallTool, CallToolPanelProps } from './components/call-tools';
export {
  listMediaDevices,
  mediaDevicesSupported,
  onMediaDevicesChange,
  requestMediaAccess,
  type MediaDeviceLists,
  type MediaDeviceOption,
} from './webrtc/device-list';
