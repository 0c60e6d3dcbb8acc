import { flushStudyData } from './sync/study-sync';

/**
 * Sign Out asks one question (docs/product.md §3.8, §15.4): before the account's data leaves the
 * browser, each source of work not yet on the server tries to send it, and says in a sentence what
 * would still be lost. The signed-in bar shows every sentence at once and lets the student stay
 * signed in or sign out anyway. A feature that keeps unsent work in the browser (a queue, an
 * outbox) adds its source here, next to its clear function in account-data.ts.
 *
 * A source resolves with null when nothing would be lost. It must settle within a few seconds:
 * the student is waiting on Sign Out.
 */
export type UnsentWorkSource = () => Promise<string | null>;

const SEND_WAIT_MS = 5_000;

const studyData: UnsentWorkSource = async () => {
  const unsent = await flushStudyData(SEND_WAIT_MS);
  if (unsent === 0) return null;
  return unsent === 1
    ? '1 change to your tasks, notes or resources has not reached the server.'
    : `${unsent} changes to your tasks, notes or resources have not reached the server.`;
};

const SOURCES: readonly UnsentWorkSource[] = [studyData];

/** Every source's sentence about work that would be lost; empty when signing out loses nothing. */
export async function collectUnsentWork(): Promise<string[]> {
  const answers = await Promise.all(SOURCES.map((source) => source().catch(() => null)));
  return answers.filter((answer): answer is string => answer !== null);
}
