import { describe, expect, test } from 'vitest';
import { classifyDevice, isCountableNavigation, referringSite, utcDay } from './click-attributes.ts';

describe('classifyDevice: isbot and ua-parser-js', () => {
  test.each([
    { label: 'Chrome on Windows', ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36', expected: 'desktop' },
    { label: 'Safari on macOS', ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15', expected: 'desktop' },
    { label: 'Firefox on Linux', ua: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0', expected: 'desktop' },
    { label: 'headless Chromium (our browser tests)', ua: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0 Safari/537.36', expected: 'desktop' },
    { label: 'iPhone', ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1', expected: 'mobile' },
    { label: 'Android phone', ua: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36', expected: 'mobile' },
    { label: 'Opera Mini', ua: 'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54', expected: 'mobile' },
    { label: 'iPad (old agent)', ua: 'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148', expected: 'tablet' },
    { label: 'Android tablet', ua: 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36', expected: 'tablet' },
    { label: 'Kindle Silk', ua: 'Mozilla/5.0 (Linux; U; Android 4.0.3; en-us; KFTT Build/IML74K) AppleWebKit/537.36 (KHTML, like Gecko) Silk/3.68 like Chrome/39.0 Safari/537.36', expected: 'tablet' },
    { label: 'Googlebot', ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', expected: 'bot' },
    { label: 'Facebook link preview', ua: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', expected: 'bot' },
    { label: 'Slack link expander', ua: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', expected: 'bot' },
    { label: 'curl', ua: 'curl/8.5.0', expected: 'bot' },
    { label: 'WhatsApp link preview', ua: 'WhatsApp/2.23.20.0 A', expected: 'bot' },
    { label: 'Discord link preview', ua: 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)', expected: 'bot' },
    { label: 'an HTTP library', ua: 'okhttp/4.9.0', expected: 'bot' },
    { label: 'Android tablet, reduced Chrome agent', ua: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36', expected: 'tablet' },
    { label: 'Android phone, reduced Chrome agent', ua: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36', expected: 'mobile' },
    { label: 'Windows Phone', ua: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows Phone 8.0; Trident/6.0; IEMobile/10.0; ARM; Touch; NOKIA; Lumia 920)', expected: 'mobile' },
    { label: 'smart TV browser', ua: 'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36', expected: 'desktop' },
    { label: 'empty', ua: '', expected: 'unknown' },
    { label: 'missing', ua: undefined, expected: 'unknown' },
  ])('$label -> $expected', ({ ua, expected }) => {
    expect(classifyDevice(ua)).toBe(expected);
  });
});

describe('referringSite: the host of the Referer only', () => {
  test.each([
    { referer: 'https://www.Facebook.com/some/post?id=123&user=me', expected: 'www.facebook.com' },
    { referer: 'http://blog.example:8080/a', expected: 'blog.example' },
    { referer: 'android-app://com.google.android.gm/', expected: null },
    { referer: 'not a url', expected: null },
    { referer: '', expected: null },
    { referer: undefined, expected: null },
  ])('$referer -> $expected', ({ referer, expected }) => {
    expect(referringSite(referer)).toBe(expected);
  });
});

describe('isCountableNavigation: only a person opening the link counts (T-45)', () => {
  test.each([
    { label: 'a plain GET without fetch metadata', meta: { method: 'GET' }, expected: true },
    { label: 'a top-level navigation', meta: { method: 'GET', secFetchDest: 'document', secFetchMode: 'navigate' }, expected: true },
    { label: 'HEAD', meta: { method: 'HEAD' }, expected: false },
    { label: 'an <img> (cookie stuffing)', meta: { method: 'GET', secFetchDest: 'image', secFetchMode: 'no-cors' }, expected: false },
    { label: 'an iframe', meta: { method: 'GET', secFetchDest: 'iframe', secFetchMode: 'navigate' }, expected: false },
    { label: 'a script', meta: { method: 'GET', secFetchDest: 'script' }, expected: false },
    { label: 'a fetch() call', meta: { method: 'GET', secFetchDest: 'empty', secFetchMode: 'cors' }, expected: false },
    { label: 'a prefetch', meta: { method: 'GET', secFetchDest: 'document', secFetchMode: 'navigate', secPurpose: 'prefetch' }, expected: false },
    { label: 'a legacy Purpose: prefetch', meta: { method: 'GET', purpose: 'prefetch' }, expected: false },
  ])('$label -> $expected', ({ meta, expected }) => {
    expect(isCountableNavigation(meta)).toBe(expected);
  });
});

describe('utcDay', () => {
  test.each([
    { instant: '2026-11-23T23:59:59.999Z', expected: '2026-11-23' },
    { instant: '2026-11-24T00:00:00.000Z', expected: '2026-11-24' },
    { instant: '2026-11-23T20:00:00.000-05:00', expected: '2026-11-24' },
  ])('$instant -> $expected', ({ instant, expected }) => {
    expect(utcDay(new Date(instant))).toBe(expected);
  });
});
