/**
 * The video call screen (its page is loaded lazily by app/router.tsx), and the device list the
 * Settings page offers for calls: only this feature's webrtc/ layer touches media devices.
 */
export { CallPage } from './pages/call-page';
export {
  listMediaDevices,
  mediaDevicesSupported,
  onMediaDevicesChange,
  requestMediaAccess,
  type MediaDeviceLists,
  type MediaDeviceOption,
} from './webrtc/device-list';
