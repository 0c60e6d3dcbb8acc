import type { Browser, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { test, expect, newAccount, registerViaApi } from './fixtures';
import {
  axeViolations,
  expectNoSidewaysScroll,
  seedSignedIn,
  seedStorage,
  watchErrors,
} from './checks';
import { isDark, useStoredTheme } from './theme';

/**
 * A room's Workspace (docs/product.md §5.13) as students use it: a file shared with a
 * room opens for another member and is refused to someone outside it; a note shared from the
 * Notes page shows up at once for a member who has the room open; the new screens pass axe and
 * fit a 320 px phone in both themes. The sharer's records are put on the server through the sync
 * API first, as the browser's sync does for a signed-in student.
 */

type Session = Awaited<ReturnType<typeof registerViaApi>>;

/** A 1x1 transparent PNG, a real image the preview can show. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function api(
  baseURL: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** An owner's room with one more member; the owner is the first session. */
async function roomWithMember(baseURL: string, name = 'Calculus Crew') {
  const owner = await registerViaApi(baseURL, newAccount('owner'));
  const member = await registerViaApi(baseURL, newAccount('member'));
  const created = await api(baseURL, owner.token, 'POST', '/rooms', {
    name,
    subject: 'Mathematics',
  });
  expect(created.status).toBe(201);
  const room = created.body.room as { id: string; code: string; name: string };
  expect(
    (await api(baseURL, member.token, 'POST', '/rooms/join', { code: room.code })).status,
  ).toBe(200);
  return { room, owner, member };
}

const uid = () => randomBytes(4).toString('hex');

function textNote(title: string, text: string) {
  return {
    id: `note-${Date.now()}${uid().slice(0, 3)}`,
    title,
    text,
    type: 'notes' as const,
    author: 'You',
    downloads: 0,
    room: 'Personal',
    uploadedAt: new Date().toISOString(),
  };
}

/** Puts records of the user's on the server, as the browser's sync would. */
async function pushRecords(
  baseURL: string,
  session: Session,
  records: { kind: string; id: string; data: object }[],
) {
  const res = await api(baseURL, session.token, 'POST', '/sync/push', {
    mutations: records.map((r) => ({
      mutationId: `m-${uid()}`,
      op: 'put',
      at: Date.now(),
      ...r,
    })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function syncedImage(baseURL: string, session: Session, fileName: string) {
  const id = `file-${Date.now()}${uid().slice(0, 3)}`;
  const upload = await fetch(`${baseURL}/api/sync/files/${id}`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${session.token}`,
      'content-type': 'application/octet-stream',
    },
    body: TINY_PNG,
  });
  expect(upload.status).toBe(201);
  await pushRecords(baseURL, session, [
    {
      kind: 'fileNote',
      id,
      data: {
        fileName,
        fileType: 'image/png',
        size: TINY_PNG.byteLength,
        uploadedAt: new Date().toISOString(),
      },
    },
  ]);
  return id;
}

async function share(baseURL: string, session: Session, roomId: string, kind: string, id: string) {
  const res = await api(baseURL, session.token, 'POST', `/rooms/${roomId}/workspace`, { kind, id });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.item as { id: string };
}

async function signedInPage(
  browser: Browser,
  session: Session,
  options: { theme?: 'light' | 'dark'; bypassCSP?: boolean } = {},
) {
  const { theme, bypassCSP = false } = options;
  // axe is injected as an inline script, which the app's CSP rightly refuses.
  const context = await browser.newContext({ bypassCSP });
  const page = await context.newPage();
  if (theme) await useStoredTheme(page, theme);
  await seedSignedIn(page, session);
  return page;
}

const workspace = (page: Page) => page.getByRole('region', { name: 'Workspace' });

test('a file shared with a room opens for another member and is refused to a non-member', async ({
  browser,
  server,
}) => {
  const { baseURL } = server;
  const { room, owner, member } = await roomWithMember(baseURL);
  const outsider = await registerViaApi(baseURL, newAccount('outsider'));
  const fileId = await syncedImage(baseURL, owner, 'whiteboard.png');
  const item = await share(baseURL, owner, room.id, 'fileNote', fileId);

  const page = await signedInPage(browser, member);
  const errors = watchErrors(page);
  await page.goto(`/rooms/room/${room.id}`);
  const section = workspace(page);
  await expect(section.getByRole('heading', { name: 'whiteboard.png' })).toBeVisible();
  await expect(section.getByRole('listitem')).toContainText(`Shared by ${owner.user.name}`);

  // Open shows the image itself, loaded from the server under the page's own CSP.
  await section.getByRole('button', { name: 'Open whiteboard.png' }).click();
  const preview = page.getByRole('dialog', { name: 'whiteboard.png' });
  const image = preview.getByRole('img', { name: 'whiteboard.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  await expect(section.getByRole('button', { name: 'Open whiteboard.png' })).toBeFocused();

  // Download saves the same bytes under the file's name.
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download whiteboard.png' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('whiteboard.png');
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(path)).equals(TINY_PNG)).toBe(true);

  // Someone outside the room gets neither the list nor the file.
  const url = `${baseURL}/api/rooms/${room.id}/workspace/${item.id}/file`;
  const refused = await fetch(url, { headers: { authorization: `Bearer ${outsider.token}` } });
  expect(refused.status).toBe(403);
  expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
  expect((await api(baseURL, outsider.token, 'GET', `/rooms/${room.id}/workspace`)).status).toBe(
    403,
  );
  expect((await fetch(url)).status).toBe(401);
  // The member's own request carries the safe headers.
  const served = await fetch(url, { headers: { authorization: `Bearer ${member.token}` } });
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  expect(served.headers.get('content-disposition')).toMatch(/^inline; /);

  // And an outsider's browser on the room's page sees no workspace: a private room shows them
  // only its name and the way in (docs/decisions/0066-a-room-link-for-a-non-member.md).
  const outsiderPage = await signedInPage(browser, outsider);
  await outsiderPage.goto(`/rooms/room/${room.id}`);
  await expect(
    outsiderPage.getByText('This room is private. Join it with its code or an invitation.'),
  ).toBeVisible();
  await expect(workspace(outsiderPage)).toHaveCount(0);

  expect(errors).toEqual([]);
  await page.context().close();
  await outsiderPage.context().close();
});

test('a note shared from the Notes page shows up live for a member who has the room open', async ({
  browser,
  server,
}) => {
  const { baseURL } = server;
  const { room, owner, member } = await roomWithMember(baseURL, 'Physics Pals');

  // The member has the room open, with nothing shared yet.
  const memberPage = await signedInPage(browser, member);
  const memberErrors = watchErrors(memberPage);
  await memberPage.goto(`/rooms/room/${room.id}`);
  await expect(workspace(memberPage)).toContainText('Nothing shared yet.');

  // The owner shares a synced text note from the Notes page.
  const note = textNote('Series tricks', 'Compare with a geometric series first.');
  await pushRecords(baseURL, owner, [
    { kind: 'textNote', id: note.id, data: { ...note, id: undefined } },
  ]);
  const ownerPage = await signedInPage(browser, owner);
  const ownerErrors = watchErrors(ownerPage);
  // The note reaches the Notes page the way a second device gets it: by the sync's pull.
  await ownerPage.goto('/dashboard/notes');
  const opener = ownerPage.getByRole('button', { name: 'Share Series tricks with a room' });
  await opener.click();
  const dialog = ownerPage.getByRole('dialog', { name: 'Share with a room' });
  await expect(dialog.getByRole('combobox', { name: 'Room' })).toHaveValue(room.id);
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(ownerPage.getByText('Shared with Physics Pals.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // Without a reload, the member's Workspace shows it; it opens in a read view.
  const section = workspace(memberPage);
  await expect(section.getByRole('heading', { name: 'Series tricks' })).toBeVisible({
    timeout: 5000,
  });
  await expect(section).toContainText(`Shared by ${owner.user.name}`);
  // A plain member may not remove what someone else shared.
  await expect(section.getByRole('button', { name: /Remove/ })).toHaveCount(0);
  await section.getByRole('button', { name: 'Read Series tricks' }).click();
  await expect(memberPage.getByRole('dialog', { name: 'Series tricks' })).toContainText(
    'Compare with a geometric series first.',
  );
  await memberPage.keyboard.press('Escape');

  // The owner removes it from the room; the member's list empties live too.
  await ownerPage.goto(`/rooms/room/${room.id}`);
  const ownerSection = workspace(ownerPage);
  await ownerSection
    .getByRole('button', { name: 'Remove Series tricks from the workspace' })
    .click();
  // Hidden at once with Undo; the room hears of it when the toast goes (decision 0064).
  await expect(ownerPage.getByText('Removed from the workspace.')).toBeVisible();
  await ownerPage.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(section).toContainText('Nothing shared yet.', { timeout: 5000 });

  expect(memberErrors).toEqual([]);
  expect(ownerErrors).toEqual([]);
  await memberPage.context().close();
  await ownerPage.context().close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the Workspace and the share dialog: axe clean and 320 px wide, ${theme} theme`, async ({
    browser,
    server,
  }) => {
    const { baseURL } = server;
    const { room, owner, member } = await roomWithMember(baseURL, `Room ${theme} ${uid()}`);
    const resourceId = `res-${uid()}`;
    const long = textNote(
      'A very long note title that should wrap onto several lines on a small phone screen',
      'Body '.repeat(200),
    );
    await pushRecords(baseURL, owner, [
      { kind: 'textNote', id: long.id, data: { ...long, id: undefined } },
      {
        kind: 'resource',
        id: resourceId,
        data: {
          title: 'Khan Academy: series and sequences, every video in one long list',
          link: 'https://www.khanacademy.org/math/calculus-2/series',
          type: 'guide',
          tags: ['series'],
          uploadedAt: Date.now(),
          by: 'You',
        },
      },
    ]);
    await share(baseURL, owner, room.id, 'textNote', long.id);
    await share(baseURL, owner, room.id, 'resource', resourceId);
    await share(baseURL, owner, room.id, 'fileNote', await syncedImage(baseURL, owner, 'w.png'));

    // The member's room page: the list, and the read view.
    const page = await signedInPage(browser, member, { theme, bypassCSP: true });
    await page.setViewportSize({ width: 320, height: 700 });
    const errors = watchErrors(page);
    await page.goto(`/rooms/room/${room.id}`);
    await expect(workspace(page).getByRole('listitem')).toHaveCount(3);
    expect(await isDark(page)).toBe(theme === 'dark');
    await expectNoSidewaysScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await workspace(page)
      .getByRole('button', { name: /^Read / })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // The owner's view adds the Remove actions, and Remove's Undo.
    const ownerPage = await signedInPage(browser, owner, { theme, bypassCSP: true });
    await ownerPage.setViewportSize({ width: 320, height: 700 });
    await ownerPage.goto(`/rooms/room/${room.id}`);
    await workspace(ownerPage)
      .getByRole('button', { name: /^Remove A very long/ })
      .click();
    await expect(ownerPage.getByRole('button', { name: 'Undo' })).toBeVisible();
    await expectNoSidewaysScroll(ownerPage);
    expect(await axeViolations(ownerPage)).toEqual([]);

    // The share dialog on the Notes page.
    await ownerPage.goto('/dashboard/notes');
    await ownerPage.getByRole('button', { name: /^Share A very long/ }).click();
    await expect(ownerPage.getByRole('combobox', { name: 'Room' })).toBeVisible();
    await expectNoSidewaysScroll(ownerPage);
    expect(await axeViolations(ownerPage)).toEqual([]);

    expect(errors).toEqual([]);
    await page.context().close();
    await ownerPage.context().close();
  });
}

test('the Resources page offers Share with a room to a signed-in student only', async ({
  page,
  server,
}) => {
  const link = {
    id: 'r1',
    title: 'Guest link',
    link: 'https://example.com/',
    type: 'notes',
    tags: [],
    uploadedAt: Date.now(),
    by: 'You',
  };
  // A signed-out visitor's link: no sharing without an account.
  await seedStorage(page, { 'userResources:guest': [link], userResources: [link] });
  await page.goto('/resources');
  await expect(page.getByRole('heading', { name: 'Guest link' })).toBeVisible();
  await expect(page.getByRole('button', { name: /with a room/ })).toHaveCount(0);

  // Signed in, the guest's link is offered to the account; taken, it can be shared.
  await seedSignedIn(page, await registerViaApi(server.baseURL, newAccount('reader')));
  await page.reload();
  const offer = page.getByRole('dialog', { name: "Add this device's data to your account?" });
  await offer.getByRole('button', { name: 'Add to my account' }).click();
  await expect(offer).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Guest link' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Share Guest link with a room' })).toBeVisible();
});

test('a member shares a 2 MB PDF with a progress bar, and another member downloads it', async ({
  browser,
  server,
}) => {
  const { baseURL } = server;
  const { room, owner, member } = await roomWithMember(baseURL, 'Slides Room');
  // A PDF's header and padding: the server decides the type from the first bytes.
  const slides = Buffer.alloc(2 * 1024 * 1024, 0x20);
  slides.write('%PDF-1.4\n', 0, 'latin1');

  const page = await signedInPage(browser, member);
  const errors = watchErrors(page);
  // A slow uplink (2 MB at 1 MB/s), so the progress bar is there long enough to be seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });
  await page.goto(`/rooms/room/${room.id}`);
  const section = workspace(page);

  // The action is a labelled button, reached and pressed with the keyboard.
  const shareFile = section.getByRole('button', { name: 'Share a file' });
  await shareFile.focus();
  const choosing = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (
    await choosing
  ).setFiles({ name: 'Week 5 slides.pdf', mimeType: 'application/pdf', buffer: slides });

  const progress = section.getByRole('progressbar', { name: /Uploading Week 5 slides\.pdf/ });
  await expect(progress).toBeVisible();
  await expect(section.getByRole('button', { name: 'Cancel upload' })).toBeVisible();
  await expect(section.getByText(/^\d{1,3}%$/)).toBeVisible();

  const files = section.getByRole('list', { name: 'Room files' });
  await expect(files.getByRole('heading', { name: 'Week 5 slides.pdf' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(progress).toBeHidden();
  await expect(files.getByRole('listitem')).toContainText(
    `PDF • 2.0 MB • Shared by ${member.user.name}`,
  );

  // The owner, with the room open, downloads the same bytes under the file's name.
  const ownerPage = await signedInPage(browser, owner);
  await ownerPage.goto(`/rooms/room/${room.id}`);
  const ownerFiles = workspace(ownerPage).getByRole('list', { name: 'Room files' });
  const downloading = ownerPage.waitForEvent('download');
  await ownerFiles.getByRole('button', { name: 'Download Week 5 slides.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Week 5 slides.pdf');
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(await download.path())).equals(slides)).toBe(true);
  expect(errors).toEqual([]);
});
