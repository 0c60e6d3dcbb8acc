import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ReminderMailSettingsResponseSchema,
  type ReminderMailSettings,
  type ReminderMailSettingsInput,
} from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';
import { rememberStudentTimeZone } from '../../../lib/student-day';

/** The daily task mail's opt-in (docs/decisions/0025-daily-reminder-mail.md). */
export const reminderMailQueryKey = ['me', 'reminder-mail'] as const;

/**
 * The saved zone also decides the student's day on the dashboard, the board and the bell, so each
 * answer is remembered in this browser for them (lib/student-day.ts, docs/decisions/0062).
 */
function remembered(body: unknown): ReminderMailSettings {
  const settings = ReminderMailSettingsResponseSchema.parse(body).settings;
  rememberStudentTimeZone(settings.timeZone);
  return settings;
}

/** GET /api/me/reminder-mail: off, with no zone, until first saved. */
export async function fetchReminderMail(): Promise<ReminderMailSettings> {
  return remembered(await apiRequest<unknown>('/me/reminder-mail'));
}

export function useReminderMail() {
  return useQuery({ queryKey: reminderMailQueryKey, queryFn: fetchReminderMail });
}

/** PUT /api/me/reminder-mail: the opt-in and the zone its days are counted in, saved together. */
export async function saveReminderMail(
  input: ReminderMailSettingsInput,
): Promise<ReminderMailSettings> {
  return remembered(await apiRequest<unknown>('/me/reminder-mail', { method: 'PUT', body: input }));
}

export function useSaveReminderMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReminderMail,
    onSuccess: (settings) => queryClient.setQueryData(reminderMailQueryKey, settings),
  });
}
