import { type Locator, type Page, expect, test } from '@playwright/test';
import { type Member, host, newMember, signInApi } from './support/members';

/**
 * A member who uses only the keyboard (Tab, Shift+Tab, Enter, Space, arrows, Escape; never a click)
 * signs in, posts, comments, works the account menu and the group switcher, and opens and closes a
 * confirm dialog. Wherever focus lands it is visible, in light and in dark.
 */

test.use({ viewport: { width: 1280, height: 800 } });
// Dozens of key presses, each checked: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

/** On a busy machine a screen's first data can take a while; a missing one still fails. */
const patient = expect.configure({ timeout: 30_000 });

test.beforeAll(async () => {
  await host();
});

const MAX_TABS = 60;

/** Presses Tab (or Shift+Tab) until `target` has focus; fails if it never comes. */
async function tabTo(page: Page, target: Locator, { backwards = false } = {}) {
  await patient(target).toBeVisible();
  for (let presses = 0; presses < MAX_TABS; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) {
      await expectVisibleFocus(page);
      return;
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} never took focus within ${MAX_TABS} presses of Tab`);
}

/**
 * The focused element shows where it is: an outline or a ring (Tailwind draws rings as box shadows),
 * on itself or on the element it styles its focus through (`:focus-within` parents are not enough).
 */
async function expectVisibleFocus(page: Page) {
  const indicator = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'nothing focused';
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    if (outline || ring) return 'visible';
    return `no focus indicator on <${element.tagName.toLowerCase()}> "${(element.textContent ?? '').trim().slice(0, 40)}"`;
  });
  expect(indicator).toBe('visible');
}

async function focusedName(page: Page) {
  return page.evaluate(() => (document.activeElement?.textContent ?? '').trim());
}

async function keyboardSignIn(page: Page, member: Member) {
  await page.goto('/signin');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(member.email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(member.password);
  // Back up to the address and forward again: Shift+Tab works as well.
  await tabTo(page, page.getByLabel('Email'), { backwards: true });
  await tabTo(page, page.getByRole('button', { name: 'Sign In', exact: true }));
  await page.keyboard.press('Enter');
  await patient(page).toHaveURL(/\/dashboard$/);
  // After a navigation focus starts at the new page's heading; the frame's controls come before it.
  await patient(page.getByRole('heading', { level: 1, name: 'Timeline' })).toBeFocused();
}

for (const scheme of ['light', 'dark'] as const) {
  test(`keyboard only (${scheme}): sign in, post, comment`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const me = await newMember('keys');
    await keyboardSignIn(page, me);

    // Post: the sidebar's Post entry, the form, Create.
    await tabTo(
      page,
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Post', exact: true }),
      { backwards: true },
    );
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/posts\/new$/);
    const title = `Typed without a mouse ${Date.now()}`;
    await tabTo(page, page.getByLabel('Title'));
    await page.keyboard.type(title);
    await tabTo(page, page.getByLabel('Content'));
    await page.keyboard.type('Every key, no clicks.');
    await tabTo(page, page.getByRole('button', { name: 'Create', exact: true }));
    await page.keyboard.press('Enter');
    await patient(page).toHaveURL(/\/post\/[0-9a-f-]{36}$/);
    await patient(page.getByRole('heading', { name: title })).toBeVisible();

    // Comment on it, sending with Space on the button.
    await tabTo(page, page.getByLabel('Add a comment'));
    await page.keyboard.type('And a comment the same way.');
    await tabTo(page, page.getByRole('button', { name: 'Comment', exact: true }));
    await page.keyboard.press('Space');
    await patient(page.getByText('And a comment the same way.')).toBeVisible();
    await expect(page.getByLabel('Add a comment')).toHaveValue('');
  });

  test(`keyboard only (${scheme}): the account menu, the group switcher and a confirm dialog`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const me = await newMember('menus');
    const api = await signInApi(me);
    const groupName = `Night owls ${Date.now().toString(36)}`;
    expect((await api.post('/api/groups', { data: { group: { name: groupName } } })).status()).toBe(201);
    const created = await api.post('/api/posts', {
      data: { post: { tldr: 'Mine to delete', content: 'Soon.' } },
    });
    expect(created.status()).toBe(201);
    const postId = ((await created.json()) as { id: string }).id;
    await api.dispose();
    await keyboardSignIn(page, me);

    // The account menu: Enter opens it on its first entry, arrows move, Escape closes it and
    // gives focus back to the avatar.
    const accountTrigger = page.getByRole('button', { name: 'Account menu' });
    await tabTo(page, accountTrigger, { backwards: true });
    await page.keyboard.press('Enter');
    const accountMenu = page.getByRole('menu');
    await expect(accountMenu).toBeVisible();
    await expect(accountMenu.getByRole('menuitem', { name: 'My profile' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(accountMenu.getByRole('menuitem', { name: 'Invitations' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(accountMenu.getByRole('menuitem', { name: 'My profile' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(accountMenu).toBeHidden();
    await expect(accountTrigger).toBeFocused();
    await expectVisibleFocus(page);

    // Open it again and follow an entry with Enter.
    await page.keyboard.press('Space');
    await expect(accountMenu).toBeVisible();
    await expect(accountMenu.getByRole('menuitem', { name: 'My profile' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(accountMenu.getByRole('menuitem', { name: 'Invitations' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/invitations$/);
    // The new screen takes focus once it has drawn: tabbing before that would start from a focus
    // that is about to move.
    await patient(page.getByRole('heading', { name: 'Your Invitations' })).toBeVisible();

    // The group switcher: arrows reach the member's group, Escape closes and returns focus.
    const switcher = page.getByRole('button', { name: /^Your groups/ });
    await tabTo(page, switcher, { backwards: true });
    await page.keyboard.press('Enter');
    const groupItem = page.getByRole('menuitem', { name: groupName });
    // The menu lists the groups once they have loaded, which a busy runner can make slow.
    await patient(groupItem).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(switcher).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(groupItem).toBeFocused();
    expect(await focusedName(page)).toContain(groupName);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/group\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();

    // A confirm dialog from the post's menu: Escape closes it; opened again, Cancel (Enter) closes it.
    await page.goto(`/post/${postId}`);
    const options = page.getByRole('button', { name: 'Post options' });
    const confirm = page.getByRole('dialog', { name: 'Delete this post?' });
    for (const close of ['Escape', 'Cancel'] as const) {
      await tabTo(page, options);
      await page.keyboard.press('Enter');
      const deleteItem = page.getByRole('menuitem', { name: 'Delete' });
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      // Opened from the keyboard, the menu gives its first entry the focus once its code is there:
      // an arrow pressed before that reaches the button, not the menu.
      await expect(menu.getByRole('menuitem').first()).toBeFocused();
      for (let presses = 0; presses < 8; presses++) {
        if (await deleteItem.evaluate((element) => element === document.activeElement)) break;
        await page.keyboard.press('ArrowDown');
      }
      await expect(deleteItem).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(confirm).toBeVisible();
      await expect(confirm.locator(':focus')).toHaveCount(1);
      await expectVisibleFocus(page);
      if (close === 'Escape') {
        await page.keyboard.press('Escape');
      } else {
        await tabTo(page, confirm.getByRole('button', { name: 'Cancel' }));
        await page.keyboard.press('Enter');
      }
      await expect(confirm).toBeHidden();
    }
    // Nothing was deleted.
    await expect(page.getByRole('heading', { name: 'Mine to delete' })).toBeVisible();
  });
}
