import { describe, expect, it } from 'vitest';
import { LearningModuleInputSchema } from '../schemas/learning.ts';
import {
  completionRatePercent,
  isCompleteOrder,
  LEARNING_ADMIN_MESSAGES as M,
  newLearningModuleFormValues,
  parseVimeoVideoId,
  splitLearningTags,
  validateLearningModuleForm,
} from './learning-module-rules.ts';

const CATEGORY = '0b6f3c36-4a4c-4f54-9a55-3f6a1d0c9a11';
const UPLOAD = '6c2b9a3e-52d8-4f3c-8c8b-7a1e2f3d4c5b';

function form(overrides: Partial<ReturnType<typeof newLearningModuleFormValues>> = {}) {
  return { ...newLearningModuleFormValues(CATEGORY), title: 'Closing calls', description: 'How to close', url: 'https://youtu.be/dQw4w9WgXcQ', ...overrides };
}

describe('learning module form rules (spec 2 section 5)', () => {
  it('a new module defaults to YouTube, subscriber level, sort order 0', () => {
    const values = newLearningModuleFormValues();
    expect(values.content_type).toBe('youtube');
    expect(values.access_level).toBe('subscriber');
    expect(values.sort_order).toBe('0');
  });

  it('title, category, description are required; every message at once', () => {
    const result = validateLearningModuleForm(form({ title: ' ', category_id: '', description: '', url: '' }));
    expect(result).toEqual({
      ok: false,
      errors: { title: M.titleRequired, category_id: M.categoryRequired, description: M.descriptionRequired, url: M.urlRequired },
    });
  });

  it('content type and access level must be known', () => {
    const result = validateLearningModuleForm(form({ content_type: 'flash', access_level: 'vip' }));
    expect(result.ok ? {} : result.errors).toMatchObject({ content_type: M.contentTypeRequired, access_level: M.accessLevelRequired });
  });

  it('a URL is required unless the content is an uploaded file', () => {
    expect(validateLearningModuleForm(form({ url: '' }))).toMatchObject({ ok: false, errors: { url: M.urlRequired } });
    const uploaded = validateLearningModuleForm(form({ content_type: 'uploaded_video', url: 'https://ignored.example', upload_id: UPLOAD }));
    expect(uploaded).toMatchObject({ ok: true, value: { url: null, upload_id: UPLOAD } });
    expect(validateLearningModuleForm(form({ content_type: 'pdf_upload', upload_id: '' }))).toMatchObject({ ok: false, errors: { upload_id: M.fileRequired } });
  });

  it('the URL must be a URL of its kind', () => {
    expect(validateLearningModuleForm(form({ url: 'javascript:alert(1)' }))).toMatchObject({ ok: false, errors: { url: M.urlInvalid } });
    expect(validateLearningModuleForm(form({ url: 'https://example.com/video' }))).toMatchObject({ ok: false, errors: { url: M.youtubeUrlInvalid } });
    expect(validateLearningModuleForm(form({ content_type: 'vimeo', url: 'https://vimeo.com/about' }))).toMatchObject({ ok: false, errors: { url: M.vimeoUrlInvalid } });
    expect(validateLearningModuleForm(form({ content_type: 'external_video', url: 'https://example.com/video' })).ok).toBe(true);
    expect(validateLearningModuleForm(form({ content_type: 'pdf_link', url: 'https://example.com/guide.pdf' })).ok).toBe(true);
  });

  it('thumbnail optional but a URL; duration whole minutes or empty; sort order whole', () => {
    expect(validateLearningModuleForm(form({ thumbnail_url: 'not a url' }))).toMatchObject({ ok: false, errors: { thumbnail_url: M.thumbnailUrlInvalid } });
    expect(validateLearningModuleForm(form({ duration_minutes: '12.5' }))).toMatchObject({ ok: false, errors: { duration_minutes: M.durationInvalid } });
    expect(validateLearningModuleForm(form({ duration_minutes: '-3' }))).toMatchObject({ ok: false, errors: { duration_minutes: M.durationInvalid } });
    expect(validateLearningModuleForm(form({ sort_order: '1.5' }))).toMatchObject({ ok: false, errors: { sort_order: M.sortOrderInvalid } });
    expect(validateLearningModuleForm(form({ duration_minutes: '', sort_order: '' }))).toMatchObject({ ok: true, value: { duration_minutes: null, sort_order: 0, thumbnail_url: null } });
    expect(validateLearningModuleForm(form({ duration_minutes: ' 15 ' }))).toMatchObject({ ok: true, value: { duration_minutes: 15 } });
  });

  it('tags are split on commas and trimmed', () => {
    expect(splitLearningTags(' sales, closing ,, sales,  mindset ')).toEqual(['sales', 'closing', 'mindset']);
    expect(validateLearningModuleForm(form({ tags: 'a, b' }))).toMatchObject({ ok: true, value: { tags: ['a', 'b'] } });
    expect(validateLearningModuleForm(form({ tags: 'x'.repeat(41) }))).toMatchObject({ ok: false, errors: { tags: M.tagsInvalid } });
  });

  it('collection is one of the resource collections or none', () => {
    expect(validateLearningModuleForm(form({ collection: 'sales_scripts' }))).toMatchObject({ ok: true, value: { collection: 'sales_scripts' } });
    expect(validateLearningModuleForm(form({ collection: 'memes' }))).toMatchObject({ ok: false, errors: { collection: M.collectionInvalid } });
  });
});

describe('the API input schema reads the same rules', () => {
  const base = { title: 'T', category_id: CATEGORY, description: 'D', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' };
  it('defaults youtube, subscriber, Beginner, sort order 0, active', () => {
    expect(LearningModuleInputSchema.parse(base)).toMatchObject({ content_type: 'youtube', access_level: 'subscriber', difficulty: 'Beginner', sort_order: 0, is_active: true, tags: [], collection: null, upload_id: null });
  });
  it('refuses unknown keys, a missing URL and a fractional duration', () => {
    expect(LearningModuleInputSchema.safeParse({ ...base, is_admin: true }).success).toBe(false);
    const missing = LearningModuleInputSchema.safeParse({ ...base, url: '' });
    expect(missing.success ? null : missing.error.issues[0]?.message).toBe(M.urlRequired);
    const fractional = LearningModuleInputSchema.safeParse({ ...base, duration_minutes: 1.5 });
    expect(fractional.success ? null : fractional.error.issues[0]?.message).toBe(M.durationInvalid);
  });
  it('an uploaded type needs its upload and drops any URL', () => {
    const noFile = LearningModuleInputSchema.safeParse({ ...base, content_type: 'uploaded_video' });
    expect(noFile.success ? null : noFile.error.issues[0]?.message).toBe(M.fileRequired);
    expect(LearningModuleInputSchema.parse({ ...base, content_type: 'uploaded_video', upload_id: UPLOAD })).toMatchObject({ url: null, upload_id: UPLOAD });
  });
});

describe('vimeo ids, reorder completeness, rates', () => {
  it('reads Vimeo links', () => {
    expect(parseVimeoVideoId('https://vimeo.com/123456789')).toBe('123456789');
    expect(parseVimeoVideoId('https://player.vimeo.com/video/42')).toBe('42');
    expect(parseVimeoVideoId('https://vimeo.evil.com/42')).toBeNull();
  });
  it('a new order names every module exactly once', () => {
    expect(isCompleteOrder(['a', 'b', 'c'], ['c', 'a', 'b'])).toBe(true);
    expect(isCompleteOrder(['a', 'b', 'c'], ['c', 'a'])).toBe(false);
    expect(isCompleteOrder(['a', 'b'], ['a', 'a'])).toBe(false);
    expect(isCompleteOrder(['a', 'b'], ['a', 'x'])).toBe(false);
  });
  it('completion rate is null without learners', () => {
    expect(completionRatePercent(0, 0)).toBeNull();
    expect(completionRatePercent(3, 2)).toBe(67);
  });
});
