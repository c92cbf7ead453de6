import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { learningCategories, learningModules, learningProgress, learningRatings } from '@myeai/db';
import { LEARNING_ADMIN_MESSAGES as M } from '@myeai/domain';
import { checkBothWidths, expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../test-results/learning-admin');
/** A 3-second 160x90 VP9 test pattern (10.8 KB), made with ffmpeg's testsrc. */
const CLIP = resolve(import.meta.dirname, 'fixtures/learning-clip.webm');

describe.skipIf(!hasChromium)('/admin-passion-content in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS });
  const bothWidths = (page: Page, name: string, ready: () => Promise<unknown>) => checkBothWidths(page, SCREENSHOTS, name, ready);

  /** A fresh install: no learning content at all (the demo seed's is removed). */
  async function freshInstall() {
    const { db } = suite.app.database;
    await db.delete(learningProgress);
    await db.delete(learningRatings);
    await db.delete(learningModules);
    await db.delete(learningCategories);
  }

  it('an admin adds a category, uploads a video and creates two modules, reorders, previews, deactivates and reads the analytics', async () => {
    await freshInstall();
    const stamp = Date.now();
    const category = `Sales Mastery ${stamp}`;
    const videoTitle = `Intro clip ${stamp}`;
    const linkTitle = `Closing calls ${stamp}`;
    const { page, context } = await suite.newPage();
    await suite.signInWithDemo(page, 'Ada Admin');

    // The old placeholder address leads to the module admin (DESIGN.md 3.4).
    await page.goto('/admin-learning');
    await page.waitForURL('**/admin-passion-content');
    await page.getByRole('heading', { level: 1, name: 'Learning Content' }).waitFor();

    await page.getByRole('tab', { name: 'Categories' }).click();
    await page.getByLabel('New category').fill(category);
    await page.getByRole('button', { name: 'Add category' }).click();
    await page.getByText('Category added.').waitFor();
    await page.getByRole('list', { name: 'Categories' }).getByText(category, { exact: true }).waitFor();

    // Module 1: an uploaded video. A disguised file (HTML named .mp4) is refused by its content first.
    await page.getByRole('tab', { name: 'Modules' }).click();
    await page.getByRole('button', { name: 'Add Module' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add learning module' });
    await dialog.getByLabel('Title').fill(videoTitle);
    await dialog.getByLabel('Category').selectOption({ label: category });
    await dialog.getByLabel('Description').fill('A first look at the platform, uploaded to our own server.');
    await expect(dialog.getByLabel('Content type').inputValue()).resolves.toBe('youtube');
    await expect(dialog.getByLabel('Access level').inputValue()).resolves.toBe('subscriber');
    await dialog.getByLabel('Content type').selectOption('uploaded_video');
    const fileInput = dialog.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: Buffer.from('<!doctype html><script>alert(1)</script>') });
    await dialog.getByText(M.uploadWrongType).waitFor();
    await fileInput.setInputFiles(CLIP);
    await dialog.getByText(/^Uploaded: learning-clip\.webm \(10\.\d KB\)$/).waitFor();
    await dialog.getByLabel('Access level').selectOption('free');
    await dialog.getByLabel('Duration (minutes)').fill('1');
    await dialog.getByLabel('Tags').fill('intro, platform');
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'create-dialog-1440.png'), fullPage: true });
    await dialog.getByRole('button', { name: 'Create module' }).click();
    await page.getByText(M.created).first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Module 2: a YouTube link; the URL is required and checked.
    await page.getByRole('button', { name: 'Add Module' }).click();
    await dialog.getByLabel('Title').fill(linkTitle);
    await dialog.getByLabel('Category').selectOption({ label: category });
    await dialog.getByLabel('Description').fill('Five ways to close a sales call.');
    await dialog.getByRole('button', { name: 'Create module' }).click();
    await dialog.getByText(M.urlRequired).waitFor();
    await dialog.getByLabel('Video URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await dialog.getByLabel('Resource collection').selectOption('sales_scripts');
    await dialog.getByRole('button', { name: 'Create module' }).click();
    await dialog.waitFor({ state: 'detached' });

    const list = page.getByRole('list', { name: 'Learning modules in learner order' });
    const titles = async () => (await list.getByTestId('learning-module-row').allInnerTexts()).map((text) => text.split('\n')[0]);
    await list.getByText(linkTitle).waitFor();
    // Both have sort order 0 (the test clock gives them one creation time): whichever is second moves up.
    const before = (await titles()).filter((title) => title === videoTitle || title === linkTitle);
    expect(before.sort()).toEqual([linkTitle, videoTitle].sort());
    const [first, second] = (await titles()).filter((title) => title === videoTitle || title === linkTitle) as [string, string];

    // Reorder with the keyboard alternative: Move up on the second one; the saved order shows after reload.
    await page.getByRole('button', { name: `Move ${second} up` }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('New order saved.').waitFor();
    await page.reload();
    await list.getByText(linkTitle).waitFor();
    const after = (await titles()).filter((title) => title === videoTitle || title === linkTitle);
    expect(after).toEqual([second, first]);

    // Preview of the uploaded video plays the stored file.
    await list.getByRole('listitem', { name: videoTitle }).getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: videoTitle });
    const video = preview.locator('video');
    await video.waitFor();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await expect(video.evaluate((element: HTMLVideoElement) => Math.round(element.duration))).resolves.toBe(3);
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });

    // Deactivate: INACTIVE badge, then reactivate.
    const linkRow = list.getByRole('listitem', { name: linkTitle });
    await linkRow.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText(M.deactivated).first().waitFor();
    await linkRow.getByText('INACTIVE').waitFor();
    await bothWidths(page, 'modules', () => linkRow.getByText('INACTIVE').waitFor());
    await linkRow.getByRole('button', { name: 'Reactivate' }).click();
    await page.getByText(M.reactivated).first().waitFor();
    await expect(linkRow.getByText('INACTIVE').count()).resolves.toBe(0);

    // Chips count per category; the collection holds the linked module; analytics per module.
    await page.getByRole('group', { name: 'Filter by category' }).getByText(`${category} (2)`).waitFor();
    await page.getByRole('tab', { name: 'Resource collections' }).click();
    await page.getByText('1 active of 1').waitFor();
    await page.getByRole('tab', { name: 'Analytics' }).click();
    const table = page.getByRole('table', { name: 'Learning analytics per module' });
    await table.getByRole('row', { name: new RegExp(videoTitle) }).waitFor();
    await bothWidths(page, 'analytics', () => table.waitFor());
    await context.close();
  });
  it('on a fresh install (no category) the module form creates one inline, keeps the typed work when closed, and saves', async () => {
    await freshInstall();
    const stamp = Date.now();
    const title = `First steps ${stamp}`;
    const category = `Getting Started ${stamp}`;
    const { page, context } = await suite.newPage();
    await suite.signInWithDemo(page, 'Ada Admin');
    await page.goto('/admin-passion-content');
    // The empty list carries its actions.
    const empty = page.getByText('No learning modules yet.');
    await empty.waitFor();
    await bothWidths(page, 'fresh-install', () => empty.waitFor());
    await page.getByRole('button', { name: 'Add a category' }).click();
    await page.getByRole('tabpanel', { name: 'Categories' }).getByLabel('New category').waitFor();
    await page.getByRole('tab', { name: 'Modules' }).click();
    await page.getByRole('button', { name: 'Add your first module' }).click();

    const dialog = page.getByRole('dialog', { name: 'Add learning module' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Where to begin.');
    await dialog.getByLabel('Access level').selectOption('free');
    await dialog.getByLabel('Video URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    // Closing keeps the draft: reopened, everything typed is back.
    await dialog.getByRole('button', { name: 'Close (draft kept)' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add Module' }).click();
    await dialog.getByText('Draft restored').waitFor();
    await expect(dialog.getByLabel('Title').inputValue()).resolves.toBe(title);
    await expect(dialog.getByLabel('Access level').inputValue()).resolves.toBe('free');

    // Saving needs a category: one is created here, without leaving the form, and chosen.
    await dialog.getByRole('button', { name: 'Create module' }).click();
    await dialog.getByText(M.categoryRequired).waitFor();
    await dialog.getByLabel('New category').fill(category);
    await dialog.getByLabel('New category').press('Enter');
    await expect.poll(() => dialog.getByLabel(/^Category/).evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe(category);
    await expect(dialog.getByLabel('Title').inputValue()).resolves.toBe(title);
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'inline-category-1440.png') });
    await dialog.getByRole('button', { name: 'Create module' }).click();
    await page.getByText(M.created).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('list', { name: 'Learning modules in learner order' }).getByRole('listitem', { name: title }).waitFor();
    // Saved: the draft is gone.
    await page.getByRole('button', { name: 'Add Module' }).click();
    await expect(dialog.getByLabel('Title').inputValue()).resolves.toBe('');
    await expect(dialog.getByText('Draft restored').count()).resolves.toBe(0);
    await context.close();
  });
});
