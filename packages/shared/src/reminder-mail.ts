import { z } from 'zod';

/**
 * The daily reminder mail (docs/decisions/0025-daily-reminder-mail.md): a signed-in
 * student with a verified address may opt in, in Settings, to one e-mail a day listing their open
 * tasks due today and tomorrow, counted in the time zone saved with the opt-in.
 *
 * `GET /api/me/reminder-mail` answers the settings; `PUT` replaces them with
 * `ReminderMailSettingsInputSchema`. Turning the mail on needs a verified address (403
 * `EMAIL_NOT_VERIFIED`); turning it off never does.
 */

/** The local hour (0-23) from which each day's mail goes out in the student's own time zone. */
export const REMINDER_MAIL_HOUR = 7;

export const REMINDER_MAIL_MESSAGES = {
  badTimeZone: 'Choose a time zone by its IANA name, such as Europe/London or Asia/Kolkata.',
  needsVerifiedEmail:
    'Verify your email address to get the daily task mail. Use the link we sent you, or resend it from the banner.',
} as const;

/**
 * True when `name` is an IANA time zone name that `Intl` knows (in any letter case). Offsets such
 * as `+05:30`, which newer engines also accept, are refused: a zone name follows daylight saving,
 * a fixed offset does not.
 */
export function isTimeZoneName(name: string): boolean {
  if (name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * An IANA time zone name, kept as given (`Asia/Kolkata` stays itself although some engines call
 * it `Asia/Calcutta`), so the Settings list shows the zone the student picked.
 */
export const TimeZoneSchema = z
  .string({ error: REMINDER_MAIL_MESSAGES.badTimeZone })
  .trim()
  .refine(isTimeZoneName, REMINDER_MAIL_MESSAGES.badTimeZone);

export const ReminderMailSettingsInputSchema = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    timeZone: TimeZoneSchema,
  })
  .strict();
export type ReminderMailSettingsInput = z.input<typeof ReminderMailSettingsInputSchema>;

/** What GET and PUT answer. `timeZone` is null until the student first saves the settings. */
export const ReminderMailSettingsSchema = z.object({
  enabled: z.boolean(),
  timeZone: z.string().nullable(),
});
export type ReminderMailSettings = z.infer<typeof ReminderMailSettingsSchema>;

export const ReminderMailSettingsResponseSchema = z.object({
  settings: ReminderMailSettingsSchema,
});
export type ReminderMailSettingsResponse = z.infer<typeof ReminderMailSettingsResponseSchema>;
