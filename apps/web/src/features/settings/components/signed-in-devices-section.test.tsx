import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { DeviceSession } from '@studycircle/shared';
import { mockApi, renderRoutes } from '../../../test/render';
import { sampleUser } from '../../../test/fixtures';
import { SignedInDevicesSection } from './signed-in-devices-section';

const now = Date.now();
const iso = (msAgo: number) => new Date(now - msAgo).toISOString();

const laptop: DeviceSession = {
  id: 'a'.repeat(24),
  device: 'Chrome on Linux',
  browser: 'Chrome',
  system: 'Linux',
  deviceType: 'desktop',
  signedInAt: iso(3 * 24 * 3600_000),
  lastSeenAt: iso(60_000),
  current: true,
};
const phone: DeviceSession = {
  id: 'b'.repeat(24),
  device: 'Safari on iPhone',
  browser: 'Safari',
  system: 'iOS',
  deviceType: 'phone',
  signedInAt: iso(5 * 24 * 3600_000),
  lastSeenAt: iso(2 * 3600_000),
  current: false,
};

function renderSection(sessions: DeviceSession[]) {
  localStorage.setItem('token', 'tok');
  mockApi({
    'GET /api/auth/profile': { body: { user: sampleUser } },
    'GET /api/auth/sessions': { body: { sessions } },
  });
  renderRoutes([{ path: '/', element: <SignedInDevicesSection /> }]);
}

describe('SignedInDevicesSection (docs/decisions/0055-devices-you-can-tell-apart.md)', () => {
  it('tells two browsers apart: browser, system, kind of device, last active, this device', async () => {
    renderSection([laptop, phone]);
    const rows = await screen.findAllByTestId('device-session');
    expect(rows).toHaveLength(2);

    const [here, there] = rows as [HTMLElement, HTMLElement];
    expect(here).toHaveTextContent('Chrome on Linux');
    expect(here).toHaveTextContent('This device');
    expect(here).toHaveTextContent('Desktop · Chrome · Linux');
    expect(here).toHaveTextContent('Active now');
    expect(within(here).queryByRole('button', { name: /Sign out/ })).toBeNull();

    expect(there).toHaveTextContent('Safari on iPhone');
    expect(there).not.toHaveTextContent('This device');
    expect(there).toHaveTextContent('Phone · Safari · iOS');
    expect(there).toHaveTextContent('Last active 2 hours ago');
    expect(within(there).getByRole('button', { name: /^Sign out Safari on iPhone/ })).toBeVisible();
  });

  it('tells two sign-ins from the same browser apart by when they signed in', async () => {
    const second: DeviceSession = {
      ...laptop,
      id: 'c'.repeat(24),
      signedInAt: iso(3 * 24 * 3600_000 + 2 * 3600_000),
      current: false,
    };
    renderSection([laptop, second]);
    const rows = await screen.findAllByTestId('device-session');
    const signedIn = rows.map((row) => /Signed in [^·]+/.exec(row.textContent ?? '')?.[0]);
    expect(signedIn[0]).not.toBe(signedIn[1]);
  });
});
