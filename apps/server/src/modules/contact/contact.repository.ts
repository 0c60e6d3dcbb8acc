import { desc } from 'drizzle-orm';
import type { ContactPriority } from '@studycircle/shared';
import type { Db } from '../../db/client.js';
import { contactMessages } from './contact.tables.js';

/** The contact module's only access to the database: the contact_messages table. */

export interface NewContactMessage {
  id: string;
  name: string;
  email: string;
  priority: ContactPriority;
  subject: string;
  message: string;
}

export interface StoredContactMessage extends NewContactMessage {
  createdAt: Date;
}

export async function insertContactMessage(
  db: Db,
  row: NewContactMessage,
): Promise<StoredContactMessage> {
  const [stored] = await db.insert(contactMessages).values(row).returning({
    id: contactMessages.id,
    name: contactMessages.name,
    email: contactMessages.email,
    priority: contactMessages.priority,
    subject: contactMessages.subject,
    message: contactMessages.message,
    createdAt: contactMessages.createdAt,
  });
  if (!stored) throw new Error('insert into contact_messages returned no row');
  return { ...stored, priority: stored.priority as ContactPriority };
}

/** The newest messages first; used by support tooling and the tests. */
export async function listContactMessages(db: Db, limit = 50): Promise<StoredContactMessage[]> {
  const rows = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      priority: contactMessages.priority,
      subject: contactMessages.subject,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, priority: r.priority as ContactPriority }));
}

/** The repository the contact service holds (services.ts builds it on the database). */
export function createContactRepository(db: Db) {
  return {
    insert: (row: NewContactMessage) => insertContactMessage(db, row),
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
