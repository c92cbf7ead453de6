import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs, notifications, users, videoWidgets } from '@myeai/db';
import { ROLES, VIDEO_WIDGET_MESSAGES } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { notifyAllOfVideo } from '../video-widgets.jobs.ts';
import { VIDEO_NOTIFY_JOB } from '../video-widgets.service.ts';

const ID = 'dQw4w9WgXcQ';
const EMBED = `https://www.youtube-nocookie.com/embed/${ID}`;

type Widget = {
  id: string;
  position: number;
  title: string;
  youtube_url: string | null;
  watch_url: string | null;
  thumbnail_url: string | null;
  display_thumbnail_url: string | null;
  rating: number;
  is_active: boolean;
};

describe.each(testDatabaseKinds())('video widgets on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let affiliate: string;
  let widgets: Widget[];

  const body = (overrides: Record<string, unknown> = {}) => ({
    title: 'Welcome to MYEAI',
    description: 'Start here: a tour of the Business Hub.',
    youtube_url: `https://youtu.be/${ID}`,
    thumbnail_url: '',
    rating: 4.5,
    ...overrides,
  });
  const put = (id: string, payload: unknown, cookie = admin) => t.inject({ method: 'PUT', url: `/api/admin/video-widgets/${id}`, cookie, payload: payload as object });
  const publicList = async (cookie = affiliate) => {
    const response = await t.inject({ method: 'GET', url: '/api/video-widgets', cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().widgets as Widget[];
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
    affiliate = await t.signInAs('affiliate');
    const response = await t.inject({ method: 'GET', url: '/api/admin/video-widgets', cookie: admin });
    expect(response.statusCode).toBe(200);
    widgets = response.json().widgets;
  });
  afterAll(() => t.close());

  it('lists the two seeded demo widgets, links rebuilt from the video id, default thumbnails', async () => {
    expect(widgets).toHaveLength(2);
    const list = await publicList();
    expect(list.map((w) => [w.position, w.title, w.youtube_url, w.watch_url, w.thumbnail_url, w.display_thumbnail_url, w.rating, w.is_active])).toEqual([
      [1, 'Demo video: Big Buck Bunny', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ', 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', null, 'https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg', 4.6, true],
      [2, 'Demo video: Sintel', 'https://www.youtube-nocookie.com/embed/eRsGyueVLvQ', 'https://www.youtube.com/watch?v=eRsGyueVLvQ', null, 'https://i.ytimg.com/vi/eRsGyueVLvQ/hqdefault.jpg', 4.3, true],
    ]);
  });

  it.each([
    { form: 'watch', url: `https://www.youtube.com/watch?v=${ID}&t=42s` },
    { form: 'short link', url: `https://youtu.be/${ID}?si=share` },
    { form: 'embed', url: `https://www.youtube.com/embed/${ID}` },
    { form: 'playlist', url: `https://www.youtube.com/watch?v=${ID}&list=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf` },
  ])('an admin saves a $form link: stored as the id, answered in embed form', async ({ url }) => {
    const response = await put(widgets[0]!.id, body({ youtube_url: url }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'success',
      notification_queued: false,
      widget: { id: widgets[0]!.id, youtube_url: EMBED, watch_url: `https://www.youtube.com/watch?v=${ID}`, thumbnail_url: null, display_thumbnail_url: `https://i.ytimg.com/vi/${ID}/hqdefault.jpg`, rating: 4.5, is_active: true },
    });
    const [row] = await t.database.db.select().from(videoWidgets).where(eq(videoWidgets.id, widgets[0]!.id));
    expect(row).toMatchObject({ videoId: ID, ratingTenths: 45, thumbnailUrl: null });
  });

  it('keeps a given thumbnail, audits every edit, and an inactive widget leaves the dashboard', async () => {
    const before = (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'video_widget.update'))).length;
    const response = await put(widgets[1]!.id, body({ thumbnail_url: 'https://cdn.example.com/thumb.jpg', is_active: false, rating: 0 }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().widget).toMatchObject({ thumbnail_url: 'https://cdn.example.com/thumb.jpg', display_thumbnail_url: 'https://cdn.example.com/thumb.jpg', is_active: false, rating: 0 });
    expect((await publicList()).map((w) => w.position)).toEqual([1]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'video_widget.update'));
    expect(audit).toHaveLength(before + 1);
    expect(audit.find((row) => (row.details as { is_active: boolean }).is_active === false)).toMatchObject({ target: 'video widget 2' });
    // Active by default when the form does not say.
    const { is_active: _omitted, ...withoutActive } = { ...body(), is_active: undefined };
    const again = await put(widgets[1]!.id, withoutActive);
    expect(again.json().widget.is_active).toBe(true);
    expect((await publicList()).map((w) => w.position)).toEqual([1, 2]);
  });

  it.each([
    { label: 'a missing title', payload: body({ title: '  ' }), message: VIDEO_WIDGET_MESSAGES.titleRequired },
    { label: 'a missing description', payload: body({ description: '' }), message: VIDEO_WIDGET_MESSAGES.descriptionRequired },
    { label: 'a missing YouTube URL', payload: body({ youtube_url: '' }), message: VIDEO_WIDGET_MESSAGES.youtubeUrlRequired },
    { label: 'another site', payload: body({ youtube_url: 'https://vimeo.com/123' }), message: VIDEO_WIDGET_MESSAGES.youtubeUrlInvalid },
    { label: 'a playlist without a video', payload: body({ youtube_url: 'https://www.youtube.com/playlist?list=PLx' }), message: VIDEO_WIDGET_MESSAGES.youtubeUrlInvalid },
    { label: 'javascript: as the video', payload: body({ youtube_url: `javascript:alert(1)//youtu.be/${ID}` }), message: VIDEO_WIDGET_MESSAGES.youtubeUrlInvalid },
    { label: 'javascript: as the thumbnail', payload: body({ thumbnail_url: 'javascript:alert(1)' }), message: VIDEO_WIDGET_MESSAGES.thumbnailUrlInvalid },
    { label: 'a scheme-relative thumbnail', payload: body({ thumbnail_url: '//evil.example/x.png' }), message: VIDEO_WIDGET_MESSAGES.thumbnailUrlInvalid },
    { label: 'a thumbnail with credentials', payload: body({ thumbnail_url: 'https://user:pw@cdn.example.com/x.png' }), message: VIDEO_WIDGET_MESSAGES.thumbnailUrlInvalid },
    { label: 'a rating above 5', payload: body({ rating: 5.1 }), message: VIDEO_WIDGET_MESSAGES.ratingInvalid },
    { label: 'a rating below 0', payload: body({ rating: -0.1 }), message: VIDEO_WIDGET_MESSAGES.ratingInvalid },
    { label: 'a rating between tenths', payload: body({ rating: 4.55 }), message: VIDEO_WIDGET_MESSAGES.ratingInvalid },
    { label: 'a rating as text', payload: body({ rating: '4.5' }), message: VIDEO_WIDGET_MESSAGES.ratingInvalid },
    { label: 'a rating of null', payload: body({ rating: null }), message: VIDEO_WIDGET_MESSAGES.ratingInvalid },
    { label: 'an unknown field (total_ratings)', payload: { ...body(), total_ratings: 1000 }, message: undefined },
    { label: 'notifying about an inactive video', payload: body({ is_active: false, send_notification: true }), message: VIDEO_WIDGET_MESSAGES.inactiveNotification },
  ])('refuses $label with 400 and changes nothing', async ({ payload, message }) => {
    const [before] = await t.database.db.select().from(videoWidgets).where(eq(videoWidgets.id, widgets[0]!.id));
    const response = await put(widgets[0]!.id, payload);
    expect(response.statusCode, response.body).toBe(400);
    if (message) expect(response.json().error.message).toBe(message);
    const [after] = await t.database.db.select().from(videoWidgets).where(eq(videoWidgets.id, widgets[0]!.id));
    expect(after).toEqual(before);
  });

  it('answers 404 for an unknown widget and 400 for a malformed id', async () => {
    expect((await put('00000000-0000-4000-8000-000000000000', body())).json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Video widget not found.' } });
    expect((await put('not-a-uuid', body())).statusCode).toBe(400);
  });

  it('lets only admins edit (403 for every other role, 401 signed out); everyone reads the list', async () => {
    expect((await put(widgets[0]!.id, body(), '')).statusCode).toBe(401);
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      const cookie = await t.signInAs(role);
      expect((await put(widgets[0]!.id, body({ title: 'Hacked' }), cookie)).statusCode, role).toBe(403);
      expect((await t.inject({ method: 'GET', url: '/api/admin/video-widgets', cookie })).statusCode, role).toBe(403);
      expect((await t.inject({ method: 'GET', url: '/api/video-widgets', cookie })).statusCode, role).toBe(200);
    }
    expect((await publicList()).some((w) => w.title === 'Hacked')).toBe(false);
  });

  it('"notify all users" queues one job that notifies every active user exactly once', async () => {
    const response = await put(widgets[0]!.id, body({ title: 'Big news', send_notification: true }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().notification_queued).toBe(true);
    const [{ revision }] = (await t.database.db.select({ revision: videoWidgets.revision }).from(videoWidgets).where(eq(videoWidgets.id, widgets[0]!.id))) as [{ revision: number }];
    const sourceKey = `video-widget:${widgets[0]!.id}:${revision}`;
    const queued = await t.database.db.select().from(jobs).where(and(eq(jobs.name, VIDEO_NOTIFY_JOB), eq(jobs.dedupeKey, sourceKey)));
    expect(queued).toHaveLength(1);

    // Nothing is sent by the request itself: the job does it.
    const delivered = () => t.database.db.select().from(notifications).where(eq(notifications.sourceKey, sourceKey));
    expect(await delivered()).toHaveLength(0);
    await t.runJobs();
    const [{ n: activeUsers }] = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.status, 'active'))) as [{ n: number }];
    const rows = await delivered();
    expect(rows).toHaveLength(activeUsers);
    expect(new Set(rows.map((row) => row.userId)).size).toBe(activeUsers);
    expect(rows[0]).toMatchObject({ type: 'system_update', title: 'New video: Big news' });

    // A repeated delivery of the same job (a retry after a crash) adds nothing.
    await notifyAllOfVideo({ widgetId: widgets[0]!.id, revision, title: 'Big news' }, { deps: t.app.deps, jobId: queued[0]!.id, attempt: 2 });
    expect(await delivered()).toHaveLength(activeUsers);

    // The affiliate sees it in their own list.
    const list = await t.inject({ method: 'GET', url: '/api/notifications', cookie: affiliate });
    expect(JSON.stringify(list.json())).toContain('New video: Big news');

    // A later update without the box ticked queues nothing more.
    await put(widgets[0]!.id, body({ title: 'Big news, edited' }));
    expect(await t.database.db.select().from(jobs).where(eq(jobs.name, VIDEO_NOTIFY_JOB))).toHaveLength(1);
  });
});
