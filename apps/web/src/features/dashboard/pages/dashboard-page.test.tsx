import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { STUDENT_TIME_ZONE_KEY } from '../../../lib/student-day';
import { mockApi, renderPage } from '../../../test/render';
import { TASKS_KEY } from '../../tasks';
import { DashboardPage } from './dashboard-page';

// 23:00 on 28 November 2026 in Toronto (EST, UTC-5): already the 29th in UTC and 09:30 on the
// 29th in Kolkata.
const TORONTO_23H = new Date('2026-11-29T04:00:00Z');

const task = (id: string, title: string, due: string) => ({
  id,
  title,
  due,
  priority: 'medium',
  status: 'open',
  completed: false,
  createdAt: 1_000,
});

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ now: TORONTO_23H, toFake: ['Date'] });
  mockApi({});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the dashboard's task timeline in the student's own zone (decision 0062)", () => {
  it('shows a task due today in Toronto at 23:00 local as upcoming, not overdue', async () => {
    localStorage.setItem(STUDENT_TIME_ZONE_KEY, 'America/Toronto');
    localStorage.setItem(
      TASKS_KEY,
      JSON.stringify([
        task('1', 'Essay due tonight', '2026-11-28'),
        task('2', 'Lab from yesterday', '2026-11-27'),
      ]),
    );
    renderPage(<DashboardPage />, { url: '/dashboard' });

    const timeline = await screen.findByRole('region', { name: /Task Timeline/ });
    const row = (title: string) => within(timeline).getByText(title).closest('li')!;
    expect(within(row('Essay due tonight')).getByText('Upcoming')).toBeVisible();
    expect(within(row('Essay due tonight')).queryByText('Overdue')).toBeNull();
    expect(within(row('Lab from yesterday')).getByText('Overdue')).toBeVisible();
    // The printed date and clock keep Kolkata (the 29th there); the student's own time is beside it.
    expect(screen.getByText(/29 November 2026|November 29, 2026/)).toBeVisible();
    expect(screen.getByTestId('local-time')).toHaveTextContent(/11:00\s?pm/i);
  });
});
