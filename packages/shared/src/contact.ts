import { z } from 'zod';
import { LIMITS } from './constants.js';
import { EMAIL_PATTERN, firstFailure, isBlank, type Rule } from './rules.js';

/**
 * The community page's contact form (docs/product.md §14.6): its fields, its rules in the
 * product's order, the sentences it shows, and the schema `POST /api/contact` validates with.
 */

export const CONTACT_PRIORITIES = ['low', 'medium', 'high'] as const;
export type ContactPriority = (typeof CONTACT_PRIORITIES)[number];
export const DEFAULT_CONTACT_PRIORITY: ContactPriority = 'medium';

/**
 * Upper bounds (docs/product.md §14.6, rule 4): generous for people, small enough to keep rows and
 * mail sane.
 */
export const CONTACT_LIMITS = {
  nameMax: LIMITS.nameMax,
  emailMax: LIMITS.emailMax,
  subjectMax: 150,
  messageMax: 5000,
} as const;

export const CONTACT_MESSAGES = {
  required: 'Please fill all required fields.',
  invalidEmail: 'Please enter a valid email address.',
  success: "Message sent successfully! We'll get back to you soon.",
  nameTooLong: `Name must be at most ${CONTACT_LIMITS.nameMax} characters long.`,
  emailTooLong: `Email must be at most ${CONTACT_LIMITS.emailMax} characters long.`,
  subjectTooLong: `Subject must be at most ${CONTACT_LIMITS.subjectMax} characters long.`,
  messageTooLong: `Message must be at most ${CONTACT_LIMITS.messageMax} characters long.`,
  invalidPriority: `Priority must be one of: ${CONTACT_PRIORITIES.join(', ')}.`,
  rateLimited: 'You have sent several messages in a short time.',
} as const;

/** The failure sentence, naming the address people can write to instead (CONTACT_EMAIL). */
export function contactFailureMessage(email: string): string {
  return `Failed to send message. Please try again or contact us directly at ${email}`;
}

export interface ContactFields {
  name: string;
  email: string;
  priority: string;
  subject: string;
  message: string;
}

/** The contact rules in order: every required field first, then the address, then the limits. */
export const CONTACT_RULES: readonly Rule<ContactFields>[] = [
  [
    (v) => isBlank(v.name) || isBlank(v.email) || isBlank(v.subject) || isBlank(v.message),
    CONTACT_MESSAGES.required,
  ],
  [(v) => !EMAIL_PATTERN.test(v.email.trim()), CONTACT_MESSAGES.invalidEmail],
  [
    (v) => !(CONTACT_PRIORITIES as readonly string[]).includes(v.priority),
    CONTACT_MESSAGES.invalidPriority,
  ],
  [(v) => v.name.trim().length > CONTACT_LIMITS.nameMax, CONTACT_MESSAGES.nameTooLong],
  [(v) => v.email.trim().length > CONTACT_LIMITS.emailMax, CONTACT_MESSAGES.emailTooLong],
  [(v) => v.subject.trim().length > CONTACT_LIMITS.subjectMax, CONTACT_MESSAGES.subjectTooLong],
  [(v) => v.message.trim().length > CONTACT_LIMITS.messageMax, CONTACT_MESSAGES.messageTooLong],
];

/** The first failing contact rule's message, or null when the form may be sent. */
export const validateContact = (v: ContactFields) => firstFailure(CONTACT_RULES, v);

// A field of the wrong type (or missing) reads as "not filled in", the first message of
// docs/product.md §14.6.
const text = z.string({ error: CONTACT_MESSAGES.required });

/**
 * The body of `POST /api/contact`. Priority may be left out (it defaults to medium); text fields
 * come back trimmed. Unknown fields are refused so that typos do not pass silently.
 */
export const ContactInputSchema = z
  .strictObject({
    name: text,
    email: text,
    subject: text,
    message: text,
    // Last, so a missing required field is reported before a malformed priority.
    priority: z
      .string({ error: CONTACT_MESSAGES.invalidPriority })
      .optional()
      .transform((p) => p ?? DEFAULT_CONTACT_PRIORITY),
  })
  .superRefine((value, ctx) => {
    const message = validateContact(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((v) => ({
    name: v.name.trim(),
    email: v.email.trim(),
    priority: v.priority as ContactPriority,
    subject: v.subject.trim(),
    message: v.message.trim(),
  }));
export type ContactInput = z.infer<typeof ContactInputSchema>;

/** What a successful `POST /api/contact` answers (status 201). */
export const ContactResponseSchema = z.object({ ok: z.literal(true) });
export type ContactResponse = z.infer<typeof ContactResponseSchema>;
