import { useEffect, useState, useSyncExternalStore } from 'react';
import type { AuthUser } from '../../features/auth';
import type { SyncStatus } from '../../lib/sync/engine';
import type * as StudySync from './study-sync';
import type { GuestOffer } from './study-sync';

type SyncModule = typeof StudySync;

// The engine (IndexedDB, the socket client, the sync schemas) is its own chunk, fetched once a
// signed-in bar shows: the public pages never load it, and the bar draws without waiting for it.
let loaded: Promise<SyncModule> | null = null;
const loadSync = () => (loaded ??= import('./study-sync'));

const noSubscribe = () => () => {};
const noStatus = () => null;

/**
 * Keeps the signed-in student's study data in sync from the signed-in bar (docs/decisions/0023):
 * starts the engine for `user` (it then runs until sign-out, also on screens without the bar),
 * gives its status for the indicator, and the guest data found on this device to offer.
 */
export function useStudySync(user: AuthUser | null) {
  const [sync, setSync] = useState<SyncModule | null>(null);
  const [offer, setOffer] = useState<{ account: string; offer: GuestOffer } | null>(null);
  const id = user ? (user._id ?? user.id ?? user.email ?? null) : null;

  useEffect(() => {
    if (!user || !id) return;
    let active = true;
    void loadSync()
      .then(async (mod) => {
        if (!active) return;
        setSync(mod);
        const engine = await mod.startStudySync(user);
        if (!engine || !active) return;
        const found = await mod.guestOffer(engine.account);
        if (active && found) setOffer({ account: engine.account, offer: found });
      })
      .catch((error: unknown) => {
        // A browser that refuses IndexedDB (storage blocked, some private modes) cannot keep the
        // offline copy: the pages still work on this device's keys, without sync.
        console.warn('Study data sync could not start', error);
      });
    return () => {
      active = false;
    };
    // One start per account: a changed name or picture is no new account.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  const status: SyncStatus | null = useSyncExternalStore(
    sync?.subscribeSyncStatus ?? noSubscribe,
    sync && user ? sync.readSyncStatus : noStatus,
    noStatus,
  );

  // The dialog closes once the answer is stored, so a reload right after it cannot ask again.
  const answerOffer = async (accept: boolean) => {
    if (!sync || !offer) return;
    try {
      if (accept) await sync.acceptGuestData(offer.account);
      else await sync.declineGuestData(offer.account);
    } finally {
      setOffer(null);
    }
  };

  return { status: user ? status : null, offer: offer?.offer ?? null, answerOffer };
}
