import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoomFile, RoomRole, WorkspaceItem } from '@studycircle/shared';
import { acquireSocket } from '../../../lib/socket';
import { mockApi, renderPage } from '../../../test/render';
import { Toaster } from '../../../ui/toast';
import { WorkspaceSection, safeLink } from './workspace-section';

vi.mock('../../../lib/socket', async () =>
  (await import('../../../test/fake-socket')).fakeSocketModule(),
);

afterEach(() => vi.unstubAllGlobals());

const ROOM = '0123456789abcdef01234567';
const LIST = `GET /api/rooms/${ROOM}/workspace`;
const FILES = `GET /api/rooms/${ROOM}/files`;
/** The room's API, with no room files unless a test says otherwise. */
const mockRoom = (routes: Parameters<typeof mockApi>[0]) =>
  mockApi({ [FILES]: { body: { files: [] } }, ...routes });
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const note: WorkspaceItem = {
  id: 'a'.repeat(24),
  roomId: ROOM,
  kind: 'textNote',
  recordId: 'note-1',
  sharedBy: { id: 'u2', name: 'Ravi' },
  sharedAt: minutesAgo(5),
  data: { title: 'Limits cheat sheet', text: 'lim x→0 sin x / x = 1', uploadedAt: '' },
};
const file: WorkspaceItem = {
  id: 'b'.repeat(24),
  roomId: ROOM,
  kind: 'fileNote',
  recordId: 'file-1',
  sharedBy: { id: 'u1', name: 'Asha' },
  sharedAt: minutesAgo(90),
  data: { fileName: 'past-paper.pdf', fileType: 'application/pdf', size: 1000, uploadedAt: '' },
};
const link: WorkspaceItem = {
  id: 'c'.repeat(24),
  roomId: ROOM,
  kind: 'resource',
  recordId: 'res-1',
  sharedBy: { id: 'u2', name: 'Ravi' },
  sharedAt: minutesAgo(200),
  data: { title: 'Khan Academy', link: 'https://www.khanacademy.org/', type: 'guide', tags: [] },
};

function show(role: RoomRole = 'member', userId = 'u1') {
  return renderPage(
    <>
      <Toaster />
      <WorkspaceSection roomId={ROOM} userId={userId} role={role} />
    </>,
  );
}

const row = (name: string) => screen.getByRole('heading', { name }).closest('li')!;

describe('WorkspaceSection', () => {
  it('lists what members shared, with who and when, newest first', async () => {
    mockRoom({ [LIST]: { body: { items: [note, file, link] } } });
    show();
    const titles = await screen.findAllByRole('heading', { level: 3 });
    expect(titles.map((h) => h.textContent)).toEqual([
      'Limits cheat sheet',
      'past-paper.pdf',
      'Khan Academy',
    ]);
    expect(row('Limits cheat sheet')).toHaveTextContent('Note • Shared by Ravi • 5 minutes ago');
    expect(row('past-paper.pdf')).toHaveTextContent('File • Shared by Asha • 1 hour ago');
    const open = within(row('Khan Academy')).getByRole('link', { name: /Open Khan Academy/ });
    expect(open).toHaveAttribute('href', 'https://www.khanacademy.org/');
    expect(open).toHaveAttribute('target', '_blank');
    expect(open.getAttribute('rel')).toContain('noopener');
  });

  it('says so when nothing is shared yet, with the ways to share', async () => {
    mockRoom({ [LIST]: { body: { items: [] } } });
    show();
    expect(await screen.findByText(/Nothing shared yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notes' })).toHaveAttribute('href', '/dashboard/notes');
    expect(screen.getByRole('link', { name: 'Resources' })).toHaveAttribute('href', '/resources');
  });

  it('shows the server’s sentence when the list is refused', async () => {
    mockRoom({
      [LIST]: {
        status: 403,
        body: {
          message: 'Only members of this room can do that.',
          error: 'Only members of this room can do that.',
          code: 'FORBIDDEN',
        },
      },
    });
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only members of this room can do that.',
    );
  });

  it('opens a text note in a read view; closing puts the keyboard back on Read', async () => {
    mockRoom({ [LIST]: { body: { items: [note] } } });
    show();
    const read = await screen.findByRole('button', { name: 'Read Limits cheat sheet' });
    await userEvent.click(read);
    const dialog = screen.getByRole('dialog', { name: 'Limits cheat sheet' });
    expect(dialog).toHaveTextContent('lim x→0 sin x / x = 1');
    expect(dialog).toHaveAccessibleDescription('Shared by Ravi');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(read).toHaveFocus());
  });

  it('offers Remove to the sharer only, among plain members', async () => {
    mockRoom({ [LIST]: { body: { items: [note, file] } } });
    show('member', 'u1');
    await screen.findByRole('heading', { name: 'past-paper.pdf' });
    expect(
      within(row('past-paper.pdf')).getByRole('button', {
        name: 'Remove past-paper.pdf from the workspace',
      }),
    ).toBeInTheDocument();
    expect(within(row('Limits cheat sheet')).queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it.each(['owner', 'admin'] as const)('offers Remove on every item to the %s', async (role) => {
    mockRoom({ [LIST]: { body: { items: [note, file] } } });
    show(role, 'someone-else');
    await screen.findByRole('heading', { name: 'past-paper.pdf' });
    expect(screen.getAllByRole('button', { name: /from the workspace$/ })).toHaveLength(2);
  });

  it('removes at once with Undo; Undo sends nothing, a Remove left alone reaches the room', async () => {
    let items = [note, file];
    const { calls } = mockRoom({
      [LIST]: () => ({ body: { items } }),
      [`DELETE /api/rooms/${ROOM}/workspace/${file.id}`]: () => {
        items = [note];
        return { body: { ok: true } };
      },
    });
    show('member', 'u1');
    const remove = () =>
      screen.findByRole('button', { name: 'Remove past-paper.pdf from the workspace' });
    await userEvent.click(await remove());
    await waitFor(() => expect(screen.queryByText('past-paper.pdf')).not.toBeInTheDocument());
    expect(await screen.findByText('Removed from the workspace.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', {
          name: 'Remove past-paper.pdf from the workspace',
        }),
      ),
    );
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(await remove());
    const removed = (await screen.findByText('Removed from the workspace.')).closest('li')!;
    await userEvent.click(within(removed).getByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(
        `DELETE /api/rooms/${ROOM}/workspace/${file.id}`,
      ),
    );
    await waitFor(() => expect(screen.queryByText('past-paper.pdf')).not.toBeInTheDocument());
  });

  it('fetches the list and the room files again when the room says its workspace changed', async () => {
    let items: WorkspaceItem[] = [];
    let files: RoomFile[] = [];
    mockRoom({ [LIST]: () => ({ body: { items } }), [FILES]: () => ({ body: { files } }) });
    show();
    await screen.findByText(/Nothing shared yet/);
    const { socket } = acquireSocket();
    const onChanged = vi
      .mocked(socket.on)
      .mock.calls.find(([event]) => event === 'workspace-changed')?.[1] as
      ((payload: { roomId: string }) => void) | undefined;
    expect(onChanged).toBeDefined();
    items = [note];
    files = [
      {
        id: 'e'.repeat(24),
        roomId: ROOM,
        fileName: 'Week 5 slides.pptx',
        fileType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
        size: 4_000_000,
        sharedBy: { id: 'u2', name: 'Ravi' },
        sharedAt: minutesAgo(1),
      },
    ];
    // Another room's change is not this one's.
    act(() => onChanged!({ roomId: 'f'.repeat(24) }));
    act(() => onChanged!({ roomId: ROOM }));
    expect(await screen.findByRole('heading', { name: 'Limits cheat sheet' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Week 5 slides.pptx' })).toBeInTheDocument();
  });

  it('downloads a shared file through the API with the file’s own name', async () => {
    // jsdom has no object URLs: stand-ins for this test only.
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = vi.fn(() => 'blob:1');
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    });
    const clicked: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
    onTestFinished(() => click.mockRestore());
    const { calls } = mockRoom({
      [LIST]: { body: { items: [file] } },
      [`GET /api/rooms/${ROOM}/workspace/${file.id}/file`]: { body: 'pdf bytes' },
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Download past-paper.pdf' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:1', download: 'past-paper.pdf' }]));
    expect(calls.at(-1)?.path).toBe(`/api/rooms/${ROOM}/workspace/${file.id}/file`);
  });

  it('a refused file says why', async () => {
    mockRoom({
      [LIST]: { body: { items: [file] } },
      [`GET /api/rooms/${ROOM}/workspace/${file.id}/file`]: {
        status: 404,
        body: {
          message: 'That item is no longer shared with this room.',
          error: 'That item is no longer shared with this room.',
          code: 'NOT_FOUND',
        },
      },
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Open past-paper.pdf' }));
    expect(
      await screen.findByText('That item is no longer shared with this room.'),
    ).toBeInTheDocument();
  });
});

describe('safeLink', () => {
  it('opens http(s) links only', () => {
    expect(safeLink('https://example.com/a')).toBe('https://example.com/a');
    expect(safeLink('http://example.com')).toBe('http://example.com/');
    expect(safeLink('javascript:alert(1)')).toBeUndefined();
    expect(safeLink('data:text/html,hi')).toBeUndefined();
    expect(safeLink('not a url')).toBeUndefined();
  });
});
