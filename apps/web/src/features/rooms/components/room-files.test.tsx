import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROOM_FILE_MESSAGES, type RoomFile } from '@studycircle/shared';
import { mockApi, renderPage } from '../../../test/render';
import { Toaster } from '../../../ui/toast';
import { RoomFiles, formatSize } from './room-files';

afterEach(() => vi.unstubAllGlobals());

const ROOM = '0123456789abcdef01234567';
const FILES = `GET /api/rooms/${ROOM}/files`;

const slides: RoomFile = {
  id: 'd'.repeat(24),
  roomId: ROOM,
  fileName: '<b>Week 5</b> slides.pdf',
  fileType: 'application/pdf',
  size: 3 * 1024 * 1024,
  sharedBy: { id: 'u2', name: 'Ravi' },
  sharedAt: new Date().toISOString(),
};

/** A stand-in for the one XMLHttpRequest (lib/http.ts apiUpload): the test drives its events. */
class FakeXhr {
  static last: FakeXhr | undefined;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  url = '';
  sent: unknown;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: unknown) {
    this.sent = body;
    FakeXhr.last = this;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function show(role: 'owner' | 'member' = 'member') {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return renderPage(
    <>
      <Toaster />
      <RoomFiles roomId={ROOM} userId="u1" role={role} />
    </>,
  );
}

const pdf = (bytes: number) =>
  new File([new Uint8Array(bytes)], 'Week 6.pdf', { type: 'application/pdf' });

async function choose(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(input, file);
}

describe('RoomFiles', () => {
  it("lists the room's files with type, size and sharer, names as text", async () => {
    mockApi({ [FILES]: { body: { files: [slides] } } });
    show();
    const list = await screen.findByRole('list', { name: 'Room files' });
    expect(within(list).getByRole('heading', { name: '<b>Week 5</b> slides.pdf' })).toBeVisible();
    expect(list.querySelector('b')).toBeNull();
    expect(list).toHaveTextContent('PDF • 3.0 MB • Shared by Ravi');
    expect(
      within(list).getByRole('button', { name: 'Download <b>Week 5</b> slides.pdf' }),
    ).toBeInTheDocument();
    // Someone else's file: a plain member may not remove it.
    expect(within(list).queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('shows the progress of an upload with its percentage, then the file', async () => {
    let files: RoomFile[] = [];
    mockApi({ [FILES]: () => ({ body: { files } }) });
    show();
    await choose(pdf(1000));
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe(`/api/rooms/${ROOM}/files?name=Week%206.pdf`);
    act(() => xhr.progress(400, 1000));
    expect(screen.getByRole('progressbar', { name: 'Uploading Week 6.pdf' })).toHaveValue(40);
    expect(screen.getByText('40%')).toBeInTheDocument();
    files = [{ ...slides, fileName: 'Week 6.pdf', size: 1000 }];
    act(() => xhr.answer(201, { file: files[0] }));
    expect(await screen.findByRole('heading', { name: 'Week 6.pdf' })).toBeVisible();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("shows the server's sentence when it refuses, and Cancel stops an upload", async () => {
    mockApi({ [FILES]: { body: { files: [] } } });
    show();
    await choose(pdf(1000));
    act(() =>
      FakeXhr.last!.answer(415, {
        message: ROOM_FILE_MESSAGES.typeRefused,
        error: 'Unsupported Media Type',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(ROOM_FILE_MESSAGES.typeRefused);

    await choose(pdf(1000));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Share a file' })).toBeInTheDocument();
  });

  it('says at once that a file over 25 MB is too large, without sending it', async () => {
    mockApi({ [FILES]: { body: { files: [] } } });
    show();
    FakeXhr.last = undefined;
    await choose(pdf(25 * 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent(ROOM_FILE_MESSAGES.tooLarge);
    expect(FakeXhr.last).toBeUndefined();
  });

  it('formats sizes', () => {
    expect([formatSize(900), formatSize(2048), formatSize(20 * 1024 * 1024)]).toEqual([
      '900 B',
      '2 KB',
      '20.0 MB',
    ]);
  });

  it('Remove hides the file with Undo; Undo keeps it, and only a Remove left alone deletes it', async () => {
    const { calls } = mockApi({
      [FILES]: { body: { files: [slides] } },
      [`DELETE /api/rooms/${ROOM}/files/${slides.id}`]: { status: 204 },
    });
    show('owner');
    const list = await screen.findByRole('list', { name: 'Room files' });
    await userEvent.click(
      within(list).getByRole('button', { name: 'Remove <b>Week 5</b> slides.pdf from the room' }),
    );
    expect(screen.queryByRole('list', { name: 'Room files' })).toBeNull();
    expect(await screen.findByText('File removed from the room.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    const back = await screen.findByRole('list', { name: 'Room files' });
    expect(within(back).getByRole('heading', { name: '<b>Week 5</b> slides.pdf' })).toBeVisible();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await userEvent.click(
      within(back).getByRole('button', { name: 'Remove <b>Week 5</b> slides.pdf from the room' }),
    );
    const removed = (await screen.findByText('File removed from the room.')).closest('li')!;
    await userEvent.click(within(removed).getByRole('button', { name: 'Dismiss notification' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
        `/api/rooms/${ROOM}/files/${slides.id}`,
      ]),
    );
  });
});
