import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learningModules, learningProgress, learningUploads, users } from '@myeai/db';
import { LEARNING_ADMIN_MESSAGES as M } from '@myeai/domain';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { multipartBody } from '../../leads/__tests__/multipart.ts';

/** A file that starts as an MP4 does (an ftyp box), then filler. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41'), Buffer.alloc(2000, 7)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
/** Above Fastify's 1 MiB default body limit, to show uploads are bounded by their own limit only. */
const UPLOAD_LIMIT = 3 * 1024 * 1024;

describe.each(testDatabaseKinds())('learning module admin on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let subscriber: string;
  let uploadsDir: string;
  let categoryId: string;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = admin) =>
    t.inject({ method, url, cookie, ...(payload === undefined ? {} : { payload: payload as object }) });
  const upload = (name: string, content: Buffer, cookie = admin) => {
    const { payload, headers } = multipartBody([{ name: 'file', filename: name, content }]);
    return t.inject({ method: 'POST', url: '/api/admin/learning/uploads', cookie, payload, headers });
  };
  const moduleBody = (overrides: Record<string, unknown> = {}) => ({
    title: 'Closing calls',
    category_id: categoryId,
    description: 'How to close a call.',
    url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    ...overrides,
  });
  const list = async () => {
    const response = await api('GET', '/api/admin/learning/modules');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { modules: { id: string; title: string; is_active: boolean; sort_order: number; upload: { id: string } | null }[]; categories: { id: string; name: string; module_count: number }[]; stats: Record<string, number> };
  };

  beforeAll(async () => {
    uploadsDir = await mkdtemp(join(tmpdir(), 'learnadmin-uploads-'));
    t = await createTestApp(kind, { uploadsDir, learningUploadMaxBytes: UPLOAD_LIMIT });
    admin = await t.signInAs('admin');
    subscriber = await t.signInAs('subscriber');
    const created = await api('POST', '/api/admin/learning/categories', { name: 'Sales Mastery' });
    expect(created.statusCode, created.body).toBe(201);
    categoryId = created.json().category.id;
  });
  afterAll(async () => {
    await t.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  it('creates a module with the spec defaults (youtube, subscriber, sort order 0) and the success message', async () => {
    const response = await api('POST', '/api/admin/learning/modules', moduleBody({ tags: [' sales', 'closing ', ''], duration_minutes: 12 }));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.status).toBe('success');
    expect(body.message).toBe('Learning module created successfully!');
    expect(body.module).toMatchObject({ content_type: 'youtube', access_level: 'subscriber', sort_order: 0, is_active: true, tags: ['sales', 'closing'], duration_minutes: 12, category_name: 'Sales Mastery', creator_name: 'Ada Admin' });
  });

  it('refuses missing required fields with the field messages and writes nothing', async () => {
    const before = (await list()).modules.length;
    const response = await api('POST', '/api/admin/learning/modules', { category_id: categoryId, url: '' });
    expect(response.statusCode).toBe(400);
    const messages = (response.json().error.details as { message: string }[]).map((detail) => detail.message);
    expect(messages).toEqual(expect.arrayContaining([M.titleRequired, M.descriptionRequired]));
    const noUrl = await api('POST', '/api/admin/learning/modules', moduleBody({ url: '' }));
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().error.details).toEqual([{ path: 'url', message: M.urlRequired }]);
    const fraction = await api('POST', '/api/admin/learning/modules', moduleBody({ duration_minutes: 2.5 }));
    expect(fraction.json().error.details).toEqual([{ path: 'duration_minutes', message: M.durationInvalid }]);
    const badThumb = await api('POST', '/api/admin/learning/modules', moduleBody({ thumbnail_url: 'javascript:alert(1)' }));
    expect(badThumb.json().error.details).toEqual([{ path: 'thumbnail_url', message: M.thumbnailUrlInvalid }]);
    const unknownCategory = await api('POST', '/api/admin/learning/modules', moduleBody({ category_id: '00000000-0000-4000-8000-000000000000' }));
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().error.message).toBe(M.categoryUnknown);
    const massAssign = await api('POST', '/api/admin/learning/modules', moduleBody({ created_by: 'x', learners_started: 99 }));
    expect(massAssign.statusCode).toBe(400);
    expect((await list()).modules.length).toBe(before);
  });

  it('stores an uploaded video under a server-made name and creates an uploaded_video module from it', async () => {
    // The demo seed's learning files are in the folder already; the upload adds exactly one.
    const filesBefore = await readdir(uploadsDir);
    const response = await upload('../../intro clip.mp4', MP4);
    expect(response.statusCode, response.body).toBe(201);
    const { upload: stored } = response.json();
    expect(stored).toMatchObject({ original_name: 'intro clip.mp4', mime_type: 'video/mp4', size_bytes: MP4.length });
    const files = await readdir(uploadsDir);
    expect(files.filter((file) => !filesBefore.includes(file))).toEqual([`${stored.id}.mp4`]);

    const wrongKind = await api('POST', '/api/admin/learning/modules', moduleBody({ content_type: 'pdf_upload', upload_id: stored.id, url: null }));
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().error.message).toBe(M.fileWrongKind);
    const noFile = await api('POST', '/api/admin/learning/modules', moduleBody({ content_type: 'uploaded_video', url: null }));
    expect(noFile.json().error.details).toEqual([{ path: 'upload_id', message: M.fileRequired }]);

    const created = await api('POST', '/api/admin/learning/modules', moduleBody({ title: 'Intro clip', content_type: 'uploaded_video', upload_id: stored.id, url: 'https://ignored.example/' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().module).toMatchObject({ content_type: 'uploaded_video', url: null, upload: { id: stored.id, mime_type: 'video/mp4' } });
  });

  it('accepts a PDF and refuses a disguised file (HTML named .mp4), a PDF named .mp4, an empty file and one over the limit, leaving no file', async () => {
    const big = await upload('long talk.mp4', Buffer.concat([MP4, Buffer.alloc(2 * 1024 * 1024, 3)]));
    expect(big.statusCode, big.body).toBe(201);
    expect(big.json().upload.size_bytes).toBe(MP4.length + 2 * 1024 * 1024);
    const pdf = await upload('guide.pdf', PDF);
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json().upload.mime_type).toBe('application/pdf');
    const filesBefore = (await readdir(uploadsDir)).sort();

    const disguised = await upload('video.mp4', HTML);
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().error.message).toBe(M.uploadWrongType);
    const misnamed = await upload('guide.mp4', PDF);
    expect(misnamed.statusCode).toBe(400);
    const empty = await upload('empty.mp4', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const large = await upload('large.mp4', Buffer.concat([MP4, Buffer.alloc(UPLOAD_LIMIT, 1)]));
    expect(large.statusCode).toBe(413);
    expect(large.json().error.message).toBe(M.uploadTooLarge);
    expect((await readdir(uploadsDir)).sort()).toEqual(filesBefore);

    const notAdmin = await upload('video.mp4', MP4, subscriber);
    expect(notAdmin.statusCode).toBe(403);
  });

  it('answers 400 to a multipart body cut off before its closing boundary, storing nothing', async () => {
    const filesBefore = (await readdir(uploadsDir)).sort();
    const storedUploads = await t.database.db.$count(learningUploads);
    const { payload, headers } = multipartBody([{ name: 'file', filename: 'cut.mp4', content: MP4 }]);
    const cut = payload.subarray(0, payload.length - 60);
    const response = await t.inject({ method: 'POST', url: '/api/admin/learning/uploads', cookie: admin, payload: cut, headers });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.message).toBe(M.uploadMalformed);
    const headersOnly = await t.inject({ method: 'POST', url: '/api/admin/learning/uploads', cookie: admin, payload: payload.subarray(0, 80), headers });
    expect(headersOnly.statusCode, headersOnly.body).toBe(400);
    expect((await readdir(uploadsDir)).sort()).toEqual(filesBefore);
    expect(await t.database.db.$count(learningUploads)).toBe(storedUploads);
  });

  it('refuses an upload whose Content-Length is over the limit with 413 before reading its body', async () => {
    const filesBefore = (await readdir(uploadsDir)).sort();
    const { payload, headers } = multipartBody([{ name: 'file', filename: 'huge.mp4', content: MP4 }]);
    // The declared length is all the server needs: the body sent is small, and is never read.
    const response = await t.inject({ method: 'POST', url: '/api/admin/learning/uploads', cookie: admin, payload, headers: { ...headers, 'content-length': String(UPLOAD_LIMIT + 128 * 1024) } });
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().error.message).toBe(M.uploadTooLarge);
    expect((await readdir(uploadsDir)).sort()).toEqual(filesBefore);
  });

  it('a day later, an upload no module uses is swept (row and file); one a module uses stays', async () => {
    const unused = (await upload('abandoned.webm', Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]), Buffer.from('webm'), Buffer.alloc(500, 1)]))).json().upload;
    const used = (await list()).modules.find((module) => module.title === 'Intro clip')!.upload!;
    expect(await readdir(uploadsDir)).toContain(`${unused.id}.webm`);
    await t.runJobs(); // what is due now (the demo seed's), not the sweep
    expect(await readdir(uploadsDir)).toContain(`${unused.id}.webm`);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    try {
      await t.runJobs();
    } finally {
      t.clock.set(TEST_NOW);
    }
    const files = await readdir(uploadsDir);
    expect(files).not.toContain(`${unused.id}.webm`);
    expect(files).toContain(`${used.id}.mp4`);
    const refused = await api('POST', '/api/admin/learning/modules', moduleBody({ content_type: 'uploaded_video', upload_id: unused.id, url: null }));
    expect(refused.json().error.message).toBe(M.fileUnknown);
  });

  it('edits a module (updated message), 404 for an unknown one', async () => {
    const first = (await list()).modules.find((module) => module.title === 'Closing calls');
    const response = await api('PUT', `/api/admin/learning/modules/${first!.id}`, moduleBody({ title: 'Closing calls, revised', access_level: 'free', collection: 'sales_scripts', difficulty: 'Advanced' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: M.updated, module: { title: 'Closing calls, revised', access_level: 'free', collection: 'sales_scripts', difficulty: 'Advanced' } });
    const missing = await api('PUT', '/api/admin/learning/modules/00000000-0000-4000-8000-000000000000', moduleBody());
    expect(missing.statusCode).toBe(404);
  });

  it('deactivates (INACTIVE, hidden from learners) and reactivates', async () => {
    const { modules } = await list();
    const target = modules.find((module) => module.title === 'Closing calls, revised')!;
    const hubTitles = async () => {
      const response = await api('GET', '/api/learning/modules', undefined, subscriber);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().modules as { title: string }[]).map((module) => module.title);
    };
    expect(await hubTitles()).toContain(target.title);
    const off = await api('DELETE', `/api/admin/learning/modules/${target.id}`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ message: M.deactivated, module: { is_active: false } });
    expect(await hubTitles()).not.toContain(target.title);
    expect((await list()).stats).toMatchObject({ inactive_modules: 1 });
    const on = await api('POST', `/api/admin/learning/modules/${target.id}/reactivate`);
    expect(on.json()).toMatchObject({ message: M.reactivated, module: { is_active: true } });
    expect(await hubTitles()).toContain(target.title);
  });

  it('reorders every module in one transaction and refuses a stale list', async () => {
    const before = (await list()).modules.length;
    await api('POST', '/api/admin/learning/modules', moduleBody({ title: 'Third', content_type: 'vimeo', url: 'https://vimeo.com/76979871' }));
    const ids = (await list()).modules.map((module) => module.id);
    expect(ids).toHaveLength(before + 1);
    const reversed = [...ids].reverse();
    const response = await api('PUT', '/api/admin/learning/module-order', { module_ids: reversed });
    expect(response.statusCode, response.body).toBe(200);
    expect((await list()).modules.map((module) => [module.id, module.sort_order])).toEqual(reversed.map((id, index) => [id, index]));
    const stale = await api('PUT', '/api/admin/learning/module-order', { module_ids: reversed.slice(1) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(M.reorderMismatch);
    const doubled = await api('PUT', '/api/admin/learning/module-order', { module_ids: [reversed[0], reversed[0], reversed[1]] });
    expect(doubled.statusCode).toBe(409);
    expect((await list()).modules.map((module) => module.id)).toEqual(reversed);
  });

  it('manages categories: unique names, counts, no removal while modules use one', async () => {
    const duplicate = await api('POST', '/api/admin/learning/categories', { name: 'sales mastery' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().error.message).toBe(M.categoryNameTaken);
    const spare = await api('POST', '/api/admin/learning/categories', { name: 'Mindset' });
    const spareId = spare.json().category.id as string;
    const renamed = await api('PUT', `/api/admin/learning/categories/${spareId}`, { name: 'Mindset & Habits' });
    expect(renamed.json().category).toMatchObject({ name: 'Mindset & Habits', module_count: 0 });
    const inUse = await api('DELETE', `/api/admin/learning/categories/${categoryId}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.message).toBe(M.categoryInUse);
    expect((await api('DELETE', `/api/admin/learning/categories/${spareId}`)).statusCode).toBe(200);
    const { categories } = await list();
    expect(categories.find((category) => category.id === categoryId)).toMatchObject({ module_count: 3 });
  });

  it('analytics: started, completed, completion rate, average watched percent and the daily series, from stored progress', async () => {
    const { modules } = await list();
    const target = modules[0]!;
    const learners = await t.database.db.select({ id: users.id }).from(users).limit(3);
    const day = (offset: number) => new Date(TEST_NOW.getTime() - offset * 86_400_000);
    await t.database.db.insert(learningProgress).values([
      { userId: learners[0]!.id, moduleId: target.id, watchTimeSeconds: 600, totalDurationSeconds: 600, percent: 100, startedAt: day(2), updatedAt: day(1), completedAt: day(1) },
      { userId: learners[1]!.id, moduleId: target.id, watchTimeSeconds: 120, totalDurationSeconds: 600, percent: 20, startedAt: day(1), updatedAt: day(1), completedAt: null },
      { userId: learners[2]!.id, moduleId: target.id, watchTimeSeconds: 300, totalDurationSeconds: 600, percent: 50, startedAt: day(40), updatedAt: day(40), completedAt: null },
    ]);
    const all = await api('GET', '/api/admin/learning/analytics');
    expect(all.statusCode, all.body).toBe(200);
    const summary = (all.json().modules as { module_id: string }[]).find((row) => row.module_id === target.id);
    expect(summary).toMatchObject({ learners_started: 3, learners_completed: 1, completion_rate_percent: 33, average_watched_percent: 57 });
    const untouched = (all.json().modules as { module_id: string; completion_rate_percent: number | null }[]).find((row) => row.module_id !== target.id);
    expect(untouched).toMatchObject({ completion_rate_percent: null, average_watched_percent: null });

    const one = await api('GET', `/api/admin/learning/modules/${target.id}/analytics?days=7`);
    expect(one.statusCode, one.body).toBe(200);
    const body = one.json();
    expect(body.series).toHaveLength(7);
    expect(body.series.at(-1).date).toBe('2026-11-23');
    expect(body.series.slice(-3)).toEqual([
      { date: '2026-11-21', started: 1, completed: 0 },
      { date: '2026-11-22', started: 1, completed: 1 },
      { date: '2026-11-23', started: 0, completed: 0 },
    ]);
    expect((await api('GET', `/api/admin/learning/modules/${target.id}/analytics?days=5`)).statusCode).toBe(400);
    expect((await list()).stats).toMatchObject({ learners: 3, completions: 1 });
    await t.database.db.delete(learningProgress).where(eq(learningProgress.moduleId, target.id));
  });

  it('the database refuses a module without its source and an unknown access level', async () => {
    const [row] = await t.database.db.select().from(learningModules).limit(1);
    await expect(t.database.db.update(learningModules).set({ url: null, contentType: 'youtube', uploadId: null }).where(eq(learningModules.id, row!.id))).rejects.toThrow();
    await expect(t.database.db.update(learningModules).set({ accessLevel: 'vip' as never }).where(eq(learningModules.id, row!.id))).rejects.toThrow();
  });
});
