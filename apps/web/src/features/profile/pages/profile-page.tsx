import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { Camera, CalendarDays, UserRound } from 'lucide-react';
import {
  LIMITS,
  PROFILE_MESSAGES,
  YEAR_OF_STUDY_OPTIONS,
  checkAvatarFile,
  PHONE_MAX,
} from '@studycircle/shared';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { cn } from '../../../ui/cn';
import { Field, inputClasses } from '../../../ui/field';
import { pageClasses } from '../../../ui/page-width';
import {
  dispatchUserDataUpdated,
  readCachedUser,
  readSavedProfile,
  storeProfile,
  useAuth,
  type AuthUser,
} from '../../auth';
import { useUpdateProfile } from '../api/update-profile';
import { resizeAvatar } from '../avatar';
import {
  adoptNewer,
  formFromUser,
  isDirty,
  toUpdateInput,
  validateProfileForm,
  type ProfileProblem,
  type ProfileForm,
} from '../profile-form';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** "November 2026" for a join date; null when there is none or it cannot be read. */
export function memberSince(user: AuthUser | null): string | null {
  const raw = user?.joinDate ?? user?.createdAt;
  const time = typeof raw === 'string' ? Date.parse(raw) : NaN;
  if (!Number.isFinite(time)) return null;
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }).format(time);
}

/**
 * The profile page (docs/product.md §13): the avatar, changed with the camera button or by dropping
 * an image, checked, resized to 400 px as a JPEG and applied at once; member since; and the Profile
 * Information form, whose Save Changes is enabled only when something changed and no save runs.
 * Both save on the server (so the profile follows the user to another browser) and then under the
 * local keys of docs/product.md §13.4, announcing the change with 'userDataUpdated' so the navbar
 * shows it at once. A newer copy saved in another tab is adopted when this page becomes visible
 * again.
 */
export function ProfilePage() {
  const { user: authUser } = useAuth();
  const [initial] = useState(() => {
    const stored = readSavedProfile();
    // The auth provider's user is the server's profile merged with the cache; a copy saved
    // locally since (userAvatar, userProfile) wins where it has a value.
    const user: AuthUser = { ...(authUser ?? {}), ...(stored.user ?? {}) };
    return { user, savedAt: stored.savedAt };
  });
  const [user, setUser] = useState<AuthUser>(initial.user);
  const [saved, setSaved] = useState<ProfileForm>(() => formFromUser(initial.user));
  const [form, setForm] = useState<ProfileForm>(saved);
  const [notice, setNotice] = useState<Notice>(null);
  const [formError, setFormError] = useState<ProfileProblem | null>(null);
  const [uploading, setUploading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const savedAtRef = useRef(initial.savedAt);
  const fileRef = useRef<HTMLInputElement>(null);
  const saveProfile = useUpdateProfile();
  const saveAvatar = useUpdateProfile();
  const bioCounterId = useId();
  const yearId = useId();
  const bioId = useId();

  // Keep the latest values for the visibility handler without re-subscribing on every key.
  const latest = useRef({ form, saved });
  latest.current = { form, saved };

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      const stored = readSavedProfile();
      if (!stored.user || stored.savedAt <= savedAtRef.current) return;
      savedAtRef.current = stored.savedAt;
      const newer = formFromUser(stored.user);
      setForm(adoptNewer(latest.current.form, latest.current.saved, newer));
      setSaved(newer);
      setUser((current) => ({ ...current, ...stored.user }));
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  /** Stores a saved profile locally and tells every screen showing the user. */
  const persistLocally = (next: AuthUser) => {
    const savedAt = new Date().toISOString();
    storeProfile(next, savedAt);
    savedAtRef.current = Date.parse(savedAt);
    setUser(next);
    dispatchUserDataUpdated(next);
  };

  const dirty = isDirty(form, saved);
  const set = (field: keyof ProfileForm) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setFormError(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || saveProfile.isPending) return;
    const problem = validateProfileForm(form);
    if (problem) {
      setFormError(problem);
      return;
    }
    setNotice(null);
    try {
      const fromServer = await saveProfile.mutateAsync(toUpdateInput(form));
      const next: AuthUser = { ...(readCachedUser() ?? {}), ...user, ...fromServer };
      persistLocally(next);
      const nextForm = formFromUser(next);
      setSaved(nextForm);
      setForm(nextForm);
      setNotice({ tone: 'success', text: PROFILE_MESSAGES.profileSaved });
    } catch {
      setNotice({ tone: 'error', text: PROFILE_MESSAGES.profileFailed });
    }
  };

  const onFile = async (file: File | undefined) => {
    if (!file || uploading) return;
    const problem = checkAvatarFile(file);
    if (problem) {
      setNotice({ tone: 'error', text: problem });
      return;
    }
    setUploading(true);
    setNotice(null);
    try {
      let profilePic: string;
      try {
        profilePic = await resizeAvatar(file);
      } catch {
        // Declared as an image but not decodable as one.
        setNotice({ tone: 'error', text: PROFILE_MESSAGES.invalidImage });
        return;
      }
      try {
        const fromServer = await saveAvatar.mutateAsync({ profilePic });
        persistLocally({ ...(readCachedUser() ?? {}), ...user, ...fromServer, profilePic });
        setNotice({ tone: 'success', text: PROFILE_MESSAGES.avatarSaved });
      } catch {
        setNotice({ tone: 'error', text: PROFILE_MESSAGES.avatarFailed });
      }
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void onFile(event.dataTransfer.files[0]);
  };

  const since = memberSince(user);
  const picture = typeof user.profilePic === 'string' ? user.profilePic : '';
  const email = typeof user.email === 'string' ? user.email : '';

  return (
    <div className={pageClasses('medium')}>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">My Profile</h1>
      <p className="mt-1 text-sm text-slate-600">
        Your picture and details, shown to the people you study with.
      </p>

      {notice && (
        <Alert tone={notice.tone} className="mt-6">
          {notice.text}
        </Alert>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <Card className="flex min-w-0 flex-col items-center text-center">
          <div
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-testid="avatar-drop-zone"
            className={cn(
              'flex w-full flex-col items-center rounded-2xl border-2 border-dashed p-4 transition-colors',
              dragging ? 'border-brand-500 bg-brand-50' : 'border-transparent',
            )}
          >
            <div className="relative">
              <ProfilePicture src={picture} name={form.name || 'Your profile picture'} />
              <button
                type="button"
                onClick={() => fileRef.current?.click()}
                disabled={uploading}
                aria-label="Change profile picture"
                className="absolute right-1 bottom-1 inline-flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 text-white shadow-md ring-4 ring-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
              >
                <Camera aria-hidden="true" className="h-5 w-5" />
              </button>
              <input
                ref={fileRef}
                type="file"
                accept="image/*"
                className="sr-only"
                tabIndex={-1}
                aria-hidden="true"
                onChange={(event) => void onFile(event.target.files?.[0])}
              />
            </div>
            <p className="mt-3 text-xs text-slate-600" aria-live="polite">
              {uploading
                ? 'Uploading your picture…'
                : 'Drop an image here or use the camera button. Up to 10 MB.'}
            </p>
          </div>
          <p className="mt-2 w-full truncate text-lg font-semibold text-slate-900">
            {saved.name || 'Student'}
          </p>
          {email && <p className="w-full truncate text-sm text-slate-600">{email}</p>}
          {since && (
            <p className="mt-3 inline-flex items-center gap-1.5 text-sm text-slate-600">
              <CalendarDays aria-hidden="true" className="h-4 w-4" />
              Member since {since}
            </p>
          )}
        </Card>

        <Card className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900">Profile Information</h2>
          <form className="mt-4 space-y-4" onSubmit={onSubmit} noValidate>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Full Name"
                value={form.name}
                onChange={(e) => set('name')(e.target.value)}
                autoComplete="name"
                maxLength={LIMITS.nameMax}
                error={formError?.field === 'name' ? formError.message : undefined}
                required
              />
              <Field
                label="Email"
                value={email}
                readOnly
                hint="Your sign-in address; it cannot be changed here."
                autoComplete="email"
              />
              <Field
                label="Phone"
                type="tel"
                value={form.phone}
                onChange={(e) => set('phone')(e.target.value)}
                autoComplete="tel"
                maxLength={PHONE_MAX}
                error={formError?.field === 'phone' ? formError.message : undefined}
              />
              <Field
                label="Location"
                value={form.location}
                onChange={(e) => set('location')(e.target.value)}
                autoComplete="address-level2"
                maxLength={LIMITS.profileFieldMax}
              />
              <Field
                label="University"
                value={form.university}
                onChange={(e) => set('university')(e.target.value)}
                autoComplete="organization"
                maxLength={LIMITS.profileFieldMax}
              />
              <Field
                label="Major"
                value={form.major}
                onChange={(e) => set('major')(e.target.value)}
                maxLength={LIMITS.profileFieldMax}
              />
              <div className="space-y-1.5 sm:col-span-2">
                <label htmlFor={yearId} className="block text-sm font-medium text-slate-700">
                  Year of Study
                </label>
                <select
                  id={yearId}
                  value={form.yearOfStudy}
                  onChange={(e) => set('yearOfStudy')(e.target.value)}
                  className={inputClasses}
                >
                  <option value="">Select your year</option>
                  {YEAR_OF_STUDY_OPTIONS.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </select>
              </div>
              <div className="space-y-1.5 sm:col-span-2">
                <div className="flex items-baseline justify-between gap-2">
                  <label htmlFor={bioId} className="block text-sm font-medium text-slate-700">
                    Bio
                  </label>
                  <span id={bioCounterId} className="text-xs text-slate-600">
                    {form.bio.length}/{LIMITS.bioMax}
                  </span>
                </div>
                <textarea
                  id={bioId}
                  value={form.bio}
                  onChange={(e) => set('bio')(e.target.value.slice(0, LIMITS.bioMax))}
                  maxLength={LIMITS.bioMax}
                  rows={4}
                  aria-describedby={bioCounterId}
                  placeholder="Tell others what you study and how you like to learn"
                  className={cn(inputClasses, 'resize-y break-words')}
                />
              </div>
            </div>
            <div className="flex flex-wrap items-center justify-end gap-3">
              {dirty && !saveProfile.isPending && (
                <span className="text-sm text-slate-600">You have unsaved changes.</span>
              )}
              <Button
                type="submit"
                disabled={!dirty || saveProfile.isPending}
                loading={saveProfile.isPending}
              >
                Save Changes
              </Button>
            </div>
          </form>
        </Card>
      </div>
    </div>
  );
}

/**
 * The large picture: a failing image is cleared and the default icon shows instead
 * (docs/product.md §13.2, §16.4).
 */
function ProfilePicture({ src, name }: { src: string; name: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const show = src !== '' && failed !== src;
  return (
    <span className="inline-flex h-32 w-32 items-center justify-center overflow-hidden rounded-full bg-brand-100 text-brand-700">
      {show ? (
        <img
          src={src}
          alt={name}
          className="h-full w-full object-cover"
          onError={() => setFailed(src)}
        />
      ) : (
        <UserRound role="img" aria-label={name} className="h-16 w-16" />
      )}
    </span>
  );
}
