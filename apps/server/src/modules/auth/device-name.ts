import type { DeviceType } from '@studycircle/shared';

/**
 * What Settings' list of signed-in devices says about a sign-in (docs/product.md §3.8): browser,
 * system and kind of device, read from the User-Agent kept with the session
 * (docs/decisions/0055-devices-you-can-tell-apart.md). Only a hint for the account's owner, never
 * used to decide anything; capped, since the header is client-chosen.
 */
export interface DeviceDescription {
  /** "Chrome on Linux", "Safari on iPhone": the row's title. */
  label: string;
  browser: string | null;
  system: string | null;
  deviceType: DeviceType | null;
}

/** The most of a User-Agent kept with a session. */
export const USER_AGENT_MAX = 512;

/** The User-Agent as stored with a new session: capped, and '' when there is none. */
export function storedUserAgent(userAgent: string | undefined): string {
  return (userAgent ?? '').slice(0, USER_AGENT_MAX);
}

// Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

// iPhone and iPad before macOS ("like Mac OS X"), Android before Linux.
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPod/, 'iOS'],
  [/iPad/, 'iPadOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const first = (ua: string, table: [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(ua))?.[1] ?? null;

/**
 * Reads a stored User-Agent. Sessions made before it was kept hold their description instead
 * ("Chrome on Linux"): that is shown as it is, with nothing parsed.
 */
export function describeUserAgent(stored: string | undefined): DeviceDescription {
  const ua = (stored ?? '').slice(0, USER_AGENT_MAX);
  // A User-Agent has product/version tokens; the older descriptions never had a "/".
  if (/^\w+ on \w+$/.test(ua)) {
    return { label: ua, browser: null, system: null, deviceType: null };
  }
  const browser = first(ua, BROWSERS);
  const system = first(ua, SYSTEMS);
  const deviceType: DeviceType | null =
    /iPad|Tablet|Silk\//.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua))
      ? 'tablet'
      : /iPhone|iPod|Mobile|Windows Phone/.test(ua)
        ? 'phone'
        : system
          ? 'desktop'
          : null;
  // The title names the phone or tablet itself where the system would say less.
  const where = system === 'iOS' ? 'iPhone' : system === 'iPadOS' ? 'iPad' : system;
  const label =
    browser && where ? `${browser} on ${where}` : (browser ?? where ?? 'Unknown device');
  return { label, browser, system, deviceType };
}
