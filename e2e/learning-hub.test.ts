import { copyFileSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { learningCategories, learningModules, learningUploads, users } from '@myeai/db';
import type { LearningAccessLevel, LearningCollection, LearningContentType } from '@myeai/domain';
import { checkBothWidths, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../test-results/learning-hub');
const UPLOADS = mkdtempSync(join(tmpdir(), 'learnhub-e2e-uploads-'));
/** A 3-second 160x90 VP9 test pattern (10.8 KB), made with ffmpeg's testsrc; no ffmpeg is needed to run the tests. */
const CLIP = resolve(import.meta.dirname, 'fixtures/learning-clip.webm');

/**
 * A local stand-in for the YouTube embed (no internet here): once the page says "listening" (the
 * IFrame API's handshake), it posts the documented infoDelivery messages, playing 0 -> 60 s, then
 * the ended state (playerState 0), to its parent.
 */
const YOUTUBE_STUB = `<!doctype html><html><body><p>YouTube stub</p><script>
let started = false;
window.addEventListener('message', (event) => {
  let data; try { data = JSON.parse(event.data); } catch { return; }
  if (data.event !== 'listening' || started) return;
  started = true;
  parent.postMessage(JSON.stringify({ event: 'onReady', id: data.id, channel: 'widget' }), '*');
  let t = 0;
  const tick = () => {
    t += 15;
    const ended = t >= 60;
    parent.postMessage(JSON.stringify({ event: 'infoDelivery', id: data.id, channel: 'widget', info: { currentTime: Math.min(t, 60), duration: 60, playerState: ended ? 0 : 1 } }), '*');
    if (!ended) setTimeout(tick, 100);
  };
  setTimeout(tick, 100);
});
</script></body></html>`;

/** A local stand-in for the Vimeo player: "ready", then timeupdate events once the page subscribes, then ended. */
const VIMEO_STUB = `<!doctype html><html><body><p>Vimeo stub</p><script>
let subscribed = false;
parent.postMessage(JSON.stringify({ event: 'ready', player_id: 'stub' }), '*');
window.addEventListener('message', (event) => {
  let data; try { data = typeof event.data === 'string' ? JSON.parse(event.data) : event.data; } catch { return; }
  if (data.method !== 'addEventListener' || data.value !== 'timeupdate' || subscribed) return;
  subscribed = true;
  let s = 0;
  const tick = () => {
    s += 20;
    if (s >= 100) { parent.postMessage(JSON.stringify({ event: 'ended', data: { seconds: 100, duration: 100, percent: 1 } }), '*'); return; }
    parent.postMessage(JSON.stringify({ event: 'timeupdate', data: { seconds: s, duration: 100, percent: s / 100 } }), '*');
    setTimeout(tick, 100);
  };
  setTimeout(tick, 100);
});
</script></body></html>`;

describe.skipIf(!hasChromium)('/learning in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS, appOverrides: { uploadsDir: UPLOADS } });
  const { signedInPage } = suite;
  const bothWidths = (page: Page, name: string, ready: () => Promise<unknown>) => checkBothWidths(page, SCREENSHOTS, name, ready);
  const stamp = randomUUID().slice(0, 6);
  const titles = {
    video: `Welcome video ${stamp}`,
    mindset: `Mindset basics ${stamp}`,
    prospecting: `Prospecting on YouTube ${stamp}`,
    script: `Closing script ${stamp}`,
    vimeo: `Vimeo masterclass ${stamp}`,
  };

  beforeAll(async () => {
    const { db } = suite.app.database;
    const now = suite.app.clock.now();
    // A real 3-second WebM (the committed fixture the module admin test uploads), stored as the module admin stores uploads.
    const storedName = `${randomUUID()}.webm`;
    copyFileSync(CLIP, join(UPLOADS, storedName));
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.myeai.local'));
    const [category] = await db.insert(learningCategories).values({ name: `Sales ${stamp}`, createdAt: now, updatedAt: now }).returning();
    const [upload] = await db
      .insert(learningUploads)
      .values({ storedName, originalName: 'welcome.webm', mimeType: 'video/webm', sizeBytes: statSync(join(UPLOADS, storedName)).size, createdBy: admin!.id, createdAt: now })
      .returning();
    const add = (title: string, accessLevel: LearningAccessLevel, sortOrder: number, contentType: LearningContentType, source: { url?: string; uploadId?: string }, collection: LearningCollection | null = null) =>
      db.insert(learningModules).values({
        title,
        description: `${title}: what it teaches.`,
        categoryId: category!.id,
        contentType,
        url: source.url ?? null,
        uploadId: source.uploadId ?? null,
        accessLevel,
        sortOrder,
        durationMinutes: 1,
        tags: ['sales'],
        collection,
        createdBy: admin!.id,
        createdAt: now,
        updatedAt: now,
      });
    // Sort orders below anything the demo seed has: the first two are "the first 2 modules" of decision 41.
    await add(titles.video, 'subscriber', -1000, 'uploaded_video', { uploadId: upload!.id });
    await add(titles.mindset, 'premium', -999, 'youtube', { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    await add(titles.prospecting, 'subscriber', -998, 'youtube', { url: 'https://youtu.be/M7lc1UVf-VE' });
    await add(titles.script, 'subscriber', -997, 'pdf_link', { url: 'https://example.test/closing-script.pdf' }, 'sales_scripts');
    await add(titles.vimeo, 'subscriber', -996, 'vimeo', { url: 'https://vimeo.com/76979871' });
  });

  const card = (page: Page, title: string) => page.getByRole('article', { name: title });

  it('a subscriber watches an uploaded video to the end: Completed, the tiles, and the achievement notification', async () => {
    const { page } = await signedInPage('Sam Subscriber');
    await page.goto('/learning');
    await page.getByRole('heading', { level: 1, name: 'Learning Hub' }).waitFor();
    await card(page, titles.video).waitFor();
    await expect(card(page, titles.video).getByText('Subscription Required').count()).resolves.toBe(0);
    await bothWidths(page, 'hub-subscriber', () => card(page, titles.video).waitFor());

    await card(page, titles.video).getByRole('button', { name: `Start: ${titles.video}` }).click();
    const player = page.getByRole('dialog', { name: titles.video });
    const video = player.locator('video');
    await video.waitFor();
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await player.getByText('Completed').waitFor({ timeout: 20_000 });
    await player.getByText('Rate this module').waitFor();
    // The file route answers range requests (the player's own seeking uses them).
    const range = await page.request.get((await video.getAttribute('src'))!, { headers: { range: 'bytes=0-99' } });
    expect(range.status()).toBe(206);
    await page.keyboard.press('Escape');
    await card(page, titles.video).getByText('Completed').waitFor();
    const tiles = page.getByRole('region', { name: 'My learning' });
    await expect(tiles.innerText()).resolves.toMatch(/Completed\s*1/);
    // The achievement notification, pushed live to the bell.
    await page.getByRole('button', { name: /^Notifications, \d+ unread/ }).click();
    await page.getByText(`You completed "${titles.video}". Well done!`).waitFor({ timeout: 10_000 });
  });

  it('a newcomer has the first 2 modules open and the rest locked with the upgrade message', async () => {
    const { page } = await signedInPage('Nico Newcomer');
    await page.goto('/learning-hub');
    await card(page, titles.video).waitFor();
    for (const open of [titles.video, titles.mindset]) await expect(card(page, open).getByText('Subscription Required').count()).resolves.toBe(0);
    for (const locked of [titles.prospecting, titles.script, titles.vimeo]) await card(page, locked).getByRole('button', { name: `Subscription Required: ${locked}` }).waitFor();
    await bothWidths(page, 'hub-newcomer', () => card(page, titles.vimeo).waitFor());
    await card(page, titles.vimeo).getByRole('button', { name: `Subscription Required: ${titles.vimeo}` }).click();
    const message = page.getByRole('dialog', { name: 'Subscription Required' });
    await message.getByText('This subscriber content requires a subscription. Please upgrade to access.').waitFor();
    await page.keyboard.press('Escape');
    // The resource tile filters the hub to its collection and counts it (ours and the demo's active ones); the locked module stays locked there.
    const { db } = suite.app.database;
    const scripts = (await db.select({ id: learningModules.id }).from(learningModules).where(and(eq(learningModules.collection, 'sales_scripts'), eq(learningModules.isActive, true)))).length;
    const scriptsTile = `Sales Scripts ${scripts} ${scripts === 1 ? 'item' : 'items'}`;
    await page.getByRole('button', { name: scriptsTile }).click();
    await page.getByText(`Sales Scripts: ${scripts}`).waitFor();
    await expect(page.getByRole('article').count()).resolves.toBe(scripts);
    await card(page, titles.script).getByRole('button', { name: `Subscription Required: ${titles.script}` }).waitFor();
    // The Opportunity Engine's Marketing Resources lead to the same filtered hub.
    await page.goto('/products');
    await page.getByRole('region', { name: 'Marketing Resources' }).getByRole('link', { name: scriptsTile }).click();
    await page.waitForURL('**/learning?collection=sales_scripts');
    await card(page, titles.script).waitFor();
    await expect(page.getByRole('article').count()).resolves.toBe(scripts);
  });

  it('YouTube and Vimeo progress comes from the players\' own events (local stand-ins of their documented messages)', async () => {
    const { page, context } = await signedInPage('Sam Subscriber');
    await context.route('https://www.youtube-nocookie.com/embed/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: YOUTUBE_STUB }));
    await context.route('https://player.vimeo.com/video/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: VIMEO_STUB }));
    await page.goto('/learning');
    for (const title of [titles.prospecting, titles.vimeo]) {
      await card(page, title).getByRole('button', { name: `Start: ${title}` }).click();
      const player = page.getByRole('dialog', { name: title });
      await player.locator('iframe').waitFor();
      await player.getByText('Completed').waitFor({ timeout: 20_000 });
      await page.keyboard.press('Escape');
      await card(page, title).getByText('Completed').waitFor();
    }
  });

  const isHubRead = (url: URL) => url.pathname === '/api/learning/modules';

  it('a failed load shows the error with Try Again, and Try Again loads the hub', async () => {
    const { page } = await signedInPage('Sam Subscriber');
    let failing = true;
    await page.route(isHubRead, (route) =>
      failing ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'The service is unavailable.' } }) }) : route.continue(),
    );
    await page.goto('/learning');
    const alert = page.getByRole('alert').filter({ hasText: 'The service is unavailable.' });
    await alert.waitFor();
    await expect(page.getByRole('article').count()).resolves.toBe(0);
    await bothWidths(page, 'hub-load-error', () => alert.waitFor());
    failing = false;
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await card(page, titles.video).waitFor();
    await expect(alert.count()).resolves.toBe(0);
  });

  it('a hub without modules says so (learner and admin)', async () => {
    for (const [who, text] of [
      ['Sam Subscriber', 'New modules will appear here as soon as they are published.'],
      ['Ada Admin', 'Add the first module in the module admin.'],
    ] as const) {
      const { page } = await signedInPage(who);
      // The real answer with no module in it (the demo seed has modules).
      await page.route(isHubRead, async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as Record<string, unknown>;
        await route.fulfill({
          response,
          json: {
            ...body,
            stats: { modules: 0, completed: 0, minutes_watched: 0, in_progress: 0 },
            categories: [],
            tab_counts: { all: 0, videos: 0, documents: 0 },
            collections: [],
            continue_watching: [],
            modules: [],
            matching: 0,
          },
        });
      });
      await page.goto('/learning');
      await page.getByText('No learning modules yet').waitFor();
      await page.getByText(text).waitFor();
      await expect(page.getByRole('article').count()).resolves.toBe(0);
      if (who === 'Ada Admin') await page.getByRole('link', { name: 'Add Content' }).last().waitFor();
      else await bothWidths(page, 'hub-empty', () => page.getByText('No learning modules yet').waitFor());
    }
  });

  it('the profile journey shows the five figures, modules completed among them, at both widths', async () => {
    const { page } = await signedInPage('Sam Subscriber');
    await page.goto('/profile');
    const completed = page.getByText('Learning modules completed');
    await completed.waitFor();
    await bothWidths(page, 'profile-journey', () => completed.waitFor());
  });
});
