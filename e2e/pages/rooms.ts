import { expect, type Locator, type Page } from '@playwright/test';

/** The Study Rooms list (/dashboard/rooms), as a user sees it. */
export class StudyRoomsScreen {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/dashboard/rooms');
    await expect(this.page.getByRole('heading', { name: 'Study Rooms', level: 1 })).toBeVisible();
  }

  card(name: string): Locator {
    return this.page.getByRole('article', { name });
  }

  async createRoom(room: { name: string; subject: string; description?: string; tags?: string[] }) {
    await this.page.getByRole('button', { name: 'Create Room' }).first().click();
    const dialog = this.page.getByRole('dialog', { name: 'Create Room' });
    await dialog.getByLabel('Room name').fill(room.name);
    await dialog.getByLabel('Subject').fill(room.subject);
    if (room.description) await dialog.getByLabel('Description').fill(room.description);
    await expect(dialog.getByLabel('Max members')).toHaveValue('50');
    for (const tag of room.tags ?? []) {
      await dialog.getByRole('textbox', { name: 'Tags' }).fill(tag);
      await dialog.getByRole('textbox', { name: 'Tags' }).press('Enter');
    }
    await dialog.getByRole('button', { name: 'Create Room' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.card(room.name)).toBeVisible();
  }

  async joinWithCode(typed: string) {
    await this.page.getByRole('button', { name: 'Join Room' }).first().click();
    const dialog = this.page.getByRole('dialog', { name: 'Join Room' });
    await dialog.getByLabel('Room code').fill(typed);
    await dialog.getByRole('button', { name: 'Join Room' }).click();
  }

  async openManage(name: string) {
    await this.page.getByRole('button', { name: `Room options for ${name}` }).click();
    await this.page.getByRole('menuitem', { name: 'Edit room' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Manage Room' });
    await expect(dialog).toBeVisible();
    return dialog;
  }
}

/** The room view (/rooms/room/:roomId). */
export class RoomScreen {
  constructor(readonly page: Page) {}

  async expectRoom(name: string) {
    await expect(this.page).toHaveURL(/\/rooms\/room\/[0-9a-f]{24}$/);
    await expect(this.page.getByRole('heading', { name, level: 1 })).toBeVisible();
  }

  role(): Locator {
    return this.page.getByText('Your role').locator('xpath=following-sibling::dd[1]');
  }

  members(): Locator {
    return this.page
      .getByText('Members', { exact: true })
      .locator('xpath=following-sibling::dd[1]');
  }
}

/** The Manage Room dialog, wherever it was opened from. */
export class ManageRoomDialog {
  readonly root: Locator;
  constructor(readonly page: Page) {
    this.root = page.getByRole('dialog', { name: 'Manage Room' });
  }

  members(): Locator {
    return this.root.getByRole('list', { name: 'Room members' }).getByRole('listitem');
  }

  pending(): Locator {
    return this.root.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem');
  }

  async invite(email: string, role: 'member' | 'admin' = 'member') {
    await this.root.getByLabel('Email address').fill(email);
    await this.root.getByLabel('Role', { exact: true }).selectOption(role);
    await this.root.getByRole('button', { name: 'Send invite' }).click();
  }
}
