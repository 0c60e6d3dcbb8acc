import { describe, expect, it } from 'vitest';
import {
  REMINDER_MAIL_MESSAGES,
  ReminderMailSettingsInputSchema,
  isTimeZoneName,
} from './reminder-mail.js';

describe('the reminder mail settings schema', () => {
  it('takes IANA zone names in any case, and UTC', () => {
    for (const zone of ['Asia/Kolkata', 'America/Toronto', 'europe/london', 'UTC', 'Etc/GMT+5']) {
      expect(isTimeZoneName(zone), zone).toBe(true);
    }
  });

  it('refuses offsets, unknown places and junk with the one sentence', () => {
    for (const timeZone of ['+05:30', 'UTC+5', 'Mars/Olympus_Mons', '', ' ', '../etc', 7]) {
      const result = ReminderMailSettingsInputSchema.safeParse({ enabled: true, timeZone });
      expect(result.success, String(timeZone)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(REMINDER_MAIL_MESSAGES.badTimeZone);
    }
  });

  it('keeps the zone as given, trimmed, and needs both fields and nothing else', () => {
    expect(
      ReminderMailSettingsInputSchema.parse({ enabled: false, timeZone: ' Asia/Kolkata ' }),
    ).toEqual({ enabled: false, timeZone: 'Asia/Kolkata' });
    expect(ReminderMailSettingsInputSchema.safeParse({ timeZone: 'UTC' }).success).toBe(false);
    expect(
      ReminderMailSettingsInputSchema.safeParse({ enabled: true, timeZone: 'UTC', hour: 7 })
        .success,
    ).toBe(false);
  });
});
