import '../lib/excalidraw-setup';
import '@excalidraw/excalidraw/index.css';
import { useEffect, useRef, useState } from 'react';
import {
  CaptureUpdateAction,
  Excalidraw,
  exportToBlob,
  exportToSvg,
  getVisibleSceneBounds,
  isInvisiblySmallElement,
  reconcileElements,
  restoreElements,
  zoomToFitBounds,
} from '@excalidraw/excalidraw';
import type { OrderedExcalidrawElement } from '@excalidraw/excalidraw/element/types';
import type { RemoteExcalidrawElement } from '@excalidraw/excalidraw/data/reconcile';
import type {
  AppState,
  Collaborator,
  ExcalidrawImperativeAPI,
  SocketId,
} from '@excalidraw/excalidraw/types';
import {
  WHITEBOARD_MESSAGES,
  withSafeLink,
  type WhiteboardElement,
} from '@studycircle/shared/whiteboard';
import { toast } from '../../../ui/toast';
import type { BoardControls, BoardState } from '../lib/board-status';
import { isShareable, openBoardSync, type BoardSync } from '../lib/board-sync';
import { patchExcalidrawA11y } from '../lib/excalidraw-a11y';
import { inlineSvgFonts } from '../lib/svg-fonts';

/**
 * The drawing surface (its own lazily loaded chunk, with Excalidraw and its stylesheet): the
 * room's board, merged live with everyone else's (lib/board-sync.ts carries it over the socket).
 * What others send is restored and merged with Excalidraw's own `restoreElements` and
 * `reconcileElements`, as its collaboration does; their pointers show with their names. A click
 * on someone's avatar follows their view (Excalidraw's own follow mode): they are told, and send
 * their view while anyone follows it (docs/decisions/0068-follow-a-view.md).
 */

export interface WhiteboardBoardProps {
  roomId: string;
  theme: 'light' | 'dark';
  /** The view's heading, focused on opening: once the board is ready it hands focus on. */
  headingId?: string;
  /** Export functions, once the board is ready. */
  onControls(controls: BoardControls | null): void;
  onState(state: BoardState): void;
}

/** A pointer not seen for this long is taken off the board. */
const POINTER_IDLE_MS = 60_000;

type SceneElement = OrderedExcalidrawElement;

const asShared = (elements: readonly SceneElement[]) =>
  elements as unknown as readonly WhiteboardElement[];

/** Excalidraw's own z-order: by fractional index (compared as strings), ties by id. */
function byZOrder(a: WhiteboardElement, b: WhiteboardElement): number {
  const ai = typeof a.index === 'string' ? a.index : null;
  const bi = typeof b.index === 'string' ? b.index : null;
  if (ai !== bi) {
    if (ai === null) return 1;
    if (bi === null) return -1;
    return ai < bi ? -1 : 1;
  }
  return a.id < b.id ? -1 : 1;
}

type Restorable = Parameters<typeof restoreElements>[0];

/**
 * Excalidraw's restore of what others sent. The shared schema has already dropped what it cannot
 * read; should restoring the batch still throw, each element is restored on its own and the one
 * that throws is left out (and logged), so one element never costs the board.
 */
function restoreEach(elements: WhiteboardElement[]): RemoteExcalidrawElement[] {
  const input = elements as unknown as Restorable;
  try {
    return restoreElements(input, null) as unknown as RemoteExcalidrawElement[];
  } catch {
    const kept: RemoteExcalidrawElement[] = [];
    for (const element of input ?? []) {
      try {
        kept.push(...(restoreElements([element], null) as unknown as RemoteExcalidrawElement[]));
      } catch (error) {
        console.warn('Whiteboard: an element could not be restored and is left out.', error);
      }
    }
    return kept;
  }
}

/** Elements worth sending: Excalidraw's collaboration leaves out shapes too small to see. */
function syncable(elements: readonly SceneElement[]): SceneElement[] {
  return elements.filter((e) => e.isDeleted || !isInvisiblySmallElement(e));
}

export default function WhiteboardBoard({
  roomId,
  theme,
  headingId,
  onControls,
  onState,
}: WhiteboardBoardProps) {
  const [api, setApi] = useState<ExcalidrawImperativeAPI | null>(null);
  const sync = useRef<BoardSync | null>(null);
  const stateRef = useRef<BoardState>({ status: 'loading', shapes: 0, others: 0 });
  const onStateRef = useRef(onState);
  onStateRef.current = onState;
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => (root.current ? patchExcalidrawA11y(root.current) : undefined), []);

  // Excalidraw hears its tool keys (R, T, P…) only with focus inside it: once it is ready, focus
  // moves from the heading (where opening put it, so the board is announced) to the drawing
  // area. Someone who already moved on (Tab to Export) keeps their place.
  useEffect(() => {
    if (!api || !headingId || document.activeElement?.id !== headingId) return;
    root.current
      ?.querySelector<HTMLElement>('.excalidraw-container')
      ?.focus({ preventScroll: true });
  }, [api, headingId]);

  useEffect(() => {
    if (!api) return;
    const collaborators = new Map<SocketId, Collaborator & { seenAt: number }>();
    let firstLoad = true;

    const report = (patch: Partial<BoardState>) => {
      stateRef.current = { ...stateRef.current, ...patch };
      onStateRef.current(stateRef.current);
    };
    const showCollaborators = () => {
      api.updateScene({ collaborators: new Map(collaborators) });
      report({
        others: new Set([...collaborators.values()].map((c) => c.id)).size,
        people: [...collaborators.values()].map((c) => ({
          socketId: c.socketId as string,
          name: c.username ?? '',
        })),
      });
    };

    /** The screens following this one's view (their sockets). */
    const followers = new Set<string>();
    /** This screen's view, to the screens that follow it (nothing when none do). */
    const sendView = () => {
      if (followers.size === 0) return;
      const [x1, y1, x2, y2] = getVisibleSceneBounds(api.getAppState());
      if (x1 < x2 && y1 < y2) board.view([x1, y1, x2, y2]);
    };
    const followed = () => api.getAppState().userToFollow?.socketId;
    const stopFollowing = () =>
      api.updateScene({
        appState: { userToFollow: null },
        captureUpdate: CaptureUpdateAction.NEVER,
      });
    const board = openBoardSync(roomId, {
      remote(elements, initial) {
        // In z-order first: restoreElements takes the array's order as the truth and renumbers
        // indices that disagree with it (new versions), and the server sends pages in id order.
        // Links other than http(s) are no links, whatever an older server let through.
        const restored = restoreEach([...elements].sort(byZOrder).map(withSafeLink));
        // Stamps as received: reconciling may renumber duplicate z-order indices in place (a
        // new version, made here), and those copies must go out like any local change.
        const received = new Map<object, string>(
          restored.map((e) => [e, `${e.version}:${e.versionNonce}`]),
        );
        const merged = reconcileElements(
          api.getSceneElementsIncludingDeleted(),
          restored,
          api.getAppState(),
        );
        // Recorded before the scene changes: its onChange must not send these copies back.
        board.agreeOn(
          asShared(merged.filter((e) => received.get(e) === `${e.version}:${e.versionNonce}`)),
        );
        api.updateScene({ elements: merged, captureUpdate: CaptureUpdateAction.NEVER });
        if (initial && firstLoad) {
          firstLoad = false;
          if (merged.some((e) => !e.isDeleted))
            api.scrollToContent(undefined, { fitToContent: true });
        }
      },
      pointer(p) {
        collaborators.set(p.id as SocketId, {
          id: p.userId,
          socketId: p.id as SocketId,
          username: p.name,
          pointer: { x: p.x, y: p.y, tool: p.tool },
          button: p.button,
          seenAt: Date.now(),
        });
        showCollaborators();
      },
      peerLeft(id) {
        followers.delete(id);
        if (followed() === id) stopFollowing();
        if (collaborators.delete(id as SocketId)) showCollaborators();
      },
      followed(by, following) {
        if (following) followers.add(by);
        else followers.delete(by);
        // A new follower sees this view at once, not at the next scroll.
        if (following) sendView();
      },
      view(id, bounds) {
        if (followed() !== id) return;
        const appState = api.getAppState();
        const fitted = zoomToFitBounds({
          bounds,
          appState,
          fitToViewport: true,
          viewportZoomFactor: 1,
        }).appState;
        api.updateScene({
          appState: { scrollX: fitted.scrollX, scrollY: fitted.scrollY, zoom: fitted.zoom },
          captureUpdate: CaptureUpdateAction.NEVER,
        });
      },
      refused(ids) {
        const gone = new Set(ids);
        api.updateScene({
          elements: api.getSceneElementsIncludingDeleted().filter((e) => !gone.has(e.id)),
          captureUpdate: CaptureUpdateAction.NEVER,
        });
      },
      status(status) {
        report({ status });
      },
      problem(message) {
        toast(message, { tone: 'error' });
      },
      canClear(allowed) {
        if (allowed !== stateRef.current.canClear) report({ canClear: allowed });
      },
      cleared(by) {
        toast(`${by} cleared the whiteboard.`);
      },
    });
    sync.current = board;
    const unsubscribeScroll = api.onScrollChange(sendView);
    const unsubscribeFollow = api.onUserFollow(({ userToFollow, action }) => {
      board.follow(userToFollow.socketId, action === 'FOLLOW');
      report({ following: api.getAppState().userToFollow?.socketId ?? null });
    });
    const sweep = setInterval(() => {
      const before = collaborators.size;
      for (const [id, c] of collaborators) {
        if (Date.now() - c.seenAt > POINTER_IDLE_MS) collaborators.delete(id);
      }
      if (collaborators.size !== before) showCollaborators();
    }, 10_000);

    onControls({
      unsaved: () => board.unsaved(),
      clear: () => board.clear(),
      follow: (socketId) => {
        const person = socketId ? collaborators.get(socketId as SocketId) : undefined;
        // Excalidraw's own follow mode (its avatar click does the same): it tells onUserFollow.
        api.updateScene({
          appState: {
            userToFollow: person
              ? { socketId: person.socketId!, username: person.username ?? '' }
              : null,
          },
          captureUpdate: CaptureUpdateAction.NEVER,
        });
      },
      exportPng: () =>
        exportToBlob({
          elements: api.getSceneElements(),
          appState: { ...api.getAppState(), exportBackground: true },
          files: api.getFiles(),
          mimeType: 'image/png',
        }),
      exportSvg: async () => {
        // Fonts are embedded by us, whole, from our own origin: Excalidraw's own embedding
        // subsets them with WebAssembly, which the CSP (no 'wasm-unsafe-eval') refuses.
        const svg = await exportToSvg({
          elements: api.getSceneElements(),
          appState: { ...api.getAppState(), exportBackground: true },
          files: api.getFiles(),
          skipInliningFonts: true,
        });
        await inlineSvgFonts(svg);
        return new Blob([new XMLSerializer().serializeToString(svg)], {
          type: 'image/svg+xml',
        });
      },
    });

    // Shapes not yet acknowledged (drawn while the link is down, or still on their way) live only
    // in this page: closing or reloading the tab then asks first, as the room notes do.
    const askBeforeLeaving = (event: BeforeUnloadEvent) => {
      if (!board.unsaved()) return;
      event.preventDefault();
      // Older browsers show (or need) a returned text; modern ones show their own sentence.
      event.returnValue = WHITEBOARD_MESSAGES.unsavedOnLeave;
    };
    window.addEventListener('beforeunload', askBeforeLeaving);

    return () => {
      unsubscribeScroll();
      unsubscribeFollow();
      window.removeEventListener('beforeunload', askBeforeLeaving);
      clearInterval(sweep);
      onControls(null);
      board.close();
      sync.current = null;
    };
  }, [api, roomId, onControls]);

  return (
    // Excalidraw's single-key tools (D, L, S…) are not the call's shortcuts in here.
    <div ref={root} className="h-full" data-own-keys="">
      <Excalidraw
        excalidrawAPI={setApi}
        theme={theme}
        langCode="en"
        isCollaborating
        aiEnabled={false}
        // No embeds: a link would load another site into everyone's board.
        validateEmbeddable={false}
        UIOptions={{
          canvasActions: {
            // Files, images and Excalidraw's own export stay out: the board lives on the server,
            // and our Export buttons download PNG and SVG. Excalidraw's own clear is one keypress
            // from undoing everyone's work: our bar's Clear board asks first, for the owner and
            // admins only (docs/decisions/0043-clear-board.md).
            loadScene: false,
            saveToActiveFile: false,
            export: false,
            saveAsImage: false,
            clearCanvas: false,
            toggleTheme: null,
          },
          tools: { image: false },
        }}
        onChange={(elements: readonly SceneElement[], _appState: AppState) => {
          const board = sync.current;
          if (!board) return;
          board.noteScene(asShared(syncable(elements)));
          const shapes = elements.reduce((n, e) => (e.isDeleted || !isShareable(e) ? n : n + 1), 0);
          if (shapes !== stateRef.current.shapes) {
            stateRef.current = { ...stateRef.current, shapes };
            onStateRef.current(stateRef.current);
          }
        }}
        onPointerUpdate={({ pointer, button }) =>
          sync.current?.pointer(pointer.x, pointer.y, button, pointer.tool)
        }
      />
    </div>
  );
}
