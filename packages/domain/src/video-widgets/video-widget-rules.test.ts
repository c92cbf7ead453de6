import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { UpdateVideoWidgetInputSchema } from '../schemas/video-widgets.ts';
import {
  normaliseYouTubeUrl,
  parseYouTubeVideoId,
  ratingToTenths,
  tenthsToRating,
  validateVideoWidgetForm,
  VIDEO_WIDGET_MESSAGES,
  youtubeDefaultThumbnail,
  youtubeEmbedUrl,
  youtubeWatchUrl,
} from './video-widget-rules.ts';

const ID = 'aqz-KE-bpKQ';
const EMBED = `https://www.youtube-nocookie.com/embed/${ID}`;

describe('parseYouTubeVideoId: every accepted link form gives the 11-character id', () => {
  test.each([
    { form: 'watch', url: `https://www.youtube.com/watch?v=${ID}` },
    { form: 'watch with a start time and other parameters', url: `https://www.youtube.com/watch?feature=share&v=${ID}&t=42s` },
    { form: 'watch without www', url: `https://youtube.com/watch?v=${ID}` },
    { form: 'mobile watch', url: `https://m.youtube.com/watch?v=${ID}` },
    { form: 'music watch', url: `https://music.youtube.com/watch?v=${ID}` },
    { form: 'watch over http', url: `http://www.youtube.com/watch?v=${ID}` },
    { form: 'watch pasted without a scheme', url: `www.youtube.com/watch?v=${ID}` },
    { form: 'watch with surrounding spaces', url: `  https://www.youtube.com/watch?v=${ID}  ` },
    { form: 'short link', url: `https://youtu.be/${ID}` },
    { form: 'short link with a share parameter and a start time', url: `https://youtu.be/${ID}?si=abc123&t=10` },
    { form: 'short link without a scheme', url: `youtu.be/${ID}` },
    { form: 'embed', url: `https://www.youtube.com/embed/${ID}` },
    { form: 'embed with parameters', url: `https://www.youtube.com/embed/${ID}?start=30&autoplay=1` },
    { form: 'privacy-enhanced embed', url: EMBED },
    { form: 'playlist: a video of a playlist', url: `https://www.youtube.com/watch?v=${ID}&list=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf&index=2` },
    { form: 'playlist page naming a video', url: `https://www.youtube.com/playlist?list=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf&v=${ID}` },
    { form: 'shorts', url: `https://www.youtube.com/shorts/${ID}` },
    { form: 'live', url: `https://www.youtube.com/live/${ID}?feature=share` },
    { form: 'old /v/ form', url: `https://www.youtube.com/v/${ID}` },
    { form: 'upper-case host', url: `https://WWW.YOUTUBE.COM/watch?v=${ID}` },
  ])('$form', ({ url }) => {
    expect(parseYouTubeVideoId(url)).toBe(ID);
    expect(normaliseYouTubeUrl(url)).toBe(EMBED);
  });

  test.each([
    { label: 'empty', url: '' },
    { label: 'not a URL', url: 'hello world' },
    { label: 'a bare id', url: ID },
    { label: 'another site', url: `https://vimeo.com/${ID}` },
    { label: 'a look-alike host', url: `https://youtube.com.evil.example/watch?v=${ID}` },
    { label: 'a subdomain trick', url: `https://www.youtube.com@evil.example/watch?v=${ID}` },
    { label: 'credentials in the URL', url: `https://user:pw@www.youtube.com/watch?v=${ID}` },
    { label: 'javascript:', url: `javascript:alert(1)//youtube.com/watch?v=${ID}` },
    { label: 'data:', url: 'data:text/html,<script>alert(1)</script>' },
    { label: 'scheme-relative', url: `//www.youtube.com/watch?v=${ID}` },
    { label: 'a backslash', url: `https://www.youtube.com\\watch?v=${ID}` },
    { label: 'a playlist without a video', url: 'https://www.youtube.com/playlist?list=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf' },
    { label: 'an embedded playlist (videoseries)', url: 'https://www.youtube.com/embed/videoseries?list=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf' },
    { label: 'an id too short', url: 'https://youtu.be/abc' },
    { label: 'an id too long', url: `https://youtu.be/${ID}X` },
    { label: 'an id with a forbidden character', url: 'https://www.youtube.com/watch?v=aqz-KE-bp$Q' },
    { label: 'a watch link without v', url: 'https://www.youtube.com/watch?list=PLx' },
    { label: 'a channel page', url: 'https://www.youtube.com/@SomeChannel' },
    { label: 'an extra path segment', url: `https://youtu.be/${ID}/extra` },
    { label: 'ftp', url: `ftp://www.youtube.com/watch?v=${ID}` },
  ])('$label gives null', ({ url }) => {
    expect(parseYouTubeVideoId(url)).toBeNull();
    expect(normaliseYouTubeUrl(url)).toBeNull();
  });

  test('the output is always null or the privacy-enhanced embed form (T-109)', () => {
    const embedForm = /^https:\/\/www\.youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]{11}$/;
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.tuple(fc.constantFrom('https://youtu.be/', 'https://www.youtube.com/watch?v=', 'https://www.youtube.com/embed/', 'youtu.be/', 'javascript:', '//'), fc.string()).map(([prefix, rest]) => prefix + rest),
        ),
        (input) => {
        const out = normaliseYouTubeUrl(input);
          return out === null || embedForm.test(out);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  test('links are rebuilt from the id', () => {
    expect(youtubeEmbedUrl(ID)).toBe(EMBED);
    expect(youtubeWatchUrl(ID)).toBe(`https://www.youtube.com/watch?v=${ID}`);
    expect(youtubeDefaultThumbnail(ID)).toBe(`https://i.ytimg.com/vi/${ID}/hqdefault.jpg`);
  });
});

describe('ratings: 0 to 5 in steps of 0.1, stored as tenths', () => {
  test.each([
    { rating: 0, tenths: 0 },
    { rating: 0.1, tenths: 1 },
    { rating: 4.5, tenths: 45 },
    { rating: 4.7, tenths: 47 },
    { rating: 0.3, tenths: 3 },
    { rating: 5, tenths: 50 },
  ])('$rating -> $tenths', ({ rating, tenths }) => {
    expect(ratingToTenths(rating)).toBe(tenths);
    expect(tenthsToRating(tenths)).toBe(rating);
  });

  test.each([-0.1, 5.1, 4.55, 0.05, Number.NaN, Number.POSITIVE_INFINITY, -1, 2 ** 53])('%s is refused', (rating) => {
    expect(ratingToTenths(rating)).toBeNull();
  });
});

describe('validateVideoWidgetForm', () => {
  const valid = {
    title: ' Welcome ',
    description: 'Start here.',
    youtube_url: `https://youtu.be/${ID}`,
    thumbnail_url: '',
    rating: '4.5',
    is_active: true,
    send_notification: false,
  };

  test('a valid form gives the body to send: embed URL, null thumbnail, decimal rating', () => {
    expect(validateVideoWidgetForm(valid)).toEqual({
      ok: true,
      value: { title: 'Welcome', description: 'Start here.', youtube_url: EMBED, thumbnail_url: null, rating: 4.5, is_active: true, send_notification: false },
    });
  });

  test('each field says what is wrong', () => {
    const result = validateVideoWidgetForm({ ...valid, title: ' ', description: '', youtube_url: 'https://vimeo.com/1', thumbnail_url: 'javascript:alert(1)', rating: '5.5' });
    expect(result).toEqual({
      ok: false,
      errors: {
        title: VIDEO_WIDGET_MESSAGES.titleRequired,
        description: VIDEO_WIDGET_MESSAGES.descriptionRequired,
        youtube_url: VIDEO_WIDGET_MESSAGES.youtubeUrlInvalid,
        thumbnail_url: VIDEO_WIDGET_MESSAGES.thumbnailUrlInvalid,
        rating: VIDEO_WIDGET_MESSAGES.ratingInvalid,
      },
    });
    expect(validateVideoWidgetForm({ ...valid, youtube_url: '' })).toMatchObject({ errors: { youtube_url: VIDEO_WIDGET_MESSAGES.youtubeUrlRequired } });
    for (const rating of ['', 'abc', '4.55', '-1', '1e1', '4,5']) {
      expect(validateVideoWidgetForm({ ...valid, rating }), rating).toMatchObject({ errors: { rating: VIDEO_WIDGET_MESSAGES.ratingInvalid } });
    }
  });

  test('the server schema accepts what the form sends and refuses the rest', () => {
    const body = { title: 'Welcome', description: 'Start here.', youtube_url: `https://youtu.be/${ID}`, thumbnail_url: '', rating: 4.5 };
    expect(UpdateVideoWidgetInputSchema.parse(body)).toEqual({ ...body, thumbnail_url: null, is_active: true, send_notification: false });
    expect(UpdateVideoWidgetInputSchema.parse({ ...body, thumbnail_url: null }).thumbnail_url).toBeNull();
    expect(UpdateVideoWidgetInputSchema.safeParse({ ...body, rating: '4.5' }).success).toBe(false);
    expect(UpdateVideoWidgetInputSchema.safeParse({ ...body, rating: 4.55 }).success).toBe(false);
    expect(UpdateVideoWidgetInputSchema.safeParse({ ...body, thumbnail_url: '//evil.example/x.png' }).success).toBe(false);
    expect(UpdateVideoWidgetInputSchema.safeParse({ ...body, total_ratings: 99 }).success).toBe(false);
  });
});
