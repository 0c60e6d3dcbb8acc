import { describe, expect, it } from 'vitest';
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  ContactInputSchema,
  contactFailureMessage,
  validateContact,
} from './contact.js';

const valid = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  priority: 'medium',
  subject: 'Question about rooms',
  message: 'How many people can join a study room?',
};

const firstMessage = (input: unknown) => {
  const result = ContactInputSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('contact rules', () => {
  it('accepts a complete form', () => {
    expect(validateContact(valid)).toBeNull();
  });

  it.each(['name', 'email', 'subject', 'message'] as const)(
    'asks for every required field when %s is blank',
    (field) => {
      expect(validateContact({ ...valid, [field]: '   ' })).toBe(CONTACT_MESSAGES.required);
    },
  );

  it('checks required fields before the email shape', () => {
    expect(validateContact({ ...valid, email: 'not-an-email', subject: '' })).toBe(
      'Please fill all required fields.',
    );
  });

  it.each(['plainaddress', 'a@b', 'a b@c.de', '@example.com'])('refuses the email %s', (email) => {
    expect(validateContact({ ...valid, email })).toBe('Please enter a valid email address.');
  });

  it('refuses an unknown priority', () => {
    expect(validateContact({ ...valid, priority: 'urgent' })).toBe(
      CONTACT_MESSAGES.invalidPriority,
    );
  });

  it('caps the subject and the message', () => {
    expect(validateContact({ ...valid, subject: 'x'.repeat(CONTACT_LIMITS.subjectMax + 1) })).toBe(
      CONTACT_MESSAGES.subjectTooLong,
    );
    expect(validateContact({ ...valid, message: 'x'.repeat(CONTACT_LIMITS.messageMax + 1) })).toBe(
      CONTACT_MESSAGES.messageTooLong,
    );
  });
});

describe('ContactInputSchema', () => {
  it('trims text and defaults the priority to medium', () => {
    const { priority: _omitted, ...rest } = valid;
    const parsed = ContactInputSchema.parse({ ...rest, name: '  Asha Rao ', subject: ' Hi ' });
    expect(parsed).toEqual({ ...valid, subject: 'Hi', priority: 'medium' });
  });

  it('keeps a chosen priority', () => {
    expect(ContactInputSchema.parse({ ...valid, priority: 'high' }).priority).toBe('high');
  });

  it('reports a missing or non-text field as a required field', () => {
    const { message: _omitted, ...noMessage } = valid;
    expect(firstMessage(noMessage)).toBe(CONTACT_MESSAGES.required);
    expect(firstMessage({ ...valid, name: 42 })).toBe(CONTACT_MESSAGES.required);
  });

  it('reports a missing field before a malformed priority', () => {
    expect(firstMessage({ ...valid, priority: 3, subject: undefined })).toBe(
      CONTACT_MESSAGES.required,
    );
  });

  it('gives the product sentences for blank fields and a bad address', () => {
    expect(firstMessage({ ...valid, subject: '' })).toBe('Please fill all required fields.');
    expect(firstMessage({ ...valid, email: 'asha.example.com' })).toBe(
      'Please enter a valid email address.',
    );
  });

  it('refuses unknown fields', () => {
    const result = ContactInputSchema.safeParse({ ...valid, admin: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });
});

describe('contactFailureMessage', () => {
  it('names the address to write to', () => {
    expect(contactFailureMessage('help@studycircle.test')).toBe(
      'Failed to send message. Please try again or contact us directly at help@studycircle.test',
    );
  });
});
