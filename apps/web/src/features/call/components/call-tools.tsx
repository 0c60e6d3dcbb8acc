import { Suspense, type Ref } from 'react';
import { LayoutGrid, Loader2 } from 'lucide-react';
import type {
  CallToolPanel as CallToolPanelDescriptor,
  CallToolPanelProps,
} from '../../../lib/room-tool';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../../ui/menu';
import { cn } from '../../../ui/cn';
import { ErrorBoundary } from '../../../ui/error-boundary';
import { CONTROL_SIZE } from './call-controls';

/**
 * The room's tools beside the video (the whiteboard, shared notes, watching and focusing
 * together). The control bar has no room for a button each at 320 px, so one "Room tools" button
 * opens a menu of them; the chosen tool takes the side column the chat uses (the chat closes, and
 * opening the chat closes the tool), and covers the stage on a phone.
 *
 * The call does not know the tools: app/room/ passes the list in, from each room tool feature's
 * descriptor (`tool.ts`, docs/decisions/0081-one-room-on-the-web.md). A tool's panel is lazily
 * loaded, so the call route's JavaScript does not grow with it.
 */
export type { CallToolPanelProps };

/** One tool in the call: its id and its panel. */
export interface CallTool extends CallToolPanelDescriptor {
  id: string;
}

export function findCallTool(tools: readonly CallTool[], id: string | null): CallTool | undefined {
  return tools.find((tool) => tool.id === id);
}

/** The control bar's "Room tools" button and its menu. Renders nothing while there are no tools. */
export function CallToolsMenu({
  tools,
  open,
  onChoose,
  triggerRef,
}: {
  tools: readonly CallTool[];
  /** Focus comes back here when a panel closes. */
  triggerRef?: Ref<HTMLButtonElement>;
  /** The open tool's id, if any. */
  open: string | null;
  onChoose(id: string): void;
}) {
  if (tools.length === 0) return null;
  return (
    <Menu>
      <MenuTrigger
        ref={triggerRef}
        aria-label="Room tools"
        title="Room tools"
        className={cn(
          CONTROL_SIZE,
          'inline-flex shrink-0 items-center justify-center rounded-full bg-slate-700 text-white hover:bg-slate-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
          open && 'ring-2 ring-white',
        )}
      >
        <LayoutGrid aria-hidden="true" className="h-5 w-5" />
      </MenuTrigger>
      <MenuContent side="top" align="center">
        {tools.map((tool) => (
          <MenuItem key={tool.id} onSelect={() => onChoose(tool.id)}>
            <tool.icon aria-hidden="true" className="h-4 w-4" />
            {tool.label}
            {open === tool.id && <span className="sr-only"> (open)</span>}
          </MenuItem>
        ))}
      </MenuContent>
    </Menu>
  );
}

/** The open tool's panel in the call's side column. */
export function CallToolPanel({ tool, ...props }: CallToolPanelProps & { tool: CallTool }) {
  return (
    <section
      aria-label={tool.label}
      className={cn(
        'absolute inset-0 z-20 flex min-h-0 flex-col border-l border-slate-800 bg-slate-900 [grid-area:2/1/3/2] md:static md:[grid-area:2/2/3/3]',
        tool.wide ? 'md:w-[min(55vw,56rem)]' : 'md:w-80 lg:w-96',
      )}
    >
      {/* A panel whose code fails to download (offline, or a tab open across a deploy) says so
          here; without this boundary the page's own would replace the call. */}
      <ErrorBoundary
        resetKey={tool.id}
        fallback={() => (
          <p role="alert" className="m-auto max-w-64 p-4 text-center text-sm text-slate-300">
            {tool.label} could not load. Reload the page to try again.
          </p>
        )}
      >
        <Suspense
          fallback={
            <p role="status" className="m-auto flex items-center gap-2 text-sm text-slate-300">
              <Loader2 aria-hidden="true" className="h-4 w-4 motion-safe:animate-spin" />
              Loading {tool.label.toLowerCase()}…
            </p>
          }
        >
          <tool.Panel {...props} />
        </Suspense>
      </ErrorBoundary>
    </section>
  );
}
