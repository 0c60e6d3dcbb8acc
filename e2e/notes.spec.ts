import type { Page } from '@playwright/test';
import { test, expect, newAccount, registerViaApi } from './fixtures';
import {
  axeViolations,
  expectNoSidewaysScroll,
  seedSignedIn,
  seedSyncedAccount,
  seedStorage,
  storedJson,
  watchErrors,
} from './checks';
import { useStoredTheme } from './theme';

/**
 * The Notes page (docs/product.md §10) as a signed-in student uses it: uploads checked by type and
 * size, previews and downloads, text notes with the title rules and Read More, and the three
 * storage keys with the last-updated stamp.
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A PNG-typed file of `size` bytes (the signature, then padding). */
const pngOfSize = (size: number) => {
  const buffer = Buffer.alloc(size);
  Buffer.from(PNG_SIGNATURE).copy(buffer);
  return buffer;
};
/** A 1x1 transparent PNG, a real image the preview can show. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function signIn(page: Page, baseURL: string) {
  const session = await registerViaApi(baseURL, newAccount('notes'));
  await seedSignedIn(page, session);
  await seedSyncedAccount(page, session.user.id);
  return session;
}

const fileInput = (page: Page) => page.locator('input[type="file"]');

test('files: a 300 KB PNG and a GIF are refused, a small PDF and a PNG are kept', async ({
  page,
  server,
}) => {
  const errors = watchErrors(page);
  await signIn(page, server.baseURL);
  await page.goto('/dashboard/notes');
  await expect(page.getByRole('heading', { level: 1, name: 'Notes' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Upload File' })).toBeVisible();

  // The requirements dialog.
  const requirements = page.getByRole('button', { name: 'Upload requirements' });
  await requirements.click();
  const dialog = page.getByRole('dialog', { name: 'Upload requirements' });
  await expect(dialog).toContainText('Only PNG, JPG, and PDF are allowed. Maximum size 256KB.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(requirements).toBeFocused();

  const refused = 'Only PNG, JPG, or PDF files are allowed and must be under 256KB.';
  await fileInput(page).setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: pngOfSize(300 * 1024),
  });
  await expect(page.getByRole('alert')).toHaveText(refused);
  await fileInput(page).setInputFiles({
    name: 'anim.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from('GIF89a'),
  });
  await expect(page.getByRole('alert')).toHaveText(refused);
  expect(await storedJson(page, 'userFileNotes')).toBeNull();

  await fileInput(page).setInputFiles({
    name: 'syllabus.pdf',
    mimeType: 'application/pdf',
    buffer: SMALL_PDF,
  });
  await expect(page.getByText('syllabus.pdf uploaded.')).toBeVisible();
  const files = page.getByRole('region', { name: 'My Files' }).getByRole('listitem');
  await expect(files).toHaveCount(1);
  await expect(files.first()).toContainText('syllabus.pdf');
  await expect(files.first()).toContainText('PDF');
  const download = files.first().getByRole('link', { name: 'Download syllabus.pdf' });
  await expect(download).toHaveAttribute('download', 'syllabus.pdf');

  // Dropping a file works like choosing one.
  const drop = await page.evaluateHandle((b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'diagram.png', { type: 'image/png' }));
    return transfer;
  }, TINY_PNG.toString('base64'));
  await page.getByTestId('upload-dropzone').dispatchEvent('drop', { dataTransfer: drop });
  await expect(page.getByText('diagram.png uploaded.')).toBeVisible();
  await expect(files).toHaveCount(2);

  const stored = (await storedJson<Record<string, string>[]>(page, 'userFileNotes'))!;
  expect(stored.map((f) => [f.fileName, f.fileType])).toEqual([
    ['syllabus.pdf', 'application/pdf'],
    ['diagram.png', 'image/png'],
  ]);
  expect(stored[0]!.id).toMatch(/^file-\d+$/);
  expect(stored[0]!.fileData).toMatch(/^data:application\/pdf;base64,/);
  const combined = (await storedJson<Record<string, string>[]>(page, 'userNotes'))!;
  expect(combined.map((n) => [n.title, n.type])).toEqual([
    ['syllabus.pdf', 'pdf'],
    ['diagram.png', 'image'],
  ]);
  expect(
    Number(await page.evaluate(() => localStorage.getItem('notesLastUpdated'))),
  ).toBeGreaterThan(0);

  // Preview the image, then delete it.
  await files
    .filter({ hasText: 'diagram.png' })
    .getByRole('button', { name: 'Preview diagram.png' })
    .click();
  const preview = page.getByRole('dialog', { name: 'diagram.png' });
  await expect(preview.getByRole('img', { name: 'diagram.png' })).toBeVisible();
  await page.keyboard.press('Escape');
  await files
    .filter({ hasText: 'diagram.png' })
    .getByRole('button', { name: 'Delete diagram.png' })
    .click();
  await expect(page.getByText('File deleted.')).toBeVisible();
  await expect(files).toHaveCount(1);
  expect((await storedJson<unknown[]>(page, 'userFileNotes'))!).toHaveLength(1);
  expect(errors).toEqual([]);
});

test('text notes: add with the title rules, Read More, edit and delete', async ({
  page,
  server,
}) => {
  const errors = watchErrors(page);
  await signIn(page, server.baseURL);
  await page.goto('/notes');
  const section = page.getByRole('region', { name: 'My Text Notes' });
  await expect(section.getByText('No text notes yet.')).toBeVisible();

  const opener = page.getByRole('button', { name: 'New Text Note' });
  await opener.click();
  let dialog = page.getByRole('dialog', { name: 'New Text Note' });
  const long =
    `Krebs cycle summary. ${'Acetyl-CoA combines with oxaloacetate to form citrate. '.repeat(6)}`.trim();
  await dialog.getByLabel('Note').fill(long);
  await dialog.getByRole('button', { name: 'Save Note' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  const cards = section.getByRole('listitem');
  const autoTitle = long.slice(0, 40).trim();
  await expect(cards.getByRole('heading')).toHaveText([autoTitle]);
  await cards
    .first()
    .getByRole('button', { name: `Read More: ${autoTitle}` })
    .click();
  const reader = page.getByRole('dialog', { name: autoTitle });
  await expect(reader).toContainText(long);
  await reader.getByRole('button', { name: 'Close' }).click();

  await opener.click();
  dialog = page.getByRole('dialog', { name: 'New Text Note' });
  await dialog.getByLabel('Title').fill('Short one');
  await dialog.getByLabel('Note').fill('Under the Read More threshold.');
  await dialog.getByRole('button', { name: 'Save Note' }).click();
  await expect(cards.getByRole('heading')).toHaveText(['Short one', autoTitle]);
  await expect(cards.first().getByRole('button', { name: /Read More/ })).toHaveCount(0);

  let stored = (await storedJson<Record<string, unknown>[]>(page, 'userNotesText'))!;
  expect(stored).toHaveLength(2);
  expect(stored[0]).toMatchObject({
    title: autoTitle,
    text: long,
    type: 'notes',
    author: 'You',
    room: 'Personal',
  });
  expect(stored[0]!.id).toMatch(/^note-\d+$/);
  expect(await storedJson(page, 'userNotes')).toHaveLength(2);

  // Edit: the title emptied falls back to the body.
  await cards.first().getByRole('button', { name: 'Edit Short one' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Note' });
  await expect(dialog.getByLabel('Title')).toHaveValue('Short one');
  await dialog.getByLabel('Title').fill('');
  await dialog.getByLabel('Note').fill('Revised body');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(cards.getByRole('heading')).toHaveText(['Revised body', autoTitle]);
  stored = (await storedJson<Record<string, unknown>[]>(page, 'userNotesText'))!;
  expect(stored[1]).toMatchObject({ title: 'Revised body', text: 'Revised body' });

  await cards.first().getByRole('button', { name: 'Delete Revised body' }).click();
  await expect(cards).toHaveCount(1);
  expect(await storedJson(page, 'userNotesText')).toHaveLength(1);
  expect(errors).toEqual([]);
});

test('deleting a note is at once with Undo: Undo puts it back in its place, with the keyboard on it', async ({
  page,
  server,
}) => {
  const errors = watchErrors(page);
  await signIn(page, server.baseURL);
  const note = (n: number) => ({
    id: `note-${n}`,
    title: `Note ${n}`,
    text: `Body ${n}`,
    type: 'notes',
    author: 'You',
    downloads: 0,
    room: 'Personal',
    uploadedAt: new Date(2026, 0, n).toISOString(),
  });
  const notes = [note(1), note(2), note(3)];
  await seedStorage(page, { userNotesText: notes, userNotes: notes });
  await page.goto('/notes');
  const section = page.getByRole('region', { name: 'My Text Notes' });
  const cards = section.getByRole('listitem');
  // Newest first.
  await expect(cards.getByRole('heading')).toHaveText(['Note 3', 'Note 2', 'Note 1']);

  // Deleted by keyboard: it goes at once, and the keyboard lands on the toast's Undo
  // (docs/decisions/0064-undo-a-delete.md).
  await section.getByRole('button', { name: 'Delete Note 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(cards.getByRole('heading')).toHaveText(['Note 3', 'Note 1']);
  await expect(page.getByText('Note deleted.')).toBeVisible();
  const undo = page.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeFocused();
  expect((await storedJson<{ id: string }[]>(page, 'userNotesText'))!.map((n) => n.id)).toEqual([
    'note-1',
    'note-3',
  ]);

  // Undo: back in its place, with the keyboard on its Delete.
  await page.keyboard.press('Enter');
  await expect(cards.getByRole('heading')).toHaveText(['Note 3', 'Note 2', 'Note 1']);
  await expect(section.getByRole('button', { name: 'Delete Note 2' })).toBeFocused();
  expect((await storedJson<{ id: string }[]>(page, 'userNotesText'))!.map((n) => n.id)).toEqual([
    'note-1',
    'note-2',
    'note-3',
  ]);

  // Without Undo it stays gone, after a reload too.
  await section.getByRole('button', { name: 'Delete Note 1' }).click();
  await expect(page.getByText('Note deleted.')).toBeVisible();
  await expect(page.getByText('Note deleted.')).toBeHidden({ timeout: 10_000 });
  await page.reload();
  await expect(cards.getByRole('heading')).toHaveText(['Note 3', 'Note 2']);
  expect(errors).toEqual([]);
});

test('a full storage says so and keeps the typed note', async ({ page, server }) => {
  await signIn(page, server.baseURL);
  await seedStorage(page, {
    userNotesText: [
      {
        id: 'note-1',
        title: 'Kept',
        text: 'Saved earlier',
        type: 'notes',
        author: 'You',
        downloads: 0,
        room: 'Personal',
        uploadedAt: '2026-01-01T00:00:00.000Z',
      },
    ],
  });
  await page.goto('/dashboard/notes');
  await expect(page.getByRole('heading', { name: 'Kept' })).toBeVisible();
  // From now on the browser refuses every write, as a full storage does.
  await page.evaluate(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await page.getByRole('button', { name: 'New Text Note' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Text Note' });
  await dialog.getByLabel('Note').fill('Will not fit');
  await dialog.getByRole('button', { name: 'Save Note' }).click();
  await expect(dialog.getByRole('alert')).toContainText("Your browser's storage is full");
  await expect(dialog.getByLabel('Note')).toHaveValue('Will not fit');
  const stored = (await storedJson<{ title: string }[]>(page, 'userNotesText'))!;
  expect(stored.map((n) => n.title)).toEqual(['Kept']);
});

test('coming from a room shows which room', async ({ page, server }) => {
  await signIn(page, server.baseURL);
  await seedStorage(page, {
    userRooms: [{ id: 'room-1', _id: 'room-1', name: 'Organic Chemistry Crew', code: 'ABC123' }],
  });
  await page.goto('/dashboard');
  await page.evaluate(() => {
    history.pushState({ usr: { roomId: 'room-1' }, key: 'x', idx: 1 }, '', '/dashboard/notes');
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  });
  await expect(page.getByText('You came here from Organic Chemistry Crew.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to room' })).toHaveAttribute(
    'href',
    '/rooms/room/room-1',
  );
});

test.describe('accessibility', () => {
  // axe is injected as an inline script, which the app's CSP rightly refuses.
  test.use({ bypassCSP: true });

  test('notes page: accessible and no sideways scrolling at 320 px', async ({ page, server }) => {
    await signIn(page, server.baseURL);
    await seedStorage(page, {
      userNotesText: [
        {
          id: 'note-1',
          title: 'A'.repeat(120),
          text: 'word'.repeat(200),
          type: 'notes',
          author: 'You',
          downloads: 0,
          room: 'Personal',
          uploadedAt: '2026-01-01T00:00:00.000Z',
        },
      ],
    });
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/dashboard/notes');
    await expect(page.getByRole('heading', { name: 'My Text Notes' })).toBeVisible();
    await fileInput(page).setInputFiles({
      name: `${'long-file-name-'.repeat(8)}.png`,
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
    await expect(page.getByText(/uploaded\.$/)).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'New Text Note' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the Undo after a delete: accessible and fits 320 px in the ${theme} theme`, async ({
      page,
      server,
    }) => {
      await useStoredTheme(page, theme);
      await signIn(page, server.baseURL);
      const long = {
        id: 'note-1',
        title: `Thermodynamics${'x'.repeat(60)}`,
        text: 'First law.',
        type: 'notes',
        author: 'You',
        downloads: 0,
        room: 'Personal',
        uploadedAt: '2026-01-01T00:00:00.000Z',
      };
      await seedStorage(page, { userNotesText: [long], userNotes: [long] });
      await page.setViewportSize({ width: 320, height: 700 });
      await page.goto('/notes');
      await page.getByRole('button', { name: `Delete ${long.title}` }).click();
      await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
