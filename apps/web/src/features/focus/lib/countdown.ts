import { phaseLabel, remainingMs, timerEndsAt, type FocusState } from '@studycircle/shared/focus';

/**
 * What the focus timer says, as plain functions of its state: the clock's text, the phase's title,
 * the live region's sentence on a phase change, and the toast naming who changed it. The live
 * region speaks when the phase changes, never on the second (docs/product.md §5.16).
 */

/** "25:00", "4:59", "1:02:03": whole seconds, rounded up, so 0:00 shows only at the end. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** "25 minutes", "1 minute", "30 seconds" (a test server's short phases). */
export function spokenDuration(ms: number): string {
  if (ms >= 60_000) {
    const minutes = Math.round(ms / 60_000);
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  }
  const seconds = Math.max(1, Math.round(ms / 1000));
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

/** "Focus · round 2 of 4", "Short break", "Long break", or "Not running". */
export function phaseTitle(state: Pick<FocusState, 'phase' | 'round' | 'settings'>): string {
  if (state.phase === 'idle') return 'Not running';
  if (state.phase === 'focus') {
    return `Focus · round ${state.round} of ${state.settings.roundsBeforeLong}`;
  }
  return phaseLabel(state.phase);
}

/** What is left at server time `now`; the data the page's clock is drawn from. */
export function remainingAt(state: FocusState, now: number): number {
  return remainingMs(state, now);
}

export { timerEndsAt };

function nextPhaseWords(state: FocusState): string {
  if (state.phase === 'focus') return `focus round ${state.round}`;
  if (state.phase === 'short-break') return 'the short break';
  if (state.phase === 'long-break') return 'the long break';
  return 'the end of the cycle';
}

/**
 * The toast for a change another member made with the controls ("Asha paused the focus timer."),
 * or null: the student's own actions, joins, goals and the server's own phase changes have none.
 */
export function changeToast(next: FocusState, selfId: string | null): string | null {
  if (!next.by || next.by.id === selfId) return null;
  const who = next.by.name || 'Someone';
  switch (next.change) {
    case 'start':
      return `${who} started a focus session.`;
    case 'pause':
      return `${who} paused the focus timer.`;
    case 'resume':
      return `${who} resumed the focus timer.`;
    case 'skip':
      return next.phase === 'idle'
        ? `${who} ended the long break.`
        : `${who} skipped to ${nextPhaseWords(next)}.`;
    case 'stop':
      return `${who} stopped the focus session.`;
    default:
      return null;
  }
}

/**
 * The live region's sentence for a change: a new phase, the end, or the student's own pause and
 * resume (someone else's comes as a toast, which is announced already). Null for anything else.
 */
export function changeAnnouncement(
  prev: FocusState,
  next: FocusState,
  selfId: string | null,
): string | null {
  const phaseChanged = prev.phase !== next.phase || prev.round !== next.round;
  if (phaseChanged) {
    if (next.phase === 'idle') {
      return next.change === 'complete' ? 'Focus cycle complete.' : 'Focus session stopped.';
    }
    const length = spokenDuration(next.durationMs);
    const me = next.participants.find((p) => p.userId === selfId);
    const recap = me?.recapDue ? ' How did your goal go? Your recap is below.' : '';
    if (next.phase === 'focus') {
      return `Focus round ${next.round} of ${next.settings.roundsBeforeLong} started: ${length}.`;
    }
    return `${phaseLabel(next.phase)}: ${length}.${recap}`;
  }
  if (next.by?.id === selfId) {
    if (next.change === 'pause') return 'Timer paused.';
    if (next.change === 'resume') return 'Timer resumed.';
  }
  return null;
}

/** Whether the phase (or round) is another one than before: the moment for a sound. */
export function phaseChanged(prev: FocusState, next: FocusState): boolean {
  return prev.phase !== next.phase || prev.round !== next.round;
}
