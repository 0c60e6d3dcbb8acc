/**
 * Browser notifications at a phase change, when the student allowed them. Permission is asked
 * only from a click on the timer's own button, never by itself; a browser without notifications
 * (or one that only shows them from a service worker) simply shows none.
 */

export function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.Notification === 'function';
}

export function notificationPermission(): NotificationPermission | 'unsupported' {
  return notificationsSupported() ? window.Notification.permission : 'unsupported';
}

/** Asks for permission; call from a click. Resolves with the answer. */
export async function requestNotifications(): Promise<NotificationPermission | 'unsupported'> {
  if (!notificationsSupported()) return 'unsupported';
  try {
    return await window.Notification.requestPermission();
  } catch {
    return window.Notification.permission;
  }
}

/**
 * One notification per room and phase: its tag makes the system replace, not stack, the one
 * another tab of the same room showed for the same change.
 */
export function showPhaseNotification(title: string, body: string, tag: string): void {
  if (notificationPermission() !== 'granted') return;
  try {
    const notification = new window.Notification(title, { body, tag });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
  } catch {
    // Some mobile browsers refuse page notifications; the chime and the page still tell.
  }
}
