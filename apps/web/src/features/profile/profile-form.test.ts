import { describe, expect, it } from 'vitest';
import {
  adoptNewer,
  formFromUser,
  isDirty,
  toUpdateInput,
  validateProfileForm,
} from './profile-form';

const base = formFromUser({
  name: 'Meera',
  phone: '1',
  location: 'Pune',
  bio: 'Hi',
  university: 'IIT',
  major: 'Physics',
  yearOfStudy: '2nd Year',
});

describe('the profile form', () => {
  it('reads a user, treating missing fields and unknown years as empty', () => {
    expect(
      formFromUser({ name: 'A', yearOfStudy: '7th Year', phone: 42 as unknown as string }),
    ).toEqual({
      name: 'A',
      phone: '',
      location: '',
      bio: '',
      university: '',
      major: '',
      yearOfStudy: '',
    });
  });

  it('is dirty only when a field differs from the saved profile', () => {
    expect(isDirty(base, { ...base })).toBe(false);
    expect(isDirty({ ...base, bio: 'Hi!' }, base)).toBe(true);
  });

  it('checks the name and bio like the server', () => {
    expect(validateProfileForm({ ...base, name: '  ' })).toEqual({
      field: 'name',
      message: 'Name is required',
    });
    expect(validateProfileForm({ ...base, name: ' M ' })).toEqual({
      field: 'name',
      message: 'Name must be at least 2 characters long',
    });
    expect(validateProfileForm({ ...base, bio: 'x'.repeat(501) })).toEqual({
      field: 'bio',
      message: 'Bio must be at most 500 characters',
    });
    expect(validateProfileForm(base)).toBeNull();
  });

  it('refuses a phone number that is not one, and takes the ways people write one', () => {
    const phoneProblem = {
      field: 'phone',
      message: 'Phone number can only contain digits, spaces, +, - and parentheses',
    };
    for (const phone of ['abc', '12a34', '---', '+1 555 0100 ext. 2'])
      expect(validateProfileForm({ ...base, phone })).toEqual(phoneProblem);
    for (const phone of ['', '  ', '+44 (20) 7946-0958', '9876543210'])
      expect(validateProfileForm({ ...base, phone })).toBeNull();
  });

  it('trims what it sends, but not the bio', () => {
    expect(
      toUpdateInput({ ...base, name: ' Meera ', major: ' Maths ', bio: ' spaced ' }),
    ).toMatchObject({
      name: 'Meera',
      major: 'Maths',
      bio: ' spaced ',
    });
  });

  it('adopts a newer copy but keeps the fields being edited', () => {
    const editing = { ...base, major: 'Chemistry' };
    const newer = { ...base, location: 'Chennai', major: 'Biology' };
    expect(adoptNewer(editing, base, newer)).toEqual({
      ...base,
      location: 'Chennai',
      major: 'Chemistry',
    });
  });
});
