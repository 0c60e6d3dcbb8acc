/** The dashboard's time zone (docs/product.md §4). */
export const DASHBOARD_TIME_ZONE = 'Asia/Kolkata';

/** The hour (0-23) at `date` in the dashboard's time zone. */
export function hourInTimeZone(date: Date, timeZone = DASHBOARD_TIME_ZONE): number {
  const hour = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone })
    .formatToParts(date)
    .find((part) => part.type === 'hour')?.value;
  return Number(hour ?? date.getHours()) % 24;
}

export type Greeting = 'Good Morning' | 'Good Afternoon' | 'Good Evening' | 'Good Night';

/**
 * docs/product.md §4.1: Good Morning 5-11, Good Afternoon 12-16, Good Evening 17-20, else Good
 * Night.
 */
export function greetingForHour(hour: number): Greeting {
  if (hour >= 5 && hour <= 11) return 'Good Morning';
  if (hour >= 12 && hour <= 16) return 'Good Afternoon';
  if (hour >= 17 && hour <= 20) return 'Good Evening';
  return 'Good Night';
}

export type TimeOfDay = 'morning' | 'afternoon' | 'evening' | 'night';

/**
 * docs/product.md §4.1: the time-of-day icon switches by hour band 5-12, 12-17, 17-21, otherwise
 * night (each band includes its first hour and excludes its last).
 */
export function timeOfDayForHour(hour: number): TimeOfDay {
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 17) return 'afternoon';
  if (hour >= 17 && hour < 21) return 'evening';
  return 'night';
}

/** The date line under the greeting, e.g. "Monday, 3 March 2025 · 9:41 am IST". */
export function formatDashboardDate(date: Date, timeZone = DASHBOARD_TIME_ZONE): string {
  const day = new Intl.DateTimeFormat('en-IN', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).format(date);
  const time = new Intl.DateTimeFormat('en-IN', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(date);
  return `${day} · ${time}`;
}
