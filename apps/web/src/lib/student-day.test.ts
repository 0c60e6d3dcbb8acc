import { afterEach, describe, expect, it } from 'vitest';
import {
  STUDENT_TIME_ZONE_KEY,
  browserTimeZone,
  forgetStudentTimeZone,
  rememberStudentTimeZone,
  studentTimeZone,
} from './student-day';

afterEach(() => localStorage.clear());

describe("the zone that decides the student's day", () => {
  it("is the browser's own until Settings answers with a saved zone", () => {
    expect(studentTimeZone()).toBe(browserTimeZone());
    rememberStudentTimeZone('America/Toronto');
    expect(studentTimeZone()).toBe('America/Toronto');
    // No zone saved on the account: the browser's decides again.
    rememberStudentTimeZone(null);
    expect(localStorage.getItem(STUDENT_TIME_ZONE_KEY)).toBeNull();
    expect(studentTimeZone()).toBe(browserTimeZone());
  });

  it('ignores a stored value that is not a zone, and is forgotten at sign-out', () => {
    localStorage.setItem(STUDENT_TIME_ZONE_KEY, 'Mars/Olympus');
    expect(studentTimeZone()).toBe(browserTimeZone());
    rememberStudentTimeZone('Asia/Kolkata');
    forgetStudentTimeZone();
    expect(studentTimeZone()).toBe(browserTimeZone());
  });
});
