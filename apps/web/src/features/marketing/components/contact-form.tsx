import { useState, type ChangeEvent, type FormEvent } from 'react';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  CONTACT_PRIORITIES,
  DEFAULT_CONTACT_PRIORITY,
  contactFailureMessage,
  validateContact,
  type ContactInput,
  type ContactPriority,
} from '@studycircle/shared';
import { HttpError, serverMessage } from '../../../lib/http';
import { queryClient } from '../../../lib/query-client';
import { useHydrated } from '../../../lib/use-hydrated';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { Field, inputClasses } from '../../../ui/field';
import { publicConfigQuery, usePublicConfig } from '../api/get-public-config';
import { useSendContactMessage } from '../api/send-contact-message';

/**
 * The contact form (docs/product.md §14.6): idle, sending (the button reads Sending...),
 * success (form cleared, priority back to medium) or error (naming CONTACT_EMAIL, read from
 * GET /api/config). The shared rules decide what to say, in the product's order.
 */

type Fields = ContactInput;

const EMPTY: Fields = {
  name: '',
  email: '',
  priority: DEFAULT_CONTACT_PRIORITY,
  subject: '',
  message: '',
};

/**
 * Used only if even GET /api/config fails (the network is down): the server's own default for
 * CONTACT_EMAIL, so the failure sentence still names somewhere to write.
 */
const FALLBACK_CONTACT_EMAIL = 'support@studycircle.app';

const PRIORITY_LABELS: Record<ContactPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};

type Outcome =
  | { kind: 'none' }
  | { kind: 'invalid'; message: string }
  | { kind: 'success' }
  | { kind: 'error'; message: string; detail: string | null };

/**
 * The form with the app's shared query cache. The community page is prerendered and loads this
 * form only when the visitor nears it, so the form brings the cache (TanStack Query) along rather
 * than the page loading it up front.
 */
export function ContactForm() {
  return (
    <QueryClientProvider client={queryClient}>
      <ContactFormBody />
    </QueryClientProvider>
  );
}

function ContactFormBody() {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const send = useSendContactMessage();
  const queryClient = useQueryClient();
  // Fetched ahead so that a failure can name the address at once.
  usePublicConfig();

  const sending = send.isPending;
  // Should the form ever arrive in prerendered markup, a submit before React adopts it would be a
  // native GET that puts every field in the address; the button stays disabled until then.
  const hydrated = useHydrated();

  const update =
    (key: keyof Fields) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      setFields((f) => ({ ...f, [key]: event.target.value }));
    };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const problem = validateContact(fields);
    if (problem) {
      setOutcome({ kind: 'invalid', message: problem });
      return;
    }
    setOutcome({ kind: 'none' });
    try {
      await send.mutateAsync(fields);
      setFields(EMPTY);
      setOutcome({ kind: 'success' });
    } catch (err) {
      const email = await queryClient
        .fetchQuery(publicConfigQuery())
        .then((c) => c.contactEmail)
        .catch(() => FALLBACK_CONTACT_EMAIL);
      // A 4xx with a sentence from the server (say, too many messages) explains what to do.
      const detail =
        err instanceof HttpError && err.status >= 500 ? null : (serverMessage(err) ?? null);
      setOutcome({ kind: 'error', message: contactFailureMessage(email), detail });
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title" className="space-y-5">
      <h3 id="contact-form-title" className="text-lg font-semibold text-slate-900">
        Send us a message
      </h3>
      <p className="text-sm text-slate-600">All fields are required except priority.</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Name"
          name="name"
          autoComplete="name"
          required
          maxLength={CONTACT_LIMITS.nameMax}
          value={fields.name}
          onChange={update('name')}
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={CONTACT_LIMITS.emailMax}
          value={fields.email}
          onChange={update('email')}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-[10rem_1fr]">
        <div className="space-y-1.5">
          <label htmlFor="contact-priority" className="block text-sm font-medium text-slate-700">
            Priority
          </label>
          <select
            id="contact-priority"
            name="priority"
            className={inputClasses}
            value={fields.priority}
            onChange={update('priority')}
          >
            {CONTACT_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {PRIORITY_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
        <Field
          label="Subject"
          name="subject"
          required
          maxLength={CONTACT_LIMITS.subjectMax}
          value={fields.subject}
          onChange={update('subject')}
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor="contact-message" className="block text-sm font-medium text-slate-700">
          Message
        </label>
        <textarea
          id="contact-message"
          name="message"
          required
          rows={6}
          maxLength={CONTACT_LIMITS.messageMax}
          className={cn(inputClasses, 'resize-y')}
          value={fields.message}
          onChange={update('message')}
        />
      </div>

      {outcome.kind === 'invalid' && <Alert tone="error">{outcome.message}</Alert>}
      {outcome.kind === 'error' && (
        <Alert tone="error">
          {outcome.detail && <p>{outcome.detail}</p>}
          <p>{outcome.message}</p>
        </Alert>
      )}
      {outcome.kind === 'success' && <Alert tone="success">{CONTACT_MESSAGES.success}</Alert>}

      <Button type="submit" size="lg" disabled={sending || !hydrated} className="w-full sm:w-auto">
        {sending ? (
          'Sending...'
        ) : (
          <>
            <Send aria-hidden="true" className="h-4 w-4" />
            Send Message
          </>
        )}
      </Button>
    </form>
  );
}
