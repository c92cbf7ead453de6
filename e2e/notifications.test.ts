import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { notifications } from '@myeai/db';
import { getUserByEmail } from '../apps/server/src/modules/auth/index.ts';
import { expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../test-results/notifications');

describe.skipIf(!hasChromium)('notifications in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS, waitForWelcome: true });
  const { newPage, signInWithDemo } = suite;

  const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  const bellName = (page: Page) => bell(page).getAttribute('aria-label');
  const liveStatus = (page: Page) => bell(page).getAttribute('data-live-status');

  /** Waits until a popover or modal finished its opening transition (for screenshots and contrast checks). */
  async function settled(page: Page, selector: string): Promise<void> {
    await expect
      .poll(() => page.locator(selector).last().evaluate((element) => element.ownerDocument.defaultView!.getComputedStyle(element).opacity), { timeout: 5_000 })
      .toBe('1');
  }

  /** Counts the page's GET /api/notifications calls (bell and page lists). */
  function countListRequests(page: Page): () => number {
    let count = 0;
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/notifications') count += 1;
    });
    return () => count;
  }

  /** Earlier tests' broadcasts reach every account: start from a clean slate. */
  async function markAllReadFor(email: string): Promise<void> {
    const response = await suite.app.inject({ method: 'PUT', url: '/api/notifications/read-all', cookie: await suite.app.signIn(email) });
    expect(response.statusCode).toBe(200);
  }

  async function sendAsAdmin(title: string, message: string, audience: object): Promise<void> {
    const response = await suite.app.inject({
      method: 'POST',
      url: '/api/admin/notifications',
      cookie: await suite.app.signIn('admin@demo.myeai.local'),
      payload: { title, message, audience },
    });
    expect(response.statusCode).toBe(202);
  }

  it('delivers an admin system notification live to the affiliate bell; the affiliate reads, filters, deletes and saves settings', async () => {
    const admin = await newPage();
    const affiliate = await newPage();
    // The server runs on the test's fixed clock: the affiliate's browser starts at the same time
    // (and lets it flow), so a notification delivered now reads "just now" whatever today's date.
    await affiliate.page.clock.install({ time: suite.app.clock.now() });
    // The demo seed has notified the affiliate (commissions, cell payouts); this test reads its own.
    await suite.app.database.db.delete(notifications).where(eq(notifications.userId, (await getUserByEmail(suite.app.database.db, 'affiliate@demo.myeai.local'))!.id));
    await signInWithDemo(admin.page, 'Ada Admin');
    await signInWithDemo(affiliate.page, 'Alex Affiliate');
    const listRequests = countListRequests(affiliate.page);
    let navigations = 0;
    affiliate.page.on('framenavigated', (frame) => {
      if (frame === affiliate.page.mainFrame()) navigations += 1;
    });

    await expect.poll(() => bellName(affiliate.page)).toBe('Notifications, 0 unread');
    await expect.poll(() => liveStatus(affiliate.page), { timeout: 10_000 }).toBe('open');

    // The admin sends a system notification to everyone from the page's form.
    await admin.page.goto('/notifications');
    await admin.page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await admin.page.getByRole('button', { name: 'Send notification' }).click();
    const form = admin.page.getByRole('form', { name: 'Send a system notification' });
    await form.getByRole('button', { name: 'Send notification' }).click();
    await form.getByText('Enter a title.').waitFor();
    await form.getByRole('radio', { name: 'Everyone holding one role' }).check();
    await form.getByRole('button', { name: 'Send notification' }).click();
    await form.getByText('Choose a role.').waitFor();
    await form.getByRole('radio', { name: 'Everyone', exact: true }).check();
    await form.getByLabel('Title').fill('Platform maintenance');
    await form.getByLabel('Message').fill('The platform will be briefly unavailable tonight at 22:00 UTC.');
    await expect(form.getByRole('radio', { name: 'Everyone', exact: true }).isChecked()).resolves.toBe(true);
    await settled(admin.page, '.mantine-Modal-content');
    await admin.page.screenshot({ path: resolve(SCREENSHOTS, 'send-form-1440.png') });
    await expectAccessible(admin.page);
    await form.getByRole('button', { name: 'Send notification' }).click();
    await admin.page.getByText('Notification queued for delivery').waitFor();
    await expect.poll(() => form.count()).toBe(0);

    // Queued, not yet delivered; the job queue delivers it and the socket pushes it.
    await expect(bellName(affiliate.page)).resolves.toBe('Notifications, 0 unread');
    const requestsBefore = listRequests();
    expect(await suite.app.runJobs()).toBeGreaterThan(0);
    const deliveredAt = Date.now();
    await expect.poll(() => bellName(affiliate.page), { timeout: 5_000 }).toBe('Notifications, 1 unread');
    // Well before the 10 s poll would have run, and without any reload.
    expect(Date.now() - deliveredAt).toBeLessThan(5_000);
    expect(navigations).toBe(0);
    expect(listRequests() - requestsBefore).toBe(1);
    await expect(affiliate.page.locator('.mantine-Indicator-indicator').innerText()).resolves.toBe('1');

    // The bell's dropdown lists it; clicking marks it read on the server.
    await bell(affiliate.page).click();
    const dropdown = affiliate.page.getByRole('dialog');
    const item = dropdown.getByRole('button', { name: /Platform maintenance/ });
    await item.waitFor();
    await expect(item.innerText()).resolves.toMatch(/briefly unavailable/);
    await expect(dropdown.getByText('just now').isVisible()).resolves.toBe(true);
    await settled(affiliate.page, '.mantine-Popover-dropdown');
    await affiliate.page.screenshot({ path: resolve(SCREENSHOTS, 'bell-dropdown-1440.png') });
    await expectAccessible(affiliate.page);
    await item.click();
    await expect.poll(() => bellName(affiliate.page)).toBe('Notifications, 0 unread');
    await expect(affiliate.page.locator('.mantine-Indicator-indicator').count()).resolves.toBe(0);
    expect(affiliate.page.url()).toMatch(/\/dashboard$/);

    // The page: filters and empty states.
    await dropdown.getByRole('link', { name: 'View all notifications' }).click();
    await affiliate.page.waitForURL('**/notifications');
    await affiliate.page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    const list = affiliate.page.getByRole('list', { name: 'Notifications', exact: true });
    await list.getByText('Platform maintenance').waitFor();
    await expect(list.getByText('Unread', { exact: true }).count()).resolves.toBe(0);
    await expectAccessible(affiliate.page);
    await affiliate.page.screenshot({ path: resolve(SCREENSHOTS, 'page-1440.png'), fullPage: true });

    await affiliate.page.getByRole('tab', { name: 'Unread' }).click();
    await affiliate.page.getByText('All caught up! No unread notifications.').waitFor();
    expect(affiliate.page.url()).toMatch(/\?filter=unread$/);
    await affiliate.page.getByRole('tab', { name: 'Commission' }).click();
    await affiliate.page.getByText('No commission notifications to display.').waitFor();
    await affiliate.page.getByRole('tab', { name: 'Leads' }).click();
    await affiliate.page.getByText('No lead notifications to display.').waitFor();
    await affiliate.page.getByRole('tab', { name: 'All' }).click();
    await list.getByText('Platform maintenance').waitFor();

    // Settings: switch off Commission Alerts, save, reload, still off.
    await affiliate.page.getByRole('button', { name: 'Settings' }).click();
    const settings = affiliate.page.getByRole('dialog', { name: 'Notification Settings' });
    const commissionAlerts = settings.getByRole('switch', { name: 'Commission Alerts' });
    await commissionAlerts.waitFor();
    await settled(affiliate.page, '.mantine-Modal-content');
    await affiliate.page.screenshot({ path: resolve(SCREENSHOTS, 'settings-1440.png') });
    for (const label of ['Commission Alerts', 'Goal Milestones', 'Lead Activity', 'Follow-up Reminders', 'Email Notifications']) {
      await expect(settings.getByRole('switch', { name: label }).isChecked()).resolves.toBe(true);
    }
    await expectAccessible(affiliate.page);
    await commissionAlerts.click({ force: true });
    await settings.getByRole('button', { name: 'Save Settings' }).click();
    await affiliate.page.getByText('Notification settings saved').waitFor();
    await expect.poll(() => settings.count()).toBe(0);
    await affiliate.page.reload();
    await affiliate.page.getByRole('button', { name: 'Settings' }).click();
    await expect.poll(() => commissionAlerts.isChecked()).toBe(false);
    await expect(settings.getByRole('switch', { name: 'Email Notifications' }).isChecked()).resolves.toBe(true);
    // Cancel discards a change.
    await settings.getByRole('switch', { name: 'Lead Activity' }).click({ force: true });
    await settings.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => settings.count()).toBe(0);
    const saved = await affiliate.page.request.get('/api/notifications/settings');
    expect(await saved.json()).toEqual({
      commission_alerts: false,
      goal_milestones: true,
      lead_activity: true,
      follow_up_reminders: true,
      email_notifications: true,
      trading_alerts: true,
      trading_alerts_email: true,
    });

    // Delete asks first, then removes it.
    await list.getByRole('button', { name: 'Delete "Platform maintenance"' }).click();
    const confirm = affiliate.page.getByRole('dialog', { name: 'Delete notification?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    await list.getByRole('button', { name: 'Delete "Platform maintenance"' }).click();
    await expectAccessible(affiliate.page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await affiliate.page.getByText("You're all set! New notifications will appear here.").waitFor();

    await admin.context.close();
    await affiliate.context.close();
  });

  it('marks read only when the server agrees: a failed call shows a toast and the notification stays unread', async () => {
    const { context, page } = await newPage({ width: 375, height: 800 });
    await markAllReadFor('subscriber@demo.myeai.local');
    await signInWithDemo(page, 'Sam Subscriber');
    await sendAsAdmin('Subscriber update', 'New consensus features are available to subscribers.', { kind: 'role', role: 'subscriber' });
    await suite.app.runJobs();
    await expect.poll(() => bellName(page)).toBe('Notifications, 1 unread');

    await page.route('**/api/notifications/*/read', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await bell(page).click();
    await page.getByRole('dialog').getByRole('button', { name: /Subscriber update/ }).click();
    await page.getByText('Could not mark the notification as read').waitFor();
    await expect(bellName(page)).resolves.toBe('Notifications, 1 unread');
    await settled(page, '.mantine-Popover-dropdown');
    await settled(page, '.mantine-Notification-root');
    await page.screenshot({ path: resolve(SCREENSHOTS, 'bell-dropdown-375.png') });
    await expectAccessible(page);
    await page.unroute('**/api/notifications/*/read');

    await page.keyboard.press('Escape');
    await page.goto('/notifications');
    const list = page.getByRole('list', { name: 'Notifications', exact: true });
    await list.getByText('Subscriber update').waitFor();
    await page.screenshot({ path: resolve(SCREENSHOTS, 'page-375.png'), fullPage: true });
    await expectAccessible(page);
    await list.getByRole('button', { name: 'Mark "Subscriber update" as read' }).click();
    await expect.poll(() => bellName(page)).toBe('Notifications, 0 unread');
    await expect.poll(() => list.getByText('Unread', { exact: true }).count()).toBe(0);
    await context.close();
  });

  it('keeps the bell current through 10 s polling while the socket is down', async () => {
    const { context, page } = await newPage();
    // Every socket to /ws is answered by a stand-in that drops it at once.
    await context.routeWebSocket(/\/ws(\?|$)/, (ws) => void ws.close({ code: 1011, reason: 'unavailable' }));
    await markAllReadFor('trader@demo.myeai.local');
    // Time flows normally while the app loads, then stands still unless the test moves it.
    await page.clock.install();
    await signInWithDemo(page, 'Tess Trader');
    await expect.poll(() => bellName(page)).toBe('Notifications, 0 unread');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    expect(await liveStatus(page)).not.toBe('open');
    const listRequests = countListRequests(page);

    await sendAsAdmin('Trader desk notice', 'The entry window for BTC 4h opens in 10 minutes.', { kind: 'role', role: 'trader' });
    await suite.app.runJobs();
    // Nothing is pushed (every socket is refused) and no time passes on the page, so no poll has
    // asked: the bell does not know yet.
    expect(listRequests()).toBe(0);
    await expect(bellName(page)).resolves.toBe('Notifications, 0 unread');
    // Within the next 10 s of page time the poll fetches it.
    await page.clock.runFor(10_000);
    await expect
      .poll(async () => {
        await page.clock.runFor(50);
        return bellName(page);
      })
      .toBe('Notifications, 1 unread');
    expect(listRequests()).toBeGreaterThanOrEqual(1);
    expect(await liveStatus(page)).not.toBe('open');
    await context.close();
  });

  it('resumes after a dropped socket from the last event it saw, receiving what it missed', async () => {
    const { context, page } = await newPage();
    await markAllReadFor('investor@demo.myeai.local');
    const connections: { url: string; fromServer: string[]; route: WebSocketRoute }[] = [];
    await context.routeWebSocket(/\/ws(\?|$)/, (ws) => {
      const connection = { url: ws.url(), fromServer: [] as string[], route: ws };
      connections.push(connection);
      const server = ws.connectToServer();
      server.onMessage((message) => {
        connection.fromServer.push(String(message));
        ws.send(message);
      });
    });
    await signInWithDemo(page, 'Ivan Investor');
    await expect.poll(() => liveStatus(page), { timeout: 10_000 }).toBe('open');
    expect(new URL(connections[0]!.url).search).toBe('');

    await sendAsAdmin('Investor letter', 'The quarterly investor letter is out.', { kind: 'role', role: 'investor' });
    await suite.app.runJobs();
    await expect.poll(() => bellName(page), { timeout: 5_000 }).toBe('Notifications, 1 unread');
    const seen = JSON.parse(connections[0]!.fromServer.at(-1)!) as { id: number };

    // The connection drops; while it is down another notification is created.
    await connections[0]!.route.close({ code: 1011, reason: 'test drop' });
    await expect.poll(() => liveStatus(page)).not.toBe('open');
    await sendAsAdmin('Investor call', 'The investor call moved to Thursday.', { kind: 'role', role: 'investor' });
    await suite.app.runJobs();

    // The reconnect (3 to 6 s later) asks for everything after the last event id and gets the missed one.
    await expect.poll(() => connections.length, { timeout: 10_000 }).toBe(2);
    expect(new URL(connections[1]!.url).searchParams.get('since')).toBe(String(seen.id));
    const stored = await page.evaluate(() => Object.entries(sessionStorage).find(([key]) => key.startsWith('myeai.live.last-event-id.'))?.[1]);
    expect(Number(stored)).toBeGreaterThanOrEqual(seen.id);
    await expect.poll(() => bellName(page), { timeout: 5_000 }).toBe('Notifications, 2 unread');
    await expect
      .poll(() => connections[1]!.fromServer.map((text) => JSON.parse(text) as { kind: string; payload: { title?: string } }))
      .toContainEqual(expect.objectContaining({ kind: 'notification.created', payload: expect.objectContaining({ title: 'Investor call' }) }));
    await context.close();
  });

  it('a session ended elsewhere closes the socket (4401): the tab goes to /login by itself and does not reconnect', async () => {
    const { context, page } = await newPage();
    // Time flows normally until the test moves it past every reconnect delay at once.
    await page.clock.install();
    await signInWithDemo(page, 'Fran Free');
    await expect.poll(() => liveStatus(page), { timeout: 10_000 }).toBe('open');
    let sockets = 0;
    page.on('websocket', () => (sockets += 1));

    // Another tab of the same browser signs out.
    const other = await context.newPage();
    await other.goto('/profile');
    await other.getByRole('button', { name: 'Log out' }).click();
    await other.waitForURL('**/login');

    await page.waitForURL('**/login', { timeout: 10_000 });
    // Two minutes of page time: past the longest reconnect delay (60 s with jitter). A socket the
    // page opened would be reported before the answer of the evaluate that follows (one CDP session,
    // in order), so no wall-clock wait is needed to see that none was opened.
    await page.clock.runFor(120_000);
    await page.evaluate(() => document.readyState);
    expect(sockets).toBe(0);
    await context.close();
  });

  it('shows "9+" above 9, keeps the dropdown within a bounded height, and pages the list with Load more', async () => {
    const { context, page } = await newPage();
    await markAllReadFor('newcomer@demo.myeai.local');
    const before = await suite.app.inject({ method: 'GET', url: '/api/notifications?limit=100', cookie: await suite.app.signIn('newcomer@demo.myeai.local') });
    const existing = (before.json() as { items: unknown[] }).items.length;
    // Each tip is delivered a second after the previous one, so "newest first" has one answer.
    for (let i = 1; i <= 21; i++) {
      suite.app.clock.advance(1000);
      await sendAsAdmin(`Welcome tip ${i}`, `Tip number ${i} for your first week.`, { kind: 'role', role: 'newcomer' });
      while ((await suite.app.runJobs()) > 0);
    }
    await signInWithDemo(page, 'Nico Newcomer');
    await expect.poll(() => bellName(page)).toBe('Notifications, 21 unread');
    await expect(page.locator('.mantine-Indicator-indicator').innerText()).resolves.toBe('9+');

    await bell(page).click();
    const dropdown = page.getByRole('dialog');
    await dropdown.getByRole('button', { name: /Welcome tip 21/ }).waitFor();
    await expect(dropdown.getByRole('list', { name: 'Latest notifications' }).getByRole('listitem').count()).resolves.toBe(10);
    const viewport = dropdown.locator('[data-bell-list]');
    const box = await viewport.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(360);
    await expect(viewport.evaluate((element) => element.scrollHeight > element.clientHeight)).resolves.toBe(true);
    await dropdown.getByRole('button', { name: 'Mark all read' }).waitFor();

    await dropdown.getByRole('link', { name: 'View all notifications' }).click();
    const list = page.getByRole('list', { name: 'Notifications', exact: true });
    await list.getByText('Welcome tip 21', { exact: true }).waitFor();
    await expect(list.getByRole('listitem').count()).resolves.toBe(20);
    await page.getByRole('button', { name: 'Load more' }).click();
    await list.getByText('Welcome tip 1', { exact: true }).waitFor();
    await expect(list.getByRole('listitem').count()).resolves.toBe(Math.min(21 + existing, 40));
    if (21 + existing <= 40) await expect(page.getByRole('button', { name: 'Load more' }).count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => bellName(page)).toBe('Notifications, 0 unread');
    await page.getByText('No unread notifications').waitFor();
    await expect.poll(() => list.getByText('Unread', { exact: true }).count()).toBe(0);
    await context.close();
  });
  it('keeps the bell’s list from scrolling sideways at 1440 and 375 px, a long unbroken word wrapping inside it', async () => {
    await markAllReadFor('investor@demo.myeai.local');
    const longWord = `https://example.com/${'x'.repeat(120)}`;
    suite.app.clock.advance(1000);
    await sendAsAdmin('Read the new guide', `The guide is at ${longWord} for everyone.`, { kind: 'role', role: 'investor' });
    while ((await suite.app.runJobs()) > 0);
    for (const viewport of [{ width: 1440, height: 900 }, { width: 375, height: 812 }]) {
      const { context, page } = await newPage(viewport);
      await signInWithDemo(page, 'Ivan Investor');
      await bell(page).click();
      const dropdown = page.getByRole('dialog');
      await dropdown.getByRole('button', { name: /Read the new guide/ }).waitFor();
      await settled(page, '.mantine-Popover-dropdown');
      const list = dropdown.locator('[data-bell-list]');
      await expect(list.evaluate((element) => element.scrollWidth - element.clientWidth)).resolves.toBeLessThanOrEqual(0);
      await expect(dropdown.evaluate((element) => element.scrollWidth - element.clientWidth)).resolves.toBeLessThanOrEqual(0);
      const box = await dropdown.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page);
      await page.screenshot({ path: resolve(SCREENSHOTS, `bell-long-word-${viewport.width}.png`) });
      await context.close();
    }
  });

  it('a vote request reads "Entry window closed" once its window has closed, with no way to the desk', async () => {
    const opener = await suite.app.signIn('trader2@demo.myeai.local');
    const [assets, timeframes] = await Promise.all([
      suite.app.inject({ method: 'GET', url: '/api/trading/assets', cookie: opener }),
      suite.app.inject({ method: 'GET', url: '/api/trading/timeframes', cookie: opener }),
    ]);
    const pair = {
      asset_id: (assets.json() as { assets: { id: string; symbol: string }[] }).assets.find((a) => a.symbol === 'USD/JPY')!.id,
      timeframe_id: (timeframes.json() as { timeframes: { id: string; code: string }[] }).timeframes.find((t) => t.code === 'M15')!.id,
    };
    const opened = await suite.app.inject({ method: 'POST', url: '/api/trading/windows/open', cookie: opener, payload: pair });
    expect(opened.statusCode, opened.body).toBe(201);
    const closesAt = Date.parse((opened.json() as { window: { closes_at: string } }).window.closes_at);

    const { context, page } = await newPage();
    await signInWithDemo(page, 'Tess Trader');
    await page.goto('/notifications');
    const list = page.getByRole('list', { name: 'Notifications', exact: true });
    const request = list.getByRole('listitem').filter({ hasText: 'USD/JPY M15' });
    await request.getByText('Position initiated', { exact: true }).first().waitFor();
    await request.getByText(/Cast your vote before it closes\./).waitFor();
    await expect(request.getByRole('link', { name: 'Open the trader dashboard' }).count()).resolves.toBe(1);

    // Fifteen minutes after the close, the same notification reads as the window stands.
    suite.app.clock.set(new Date(closesAt + 15 * 60_000));
    while ((await suite.app.runJobs()) > 0);
    await page.reload();
    await request.getByText('Entry window closed', { exact: true }).waitFor();
    await expect(request.innerText()).resolves.not.toMatch(/before it closes/);
    await expect(request.getByRole('link', { name: 'Open the trader dashboard' }).count()).resolves.toBe(0);
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'vote-request-closed-1440.png'), fullPage: true });
    await context.close();
  });
});
