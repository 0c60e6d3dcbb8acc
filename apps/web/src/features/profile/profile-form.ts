import {
  LIMITS,
  MESSAGES,
  PROFILE_MESSAGES,
  isPhoneNumber,
  YEAR_OF_STUDY_OPTIONS,
  type UpdateProfileInput,
} from '@studycircle/shared';
import type { AuthUser } from '../auth';

/** The Profile Information form (docs/product.md §13.1, §13.3): what the person can edit. */
export interface ProfileForm {
  name: string;
  phone: string;
  location: string;
  bio: string;
  university: string;
  major: string;
  yearOfStudy: string;
}

export const PROFILE_FIELDS = [
  'name',
  'phone',
  'location',
  'bio',
  'university',
  'major',
  'yearOfStudy',
] as const satisfies readonly (keyof ProfileForm)[];

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The form's values for a user record; an unknown year of study reads as not chosen. */
export function formFromUser(user: AuthUser | null): ProfileForm {
  const year = text(user?.yearOfStudy);
  return {
    name: text(user?.name),
    phone: text(user?.phone),
    location: text(user?.location),
    bio: text(user?.bio),
    university: text(user?.university),
    major: text(user?.major),
    yearOfStudy: (YEAR_OF_STUDY_OPTIONS as readonly string[]).includes(year) ? year : '',
  };
}

/**
 * True when any field differs from the saved profile (docs/product.md §13.3: Save Changes enabled).
 */
export function isDirty(form: ProfileForm, saved: ProfileForm): boolean {
  return PROFILE_FIELDS.some((field) => form[field] !== saved[field]);
}

/** A rule the form breaks, and the field it is about (which shows the message). */
export interface ProfileProblem {
  field: 'name' | 'phone' | 'bio';
  message: string;
}

/**
 * The first rule the form breaks, or null: a name of 2 characters or more, a phone number of
 * digits, spaces, +, - and parentheses (the server's rule too), a bio of 500 at most.
 */
export function validateProfileForm(form: ProfileForm): ProfileProblem | null {
  const name = form.name.trim();
  if (!name) return { field: 'name', message: MESSAGES.nameRequired };
  if (name.length < LIMITS.nameMin) return { field: 'name', message: MESSAGES.nameMin2 };
  if (!isPhoneNumber(form.phone)) return { field: 'phone', message: PROFILE_MESSAGES.phoneInvalid };
  if (form.bio.length > LIMITS.bioMax)
    return { field: 'bio', message: `Bio must be at most ${LIMITS.bioMax} characters` };
  return null;
}

/** The PATCH body for the form: trimmed text, the bio as typed. */
export function toUpdateInput(form: ProfileForm): UpdateProfileInput {
  return {
    name: form.name.trim(),
    phone: form.phone.trim(),
    location: form.location.trim(),
    bio: form.bio,
    university: form.university.trim(),
    major: form.major.trim(),
    yearOfStudy: form.yearOfStudy as UpdateProfileInput['yearOfStudy'],
  };
}

/**
 * Adopts a newer stored profile (docs/product.md §13.3: when the page becomes visible again)
 * without losing what the person is typing: a field they changed keeps their value, every other
 * field takes the newer one.
 */
export function adoptNewer(form: ProfileForm, saved: ProfileForm, newer: ProfileForm): ProfileForm {
  const next = { ...newer };
  for (const field of PROFILE_FIELDS) {
    if (form[field] !== saved[field]) next[field] = form[field];
  }
  return next;
}
