/** The video call screen (its page is loaded lazily by app/router.tsx). */
export { CallPage } from './pages/call-page';
