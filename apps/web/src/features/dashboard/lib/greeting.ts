/** The dashboard's time zone (docs/product.md §4). */
export const DASHBOARD_TIME_ZONE = 'Asia/Kolkata';

/** The hour (0-23) at `date` in `timeZone` (the dashboard's unless told). */
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

/** The time alone in `timeZone`, with the zone's short name, e.g. "5:17 am EST". */
export function formatTimeIn(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(date);
}

/**
 * What the greeting banner shows at `now` for a student whose own zone is `localZone`
 * (docs/product.md §4.1): the greeting and its icon by the student's own hour (a student in
 * Toronto at 05:17 is greeted "Good Morning"), the date and time in Asia/Kolkata as before, and
 * the student's own time beside it only when the two clocks read differently.
 */
export function greetingBanner(now: Date, localZone: string) {
  const localHour = hourInTimeZone(now, localZone);
  // Zones whose clocks read alike (Asia/Calcutta, Asia/Colombo) need no second time.
  const clock = (timeZone: string) =>
    new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone }).format(now);
  const sameClock = clock(localZone) === clock(DASHBOARD_TIME_ZONE);
  return {
    greeting: greetingForHour(localHour),
    band: timeOfDayForHour(localHour),
    dashboardTime: formatDashboardDate(now),
    localTime: sameClock ? null : formatTimeIn(now, localZone),
  };
}
