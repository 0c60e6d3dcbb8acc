import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ReminderMailSettingsResponseSchema,
  type ReminderMailSettings,
  type ReminderMailSettingsInput,
} from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';

/** The daily task mail's opt-in (docs/decisions/0025-daily-reminder-mail.md). */
export const reminderMailQueryKey = ['me', 'reminder-mail'] as const;

/** GET /api/me/reminder-mail: off, with no zone, until first saved. */
export async function fetchReminderMail(): Promise<ReminderMailSettings> {
  const body = await apiRequest<unknown>('/me/reminder-mail');
  return ReminderMailSettingsResponseSchema.parse(body).settings;
}

export function useReminderMail() {
  return useQuery({ queryKey: reminderMailQueryKey, queryFn: fetchReminderMail });
}

/** PUT /api/me/reminder-mail: the opt-in and the zone its days are counted in, saved together. */
export async function saveReminderMail(
  input: ReminderMailSettingsInput,
): Promise<ReminderMailSettings> {
  const body = await apiRequest<unknown>('/me/reminder-mail', { method: 'PUT', body: input });
  return ReminderMailSettingsResponseSchema.parse(body).settings;
}

export function useSaveReminderMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReminderMail,
    onSuccess: (settings) => queryClient.setQueryData(reminderMailQueryKey, settings),
  });
}
