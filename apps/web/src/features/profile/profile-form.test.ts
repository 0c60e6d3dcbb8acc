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
    expect(validateProfileForm({ ...base, name: '  ' })).toBe('Name is required');
    expect(validateProfileForm({ ...base, name: ' M ' })).toBe(
      'Name must be at least 2 characters long',
    );
    expect(validateProfileForm({ ...base, bio: 'x'.repeat(501) })).toBe(
      'Bio must be at most 500 characters',
    );
    expect(validateProfileForm(base)).toBeNull();
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
