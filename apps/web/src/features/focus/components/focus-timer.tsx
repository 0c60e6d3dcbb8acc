import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import {
  AlarmClock,
  AlarmClockOff,
  Check,
  LogIn,
  LogOut,
  Pause,
  Play,
  Repeat,
  SkipForward,
  Square,
  Target,
  Volume2,
  VolumeX,
} from 'lucide-react';
import { phaseLabel, type FocusParticipant, type FocusState } from '@studycircle/shared/focus';
import { StorageWriteError } from '../../../lib/storage';
import { Alert } from '../../../ui/alert';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { toast } from '../../../ui/toast';
import { isTaskDone, readTasks, toggleTask, useTasks } from '../../tasks';
import { playChime, unlockChime } from '../../../lib/chime';
import {
  changeAnnouncement,
  changeToast,
  phaseChanged,
  phaseTitle,
  spokenDuration,
} from '../lib/countdown';
import { saveFocusSound, useFocusSound } from '../lib/focus-preferences';
import {
  notificationPermission,
  requestNotifications,
  showPhaseNotification,
} from '../lib/phase-notification';
import { useFocusRoom } from '../hooks/use-focus-room';
import { Countdown } from './countdown';
import { EndSessionDialog } from './end-session-dialog';
import { EMPTY_GOAL, GoalPicker, resolveGoal, type GoalDraft } from './goal-picker';
import { SettingsForm, draftOf, parseDraft, type SettingsDraft } from './settings-form';
import { TONE, quietButton, type FocusTone } from './tone';

/**
 * The room's focus timer (docs/product.md §5.16), the same on the room page and in the call's
 * side panel: the countdown every member sees, the controls any member may use, taking part with
 * a goal (no camera or microphone needed), the recap after each focus round, and the chime and
 * notification at a phase change for those taking part.
 */
export function FocusTimer({
  roomId,
  selfId,
  tone,
}: {
  roomId: string;
  selfId: string | null;
  tone: FocusTone;
}) {
  const tasks = useTasks();
  const soundOn = useFocusSound();
  const soundRef = useRef(soundOn);
  useEffect(() => {
    soundRef.current = soundOn;
  }, [soundOn]);
  const [announcement, setAnnouncement] = useState('');

  const onChange = useCallback(
    (prev: FocusState, next: FocusState) => {
      const note = changeToast(next, selfId);
      if (note) toast(note, { key: 'focus-change' });
      const said = changeAnnouncement(prev, next, selfId);
      if (said) setAnnouncement(said);
      if (!phaseChanged(prev, next)) return;
      const takingPart = [prev, next].some((s) => s.participants.some((p) => p.userId === selfId));
      if (!takingPart) return;
      if (soundRef.current) {
        playChime(next.phase === 'focus' ? 'focus' : next.phase === 'idle' ? 'end' : 'break');
      }
      showPhaseNotification(
        next.phase === 'idle' ? 'Focus session over' : `${phaseLabel(next.phase)} time`,
        next.phase === 'idle'
          ? 'The focus timer in your room has stopped.'
          : `${phaseTitle(next)}: ${spokenDuration(next.durationMs)}.`,
        `focus:${roomId}:${next.phase}:${next.round}`,
      );
    },
    [roomId, selfId],
  );
  const focus = useFocusRoom(roomId, onChange);
  const { state } = focus;

  // Keyboard focus follows the view: when the control that had it goes away (a start, a stop,
  // joining or leaving, here or by someone else), it lands on the view's first control.
  const root = useRef<HTMLDivElement>(null);
  const primary = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  const view = !state ? 'loading' : state.phase === 'idle' ? 'idle' : 'running';
  const me = state?.participants.find((p) => p.userId === selfId);
  const takingPart = Boolean(me);
  useEffect(() => {
    const active = document.activeElement;
    if (hadFocus.current && (!active || active === document.body)) primary.current?.focus();
  }, [view, takingPart]);

  return (
    <div
      ref={root}
      className={cn('min-w-0 space-y-4', TONE[tone].text)}
      onPointerDownCapture={unlockChime}
      onFocusCapture={() => {
        hadFocus.current = true;
      }}
      onBlurCapture={(e) => {
        const to = e.relatedTarget as Node | null;
        if (to && !root.current?.contains(to)) hadFocus.current = false;
      }}
    >
      {/* Phase changes only; never the ticking seconds. */}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {focus.error ? (
        <Alert tone="error">{focus.error}</Alert>
      ) : !state ? (
        <p className={cn('text-sm', TONE[tone].muted)}>Loading the focus timer…</p>
      ) : state.phase === 'idle' ? (
        <IdleView focus={focus} state={state} tone={tone} primary={primary} tasks={tasks} />
      ) : (
        <RunningView
          focus={focus}
          state={state}
          me={me}
          tone={tone}
          primary={primary}
          tasks={tasks}
        />
      )}
      <Preferences tone={tone} soundOn={soundOn} />
    </div>
  );
}

type Focus = ReturnType<typeof useFocusRoom>;
type Tasks = ReturnType<typeof useTasks>;

/**
 * A goal resolved from the picker, or undefined when the browser could not save the new task. A
 * typed goal is a task from here on: the draft now picks it, so a retry after a refused start
 * or join does not add the same task again.
 */
function goalFrom(draft: GoalDraft, setDraft: (draft: GoalDraft) => void) {
  try {
    const goal = resolveGoal(draft);
    if (goal && draft.typed.trim()) setDraft({ taskId: goal.taskId, typed: '' });
    return goal;
  } catch (err) {
    if (err instanceof StorageWriteError) {
      toast('Your browser storage is full, so the goal could not be added to your tasks.', {
        tone: 'error',
      });
      return undefined;
    }
    throw err;
  }
}

function IdleView({
  focus,
  state,
  tone,
  primary,
  tasks,
}: {
  focus: Focus;
  state: FocusState;
  tone: FocusTone;
  primary: RefObject<HTMLButtonElement | null>;
  tasks: Tasks;
}) {
  const [goal, setGoal] = useState<GoalDraft>(EMPTY_GOAL);
  const [settings, setSettings] = useState<SettingsDraft>(() => draftOf(state.settings));
  const [error, setError] = useState<string | null>(null);
  const s = parseDraft(settings, focus.minMinutes);
  const summary =
    'settings' in s
      ? `focus ${spokenDuration(s.settings.focusMin * 60_000)}, breaks ${spokenDuration(
          s.settings.shortMin * 60_000,
        )}, a long break of ${spokenDuration(s.settings.longMin * 60_000)} after ${
          s.settings.roundsBeforeLong
        } ${s.settings.roundsBeforeLong === 1 ? 'round' : 'rounds'}.`
      : '';

  const start = async () => {
    if ('error' in s) {
      setError(s.error);
      return;
    }
    setError(null);
    const chosen = goalFrom(goal, setGoal);
    if (chosen === undefined) return;
    if (await focus.control({ action: 'start', settings: s.settings, goal: chosen })) {
      setGoal(EMPTY_GOAL);
    }
  };

  return (
    <div className="space-y-4">
      <p className={cn('text-sm', TONE[tone].muted)}>
        {state.change === 'complete'
          ? 'The last focus cycle is complete. Well done! '
          : 'Nobody is focusing right now. '}
        Start a Pomodoro for the room: {summary} Anyone in the room can pause, skip or stop it, with
        or without the call.
      </p>
      <GoalPicker tasks={tasks} draft={goal} onChange={setGoal} tone={tone} />
      <SettingsForm
        draft={settings}
        onChange={setSettings}
        minMinutes={focus.minMinutes}
        tone={tone}
      />
      {error && <Alert tone="error">{error}</Alert>}
      <Button
        ref={primary}
        onClick={() => void start()}
        loading={focus.pending === 'start'}
        className="w-full sm:w-auto"
      >
        <Play aria-hidden="true" className="h-4 w-4" />
        Start focus
      </Button>
    </div>
  );
}

function skipLabel(state: FocusState): string {
  if (state.phase === 'focus') {
    return state.round >= state.settings.roundsBeforeLong
      ? 'Skip to the long break'
      : 'Skip to the break';
  }
  return state.phase === 'long-break' ? 'End the long break' : 'Skip to focus';
}

function RunningView({
  focus,
  state,
  me,
  tone,
  primary,
  tasks,
}: {
  focus: Focus;
  state: FocusState;
  me: FocusParticipant | undefined;
  tone: FocusTone;
  primary: RefObject<HTMLButtonElement | null>;
  tasks: Tasks;
}) {
  const paused = state.pausedRemainingMs !== null;
  const busy = focus.pending !== null;
  // Stop ends the session for the whole room: it asks first.
  const [askingStop, setAskingStop] = useState(false);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-base font-semibold" data-testid="focus-phase">
          {phaseTitle(state)}
        </p>
        {paused && <Badge tone="warning">Paused</Badge>}
      </div>
      <Countdown state={state} clock={focus.clock} tone={tone} />
      <div className="flex flex-wrap gap-2">
        <Button
          ref={primary}
          variant="secondary"
          loading={focus.pending === 'pause' || focus.pending === 'resume'}
          disabled={busy}
          onClick={() => void focus.control({ action: paused ? 'resume' : 'pause' })}
        >
          {paused ? (
            <Play aria-hidden="true" className="h-4 w-4" />
          ) : (
            <Pause aria-hidden="true" className="h-4 w-4" />
          )}
          {paused ? 'Resume' : 'Pause'}
        </Button>
        <Button
          variant="outline"
          loading={focus.pending === 'skip'}
          disabled={busy}
          onClick={() =>
            void focus.control({
              action: 'skip',
              phase: state.phase as 'focus' | 'short-break' | 'long-break',
              round: state.round,
            })
          }
        >
          <SkipForward aria-hidden="true" className="h-4 w-4" />
          {skipLabel(state)}
        </Button>
        <Button
          variant="outline"
          loading={focus.pending === 'stop'}
          disabled={busy}
          onClick={() => setAskingStop(true)}
        >
          <Square aria-hidden="true" className="h-4 w-4" />
          Stop
        </Button>
      </div>
      <EndSessionDialog
        open={askingStop}
        onKeepGoing={() => setAskingStop(false)}
        onEnd={() => {
          setAskingStop(false);
          void focus.control({ action: 'stop' });
        }}
      />
      {me ? (
        <Participation focus={focus} me={me} tone={tone} tasks={tasks} />
      ) : (
        <JoinForm focus={focus} tone={tone} tasks={tasks} />
      )}
      <Participants state={state} tone={tone} />
    </div>
  );
}

function JoinForm({ focus, tone, tasks }: { focus: Focus; tone: FocusTone; tasks: Tasks }) {
  const [goal, setGoal] = useState<GoalDraft>(EMPTY_GOAL);
  const join = async () => {
    const chosen = goalFrom(goal, setGoal);
    if (chosen === undefined) return;
    if (await focus.join(chosen)) setGoal(EMPTY_GOAL);
  };
  return (
    <div className={cn('space-y-3 rounded-lg border p-3', TONE[tone].border)}>
      <p className={cn('text-sm', TONE[tone].muted)}>
        Take part to have your focus minutes counted. No camera or microphone needed.
      </p>
      <GoalPicker tasks={tasks} draft={goal} onChange={setGoal} tone={tone} />
      <Button onClick={() => void join()} loading={focus.pending === 'join'}>
        <LogIn aria-hidden="true" className="h-4 w-4" />
        Join the session
      </Button>
    </div>
  );
}

function Participation({
  focus,
  me,
  tone,
  tasks,
}: {
  focus: Focus;
  me: FocusParticipant;
  tone: FocusTone;
  tasks: Tasks;
}) {
  const [editing, setEditing] = useState(false);
  const [goal, setGoal] = useState<GoalDraft>(EMPTY_GOAL);
  const recapTitle = useId();
  const changeButton = useRef<HTMLButtonElement>(null);

  const closeEditor = () => {
    setEditing(false);
    setGoal(EMPTY_GOAL);
    // Back to the button that opened the editor.
    window.setTimeout(() => changeButton.current?.focus(), 0);
  };
  const saveGoal = async () => {
    const chosen = goalFrom(goal, setGoal);
    if (chosen === undefined) return;
    if (await focus.join(chosen)) closeEditor();
  };
  const done = async () => {
    if (!me.goal) return;
    // The task is completed through the tasks store first, as a tap on the Tasks page would,
    // so it syncs even if the room does not answer right now.
    const task = readTasks().find((t) => t.id === me.goal?.taskId);
    if (task && !isTaskDone(task)) toggleTask(task.id);
    if (await focus.recap('done')) {
      toast(`Marked “${me.goal.title}” done.`, { tone: 'success', key: 'focus-recap' });
    }
  };

  return (
    <div className={cn('space-y-3 rounded-lg border p-3', TONE[tone].border)}>
      {me.recapDue && me.goal && (
        <div
          role="group"
          aria-labelledby={recapTitle}
          className="space-y-2 rounded-lg border border-brand-200 bg-brand-50 p-3 text-brand-900"
        >
          <p id={recapTitle} className="text-sm font-semibold [overflow-wrap:anywhere]">
            Round done. Did you finish “{me.goal.title}”?
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void done()} loading={focus.pending === 'done'}>
              <Check aria-hidden="true" className="h-4 w-4" />
              Done
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => void focus.recap('carry')}
              loading={focus.pending === 'carry'}
            >
              <Repeat aria-hidden="true" className="h-4 w-4" />
              Carry over
            </Button>
          </div>
        </div>
      )}
      <p className="flex min-w-0 items-start gap-2 text-sm">
        <Target aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        <span className="min-w-0 [overflow-wrap:anywhere]">
          {me.goal ? (
            <>
              Your goal: <strong>{me.goal.title}</strong>
            </>
          ) : (
            <>You are taking part, with no goal set.</>
          )}
        </span>
      </p>
      {editing ? (
        <div className="space-y-3">
          <GoalPicker
            tasks={tasks}
            draft={goal}
            onChange={setGoal}
            tone={tone}
            legend={me.goal ? 'A new goal' : 'Your goal'}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              onClick={() => void saveGoal()}
              loading={focus.pending === 'join'}
              disabled={!goal.typed.trim() && !goal.taskId}
            >
              Save goal
            </Button>
            <Button size="sm" variant="outline" onClick={closeEditor}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button ref={changeButton} size="sm" variant="outline" onClick={() => setEditing(true)}>
            <Target aria-hidden="true" className="h-4 w-4" />
            {me.goal ? 'Change goal' : 'Set a goal'}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => void focus.leave()}
            loading={focus.pending === 'leave'}
          >
            <LogOut aria-hidden="true" className="h-4 w-4" />
            Leave the session
          </Button>
        </div>
      )}
    </div>
  );
}

function Participants({ state, tone }: { state: FocusState; tone: FocusTone }) {
  const count = state.participants.length;
  return (
    <div className="space-y-2">
      <p className="text-sm font-semibold">
        {count === 0 ? 'Nobody has joined this session yet.' : `Taking part (${count}):`}
      </p>
      {count > 0 && (
        <ul className="space-y-1 text-sm">
          {state.participants.map((p) => (
            <li key={p.userId} className="min-w-0 [overflow-wrap:anywhere]">
              <span className="font-medium">{p.name}</span>
              {p.goal && <span className={TONE[tone].muted}> · {p.goal.title}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The chime switch and, where the browser has them, the ask for notifications. */
function Preferences({ tone, soundOn }: { tone: FocusTone; soundOn: boolean }) {
  const [permission, setPermission] = useState(notificationPermission);
  return (
    <div
      className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 border-t pt-3', TONE[tone].border)}
    >
      <button
        type="button"
        aria-pressed={soundOn}
        className={quietButton(tone)}
        onClick={() => saveFocusSound(!soundOn)}
      >
        {soundOn ? (
          <Volume2 aria-hidden="true" className="h-4 w-4" />
        ) : (
          <VolumeX aria-hidden="true" className="h-4 w-4" />
        )}
        Chime at phase changes
      </button>
      {permission === 'default' && (
        <button
          type="button"
          className={quietButton(tone)}
          onClick={() => void requestNotifications().then(setPermission)}
        >
          <AlarmClock aria-hidden="true" className="h-4 w-4" />
          Notify me at phase changes
        </button>
      )}
      {permission === 'granted' && (
        <span className={cn('inline-flex items-center gap-1.5 text-xs', TONE[tone].muted)}>
          <AlarmClock aria-hidden="true" className="h-4 w-4" />
          Notifications on
        </span>
      )}
      {permission === 'denied' && (
        <span className={cn('inline-flex items-center gap-1.5 text-xs', TONE[tone].muted)}>
          <AlarmClockOff aria-hidden="true" className="h-4 w-4" />
          Notifications are blocked in this browser
        </span>
      )}
    </div>
  );
}
