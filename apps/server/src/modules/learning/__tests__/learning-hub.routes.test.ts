import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learningCategories, learningModules, learningProgress, learningUploads, notifications, subscriptions, trials, users } from '@myeai/db';
import { apiPath, learningHubPaths, profilePaths, type LearningAccessLevel, type LearningContentType } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { registerNewcomer } from '../../trials/__tests__/newcomer-helpers.ts';
import { userChangeFeedFor } from '../../changes/index.ts';
import { learningCatalogueFor } from '../learning-catalogue-cache.ts';

const DAY = 86_400_000;

describe.each(testDatabaseKinds())('learning hub on %s', (kind) => {
  let t: TestApp;
  let uploadsDir: string;
  let categoryId: string;
  let adminId: string;
  const secretUrl = `https://www.youtube.com/watch?v=SECRETvid${Math.floor(Math.random() * 90 + 10)}`;
  const m: Record<string, string> = {};
  let uploadId: string;
  const fileBytes = Buffer.alloc(4096, 7);

  async function person(roles: string[], activeRole = roles[0]!) {
    const user = await registerNewcomer(t, `${activeRole} learner`);
    await t.database.db.update(users).set({ roles: roles as never, activeRole: activeRole as never }).where(eq(users.id, user.id));
    return user;
  }

  async function addModule(title: string, accessLevel: LearningAccessLevel, sortOrder: number, extra: { contentType?: LearningContentType; url?: string | null; uploadId?: string; tags?: string[] } = {}) {
    const now = t.clock.now();
    const [row] = await t.database.db
      .insert(learningModules)
      .values({
        title,
        description: `About ${title}`,
        categoryId,
        contentType: extra.contentType ?? 'youtube',
        url: extra.url === undefined ? secretUrl : extra.url,
        uploadId: extra.uploadId ?? null,
        accessLevel,
        sortOrder,
        tags: extra.tags ?? [],
        durationMinutes: 5,
        createdBy: adminId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: learningModules.id });
    return row!.id;
  }

  beforeAll(async () => {
    uploadsDir = mkdtempSync(join(tmpdir(), 'learnhub-uploads-'));
    t = await createTestApp(kind, { uploadsDir });
    const now = t.clock.now();
    const admin = await person(['admin']);
    adminId = admin.id;
    const [cat] = await t.database.db.insert(learningCategories).values({ name: `Sales ${randomUUID().slice(0, 6)}`, createdAt: now, updatedAt: now }).returning();
    categoryId = cat!.id;
    const storedName = `${randomUUID()}.mp4`;
    writeFileSync(join(uploadsDir, storedName), fileBytes);
    const [upload] = await t.database.db.insert(learningUploads).values({ storedName, originalName: 'intro.mp4', mimeType: 'video/mp4', sizeBytes: fileBytes.length, createdAt: now }).returning();
    uploadId = upload!.id;
    // Sort orders far below anything else in the database: these are "the first 2 modules".
    m.first = await addModule('First steps', 'subscriber', -1000);
    m.second = await addModule('Second steps', 'premium', -999);
    m.free = await addModule('Free basics', 'free', -998, { tags: ['prospecting'] });
    m.trial = await addModule('Trial module', 'trial', -997);
    m.subscriber = await addModule('Subscriber video', 'subscriber', -996, { contentType: 'uploaded_video', url: null, uploadId });
    m.premium = await addModule('Premium masterclass', 'premium', -995);
    m.doc = await addModule('Sales script PDF', 'free', -994, { contentType: 'pdf_link', url: 'https://example.test/script.pdf' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  const hub = async (cookie: string, query = '') => {
    const response = await t.inject({ method: 'GET', url: `${learningHubPaths.modules}${query}`, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const lockedOf = async (cookie: string) => {
    const body = (await hub(cookie)).json() as { modules: { id: string; locked: boolean }[] };
    return Object.fromEntries(Object.entries(m).map(([k, id]) => [k, body.modules.find((x) => x.id === id)?.locked]));
  };

  it('a newcomer without a trial has free modules and the first 2 open, the rest locked; no response carries a source', async () => {
    const newcomer = await person(['newcomer']);
    expect(await lockedOf(newcomer.cookie)).toEqual({ first: false, second: false, free: false, trial: true, subscriber: true, premium: true, doc: false });
    const response = await hub(newcomer.cookie);
    expect(response.body).not.toContain('SECRETvid');
    expect(response.body).not.toContain(uploadId);
    const premium = (response.json() as { modules: { id: string; locked_message: string }[] }).modules.find((x) => x.id === m.premium)!;
    expect(premium.locked_message).toBe('This premium content requires a subscription. Please upgrade to access.');

    const player = await t.inject({ method: 'GET', url: apiPath(learningHubPaths.module, { id: m.premium! }), cookie: newcomer.cookie });
    expect(player.statusCode).toBe(403);
    expect(player.json().error.message).toBe('This premium content requires a subscription. Please upgrade to access.');
    expect(player.body).not.toContain('SECRETvid');
    const locked = await t.inject({ method: 'GET', url: apiPath(learningHubPaths.module, { id: m.subscriber! }), cookie: newcomer.cookie });
    expect(locked.statusCode).toBe(403);
    expect(locked.body).not.toContain(uploadId);
    const progress = await t.inject({ method: 'POST', url: apiPath(learningHubPaths.progress, { moduleId: m.premium! }), cookie: newcomer.cookie, payload: { watch_time_seconds: 10, total_duration_seconds: 100 } });
    expect(progress.statusCode).toBe(403);
    expect(progress.body).not.toContain('SECRETvid');

    // The second module is premium, yet open to the newcomer as one of the first 2: its source is sent.
    const second = await t.inject({ method: 'GET', url: apiPath(learningHubPaths.module, { id: m.second! }), cookie: newcomer.cookie });
    expect(second.statusCode).toBe(200);
    expect(second.json().source).toMatchObject({ kind: 'youtube' });
  });

  it('trial days open trial-level from day 3 and subscriber-level from day 5; a plan opens premium', async () => {
    const newcomer = await person(['newcomer']);
    const startedAt = new Date(t.clock.now().getTime() - 2.5 * DAY); // day 3
    await t.database.db.insert(trials).values({ userId: newcomer.id, startedAt, endsAt: new Date(startedAt.getTime() + 7 * DAY), createdAt: startedAt } as typeof trials.$inferInsert);
    expect(await lockedOf(newcomer.cookie)).toMatchObject({ trial: false, subscriber: true, premium: true });
    await t.database.db.update(trials).set({ startedAt: new Date(t.clock.now().getTime() - 4.5 * DAY) }).where(eq(trials.userId, newcomer.id));
    expect(await lockedOf(newcomer.cookie)).toMatchObject({ trial: false, subscriber: false, premium: true });

    const subscriber = await person(['subscriber']);
    expect(await lockedOf(subscriber.cookie)).toMatchObject({ first: false, second: true, subscriber: false, premium: true });
    const now = t.clock.now();
    await t.database.db.insert(subscriptions).values({
      userId: subscriber.id,
      provider: 'local',
      providerSubscriptionId: `sub_${randomUUID()}`,
      plan: '12weeks',
      status: 'past_due',
      currentPeriodStart: new Date(now.getTime() - DAY),
      currentPeriodEnd: new Date(now.getTime() + 10 * DAY),
      providerObservedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    expect(await lockedOf(subscriber.cookie)).toEqual({ first: false, second: false, free: false, trial: false, subscriber: false, premium: false, doc: false });
  });

  it('streams an uploaded file with range requests (206) to a learner who may open it, 403 to one who may not', async () => {
    const subscriber = await person(['subscriber']);
    const newcomer = await person(['newcomer']);
    const url = apiPath(learningHubPaths.file, { id: uploadId });
    const refused = await t.inject({ method: 'GET', url, cookie: newcomer.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.rawPayload.includes(fileBytes.subarray(0, 64))).toBe(false);
    expect((await t.inject({ method: 'GET', url })).statusCode).toBe(401);

    const whole = await t.inject({ method: 'GET', url, cookie: subscriber.cookie });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(fileBytes)).toBe(true);

    const part = await t.inject({ method: 'GET', url, cookie: subscriber.cookie, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${fileBytes.length}`);
    expect(part.rawPayload.length).toBe(100);
    const tail = await t.inject({ method: 'GET', url, cookie: subscriber.cookie, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes 4086-4095/${fileBytes.length}`);
    const beyond = await t.inject({ method: 'GET', url, cookie: subscriber.cookie, headers: { range: 'bytes=5000-' } });
    expect(beyond.statusCode).toBe(416);

    const player = await t.inject({ method: 'GET', url: apiPath(learningHubPaths.module, { id: m.subscriber! }), cookie: subscriber.cookie });
    expect(player.json().source).toEqual({ kind: 'file', url, mime_type: 'video/mp4' });
  });

  it('progress only grows, completes at 90% once with one achievement notification; ratings after completion', async () => {
    const subscriber = await person(['subscriber']);
    const url = apiPath(learningHubPaths.progress, { moduleId: m.subscriber! });
    const report = (watch: number) => t.inject({ method: 'POST', url, cookie: subscriber.cookie, payload: { watch_time_seconds: watch, total_duration_seconds: 100 } });

    const rateEarly = await t.inject({ method: 'POST', url: apiPath(learningHubPaths.rating, { id: m.subscriber! }), cookie: subscriber.cookie, payload: { rating: 5 } });
    expect(rateEarly.statusCode).toBe(409);

    expect((await report(50)).json()).toMatchObject({ progress: { watch_time_seconds: 50, completion_percentage: 50, is_completed: false }, completed_now: false });
    // A late report of fewer seconds is ignored.
    expect((await report(20)).json()).toMatchObject({ progress: { watch_time_seconds: 50, completion_percentage: 50 }, completed_now: false });
    let body = (await hub(subscriber.cookie)).json();
    expect(body.stats).toMatchObject({ in_progress: 1, completed: 0 });
    expect(body.continue_watching.map((x: { id: string }) => x.id)).toEqual([m.subscriber]);

    expect((await report(89)).json()).toMatchObject({ progress: { is_completed: false }, completed_now: false });
    expect((await report(90)).json()).toMatchObject({ progress: { completion_percentage: 90, is_completed: true }, completed_now: true });
    expect((await report(100)).json()).toMatchObject({ progress: { completion_percentage: 100, is_completed: true }, completed_now: false });
    expect((await report(10)).json()).toMatchObject({ progress: { watch_time_seconds: 100, completion_percentage: 100, is_completed: true }, completed_now: false });

    const inbox = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, subscriber.id), eq(notifications.type, 'achievement')));
    expect(inbox.map((n) => n.message)).toEqual(['You completed "Subscriber video". Well done!']);

    body = (await hub(subscriber.cookie)).json();
    expect(body.stats).toMatchObject({ completed: 1, in_progress: 0, minutes_watched: 1 });
    // The profile journey counts it too.
    expect((await t.inject({ method: 'GET', url: profilePaths.journey, cookie: subscriber.cookie })).json()).toMatchObject({ modules_completed: 1 });
    expect(body.continue_watching).toEqual([]);

    const rate = await t.inject({ method: 'POST', url: apiPath(learningHubPaths.rating, { id: m.subscriber! }), cookie: subscriber.cookie, payload: { rating: 4 } });
    expect(rate.statusCode).toBe(200);
    expect(rate.json()).toEqual({ my_rating: 4, rating: 4, ratings_count: 1 });
    const six = await t.inject({ method: 'POST', url: apiPath(learningHubPaths.rating, { id: m.subscriber! }), cookie: subscriber.cookie, payload: { rating: 6 } });
    expect(six.statusCode).toBe(400);
    const card = (await hub(subscriber.cookie)).json().modules.find((x: { id: string }) => x.id === m.subscriber);
    expect(card).toMatchObject({ rating: 4, ratings_count: 1, learners: 1, my_rating: 4, progress: { is_completed: true } });
  });

  it('a document counts as started when opened and completes by Mark as done; a video cannot be marked done', async () => {
    const learner = await person(['affiliate']);
    const open = await t.inject({ method: 'POST', url: apiPath(learningHubPaths.progress, { moduleId: m.doc! }), cookie: learner.cookie, payload: { watch_time_seconds: 0, total_duration_seconds: 0 } });
    expect(open.json()).toMatchObject({ progress: { completion_percentage: 0, is_completed: false } });
    const done = await t.inject({ method: 'POST', url: apiPath(learningHubPaths.done, { moduleId: m.doc! }), cookie: learner.cookie });
    expect(done.json()).toMatchObject({ progress: { completion_percentage: 100, is_completed: true }, completed_now: true });
    const again = await t.inject({ method: 'POST', url: apiPath(learningHubPaths.done, { moduleId: m.doc! }), cookie: learner.cookie });
    expect(again.json()).toMatchObject({ completed_now: false });
    const video = await t.inject({ method: 'POST', url: apiPath(learningHubPaths.done, { moduleId: m.free! }), cookie: learner.cookie });
    expect(video.statusCode).toBe(409);
    const rows = await t.database.db.select().from(learningProgress).where(eq(learningProgress.userId, learner.id));
    expect(rows).toHaveLength(1);
  });

  it('searches title, description and tags on the server, with category chips and tab counts', async () => {
    const learner = await person(['subscriber']);
    const byTag = (await hub(learner.cookie, '?search=PROSPECT')).json();
    expect(byTag.modules.map((x: { id: string }) => x.id)).toEqual([m.free]);
    const firstTwo = (await hub(learner.cookie, `?category=${categoryId}&limit=2`)).json();
    expect(firstTwo.modules.map((x: { id: string }) => x.id)).toEqual([m.first, m.second]);
    expect(firstTwo.matching).toBe(7);
    const docs = (await hub(learner.cookie, `?tab=documents&category=${categoryId}`)).json();
    expect(docs.modules.map((x: { id: string }) => x.id)).toEqual([m.doc]);
    expect(docs.tab_counts).toEqual({ all: 7, videos: 6, documents: 1 });
    expect(docs.categories.find((c: { id: string }) => c.id === categoryId).count).toBe(1);
    const inactive = await addModule('Hidden draft', 'free', -2000);
    await t.database.db.update(learningModules).set({ isActive: false }).where(eq(learningModules.id, inactive));
    const all = (await hub(learner.cookie)).json();
    expect(all.modules.map((x: { id: string }) => x.id)).not.toContain(inactive);
    expect((await t.inject({ method: 'GET', url: apiPath(learningHubPaths.module, { id: inactive }), cookie: learner.cookie })).statusCode).toBe(404);
  });

  it('a progress report or a rating never rebuilds the shared catalogue, a module edit does; learners and rating still follow', async () => {
    const feed = userChangeFeedFor(t.app.deps);
    const catalogue = learningCatalogueFor(t.app.deps);
    const settle = () => feed.sync(t.app.deps);
    const word = `Zebra${randomUUID().slice(0, 6)}`;
    const id = await addModule(`${word} figures`, 'free', 5000);
    const [a, b] = [await person(['affiliate']), await person(['affiliate'])];
    const card = async (cookie: string, search = word) =>
      ((await hub(cookie, `?search=${encodeURIComponent(search)}`)).json() as { modules: { id: string; title: string; learners: number; rating: number | null; ratings_count: number; progress: unknown }[] }).modules.find(
        (x) => x.id === id,
      );
    await settle();
    expect(await card(a.cookie)).toMatchObject({ learners: 0, rating: null, progress: null });
    const loads = catalogue.loads;

    const url = apiPath(learningHubPaths.progress, { moduleId: id });
    const report = (cookie: string, watch: number) => t.inject({ method: 'POST', url, cookie, payload: { watch_time_seconds: watch, total_duration_seconds: 100 } });
    expect((await report(b.cookie, 10)).statusCode).toBe(200);
    await settle();
    expect(await card(a.cookie)).toMatchObject({ learners: 1, rating: null });
    for (const watch of [20, 40, 95]) expect((await report(b.cookie, watch)).statusCode).toBe(200);
    await settle();
    expect(await card(b.cookie)).toMatchObject({ learners: 1, progress: { is_completed: true } });
    expect((await t.inject({ method: 'POST', url: apiPath(learningHubPaths.rating, { id }), cookie: b.cookie, payload: { rating: 5 } })).statusCode).toBe(200);
    await settle();
    expect(await card(a.cookie)).toMatchObject({ learners: 1, rating: 5, ratings_count: 1 });
    expect((await report(a.cookie, 30)).statusCode).toBe(200);
    await settle();
    expect(await card(a.cookie)).toMatchObject({ learners: 2, rating: 5, progress: { watch_time_seconds: 30 } });
    expect(catalogue.loads).toBe(loads);

    // An edit of the catalogue drops it (on commit, through the change feed): search sees the new title.
    await t.database.db.update(learningModules).set({ title: `${word} renamed Quagga` }).where(eq(learningModules.id, id));
    await settle();
    expect(await card(a.cookie, 'Quagga')).toMatchObject({ title: `${word} renamed Quagga`, learners: 2, rating: 5 });
    expect(catalogue.loads).toBe(loads + 1);
  });
});
