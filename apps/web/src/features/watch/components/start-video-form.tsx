import { useId, useRef, useState, type FormEvent } from 'react';
import { Film } from 'lucide-react';
import { VideoUrlSchema } from '@studycircle/shared';
import { Spinner } from '../../../ui/spinner';
import { cn } from '../../../ui/cn';
import { probeVideo } from '../lib/probe-video';
import { toneClasses, type WatchTone } from './tone';

/**
 * The link box that starts a video for the whole room. The link is checked twice before anyone
 * else sees it: by the shared rule (an http(s) link to an MP4 or WebM file), then by this
 * browser loading its metadata, so a page or a broken link gets a clear message here instead of
 * a stuck player on everyone's screen.
 */
export function StartVideoForm({
  tone,
  onStart,
}: {
  tone: WatchTone;
  /** Sends the start to the room; resolves true once the server stored it. */
  onStart(src: string): Promise<boolean>;
}) {
  const t = toneClasses(tone);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (checking) return;
    const parsed = VideoUrlSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      input.current?.focus();
      return;
    }
    setError(null);
    setChecking(true);
    try {
      await probeVideo(parsed.data);
    } catch (err) {
      setChecking(false);
      setError(err instanceof Error ? err.message : String(err));
      input.current?.focus();
      return;
    }
    const started = await onStart(parsed.data);
    setChecking(false);
    if (started) setValue('');
  };

  return (
    <form
      noValidate
      aria-label="Start a video"
      onSubmit={(event) => void submit(event)}
      className="space-y-2"
    >
      <label htmlFor={`${id}-link`} className={cn('block text-sm font-medium', t.label)}>
        Video link
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id={`${id}-link`}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.org/lecture.mp4"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className={t.input}
        />
        <button type="submit" className={t.primary} aria-busy={checking || undefined}>
          {checking ? <Spinner size="sm" /> : <Film aria-hidden="true" className="h-4 w-4" />}
          {checking ? 'Checking the link…' : 'Start video'}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className={cn('text-sm', t.error)}>
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className={cn('text-xs', t.muted)}>
          A link to an MP4 or WebM file. Everyone in the room watches it with you; play, pause, seek
          and speed follow whoever acts.
        </p>
      )}
    </form>
  );
}
