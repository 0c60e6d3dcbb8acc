import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REMINDER_PREFERENCES,
  parseReminderPreferences,
  readReminderPreferences,
  saveReminderPreferences,
} from './reminder-preferences';

describe('reminder preferences', () => {
  it('reads corrupt or partial values field by field as the defaults', () => {
    for (const raw of [null, '', '{', '[]', '"on"', 'null']) {
      expect(parseReminderPreferences(raw)).toEqual(DEFAULT_REMINDER_PREFERENCES);
    }
    expect(parseReminderPreferences('{"notify":"yes","remindDaysBefore":7}')).toEqual({
      notify: false,
      remindDaysBefore: 0,
    });
    expect(parseReminderPreferences('{"notify":true,"remindDaysBefore":1}')).toEqual({
      notify: true,
      remindDaysBefore: 1,
    });
  });

  it('saves one field without losing the other', () => {
    saveReminderPreferences({ notify: true });
    saveReminderPreferences({ remindDaysBefore: 1 });
    expect(readReminderPreferences()).toEqual({ notify: true, remindDaysBefore: 1 });
  });
});
