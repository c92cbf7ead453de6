import { describe, expect, test } from 'vitest';
import { ProductInputSchema } from '../schemas/products.ts';
import {
  PRODUCT_MESSAGES,
  affiliateLinkPath,
  basisPointsToPercentInput,
  deleteProductConfirmation,
  earningsPerReferralCents,
  formatRate,
  isRedirectableUrl,
  isSafeHttpUrl,
  normaliseHttpUrl,
  parsePercentToBasisPoints,
  productMetrics,
  validateProductForm,
  type ProductFormValues,
} from './product-rules.ts';

describe('earningsPerReferralCents: price x rate / 100, rounded once to the cent', () => {
  test.each([
    { label: '$100 at 10%', price: 10_000, bp: 1_000, expected: 1_000 },
    { label: '$49 at 30%', price: 4_900, bp: 3_000, expected: 1_470 },
    { label: '$99.99 at 12.5% (12.49875 -> 12.50)', price: 9_999, bp: 1_250, expected: 1_250 },
    { label: '$0.01 at 50% (half a cent rounds up)', price: 1, bp: 5_000, expected: 1 },
    { label: '$0.01 at 40% (0.4 cent rounds down)', price: 1, bp: 4_000, expected: 0 },
    { label: 'free product', price: 0, bp: 5_000, expected: 0 },
    { label: '0% commission', price: 19_900, bp: 0, expected: 0 },
    { label: '100% commission', price: 19_900, bp: 10_000, expected: 19_900 },
    { label: 'the largest price at 100%', price: 10_000_000_000, bp: 10_000, expected: 10_000_000_000 },
  ])('$label -> $expected cents', ({ price, bp, expected }) => {
    expect(earningsPerReferralCents(price, bp)).toBe(expected);
  });
});

describe('formatRate and the rate inputs', () => {
  test.each([
    { bp: 0, text: '0%', input: '0' },
    { bp: 1_000, text: '10%', input: '10' },
    { bp: 1_250, text: '12.5%', input: '12.5' },
    { bp: 10_000, text: '100%', input: '100' },
  ])('$bp bp -> $text / $input', ({ bp, text, input }) => {
    expect(formatRate(bp)).toBe(text);
    expect(basisPointsToPercentInput(bp)).toBe(input);
    expect(parsePercentToBasisPoints(input)).toBe(bp);
  });

  test.each([
    { input: '12.55', expected: null },
    { input: '1e2', expected: null },
    { input: 'abc', expected: null },
    { input: ' 7.5 ', expected: 750 },
  ])('parsePercentToBasisPoints($input) -> $expected', ({ input, expected }) => {
    expect(parsePercentToBasisPoints(input)).toBe(expected);
  });
});

describe('isSafeHttpUrl: the only destinations we link or redirect to', () => {
  test.each([
    'https://example.com',
    'http://example.com/path?q=1#top',
    'HTTPS://Example.com/Shop',
    'https://shop.example.com:8443/a/b',
  ])('accepts %s', (url) => {
    expect(isSafeHttpUrl(url)).toBe(true);
  });

  test.each([
    { label: 'javascript:', url: 'javascript:alert(1)' },
    { label: 'data:', url: 'data:text/html,<script>alert(1)</script>' },
    { label: 'vbscript:', url: 'vbscript:msgbox(1)' },
    { label: 'file:', url: 'file:///etc/passwd' },
    { label: 'ftp:', url: 'ftp://example.com/file' },
    { label: 'scheme-relative', url: '//evil.example' },
    { label: 'relative path', url: '/dashboard' },
    { label: 'user and password', url: 'https://user:pw@example.com' },
    { label: 'user only', url: 'https://user@example.com' },
    { label: 'leading space', url: ' https://example.com' },
    { label: 'leading tab before javascript', url: '\tjavascript:alert(1)' },
    { label: 'a newline (header splitting)', url: 'https://example.com/\r\nLocation: https://evil.example' },
    { label: 'a backslash', url: 'https://example.com\\@evil.example' },
    { label: 'no host', url: 'https://' },
    { label: 'empty', url: '' },
    { label: 'too long', url: `https://example.com/${'a'.repeat(2048)}` },
  ])('refuses $label', ({ url }) => {
    expect(isSafeHttpUrl(url)).toBe(false);
    expect(isRedirectableUrl(url)).toBe(false);
  });

  test('an internationalised host is stored in its ASCII (punycode) form, which may be redirected to', () => {
    const typed = 'https://bücher.example/straße';
    expect(isSafeHttpUrl(typed)).toBe(true);
    expect(isRedirectableUrl(typed)).toBe(false);
    const stored = normaliseHttpUrl(typed);
    expect(stored).toBe('https://xn--bcher-kva.example/stra%C3%9Fe');
    expect(isRedirectableUrl(stored)).toBe(true);
  });
});

describe('productMetrics: the four tiles', () => {
  test.each([
    { label: 'no products', products: [], expected: { total_products: 0, average_commission_bp: 0, average_price_cents: 0, category_count: 0 } },
    {
      label: 'three products in two categories',
      products: [
        { commission_rate_bp: 3_000, price_cents: 4_900, category_id: 'a' },
        { commission_rate_bp: 2_500, price_cents: 19_900, category_id: 'b' },
        { commission_rate_bp: 1_250, price_cents: 9_999, category_id: 'a' },
      ],
      // (3000 + 2500 + 1250) / 3 = 2250; (4900 + 19900 + 9999) / 3 = 11599.67 -> 11600
      expected: { total_products: 3, average_commission_bp: 2_250, average_price_cents: 11_600, category_count: 2 },
    },
  ])('$label', ({ products, expected }) => {
    expect(productMetrics(products)).toEqual(expected);
  });
});

describe('affiliate link', () => {
  test('carries the opaque referral code, never a user id', () => {
    expect(affiliateLinkPath('3f0c1a8e-0000-4000-8000-000000000001', 'ABCD2345')).toBe('/go/3f0c1a8e-0000-4000-8000-000000000001?ref=ABCD2345');
  });
  test('the delete confirmation mirrors the lead one', () => {
    expect(deleteProductConfirmation('Growth CRM')).toBe('Are you sure you want to delete product "Growth CRM"? This action cannot be undone.');
  });
});

const VALID_FORM: ProductFormValues = {
  name: ' Growth CRM Pro ',
  description: 'A CRM for small teams.',
  category_id: '3f0c1a8e-0000-4000-8000-000000000001',
  price: '49.99',
  commission: '12.5',
  master_link: 'https://example.com/crm',
  image_url: '',
  is_active: true,
};

describe('validateProductForm: the product form rules of spec 2 section 5', () => {
  test('a complete form becomes the API input, trimmed, in cents and basis points', () => {
    expect(validateProductForm(VALID_FORM)).toEqual({
      ok: true,
      value: {
        name: 'Growth CRM Pro',
        description: 'A CRM for small teams.',
        category_id: VALID_FORM.category_id,
        price_cents: 4_999,
        commission_rate_bp: 1_250,
        master_link: 'https://example.com/crm',
        image_url: null,
        is_active: true,
      },
    });
  });

  test.each([
    { label: 'blank name', change: { name: '  ' }, field: 'name', message: PRODUCT_MESSAGES.nameRequired },
    { label: 'long name', change: { name: 'x'.repeat(121) }, field: 'name', message: PRODUCT_MESSAGES.nameTooLong },
    { label: 'no description', change: { description: '' }, field: 'description', message: PRODUCT_MESSAGES.descriptionRequired },
    { label: 'no category', change: { category_id: '' }, field: 'category_id', message: PRODUCT_MESSAGES.categoryRequired },
    { label: 'no price', change: { price: '' }, field: 'price', message: PRODUCT_MESSAGES.priceRequired },
    { label: 'negative price', change: { price: '-1' }, field: 'price', message: PRODUCT_MESSAGES.priceNegative },
    { label: 'price with 3 decimals', change: { price: '1.999' }, field: 'price', message: PRODUCT_MESSAGES.priceInvalid },
    { label: 'price not a number', change: { price: 'ten' }, field: 'price', message: PRODUCT_MESSAGES.priceInvalid },
    { label: 'no commission', change: { commission: '' }, field: 'commission', message: PRODUCT_MESSAGES.commissionRequired },
    { label: 'commission over 100', change: { commission: '100.1' }, field: 'commission', message: PRODUCT_MESSAGES.commissionRange },
    { label: 'negative commission', change: { commission: '-5' }, field: 'commission', message: PRODUCT_MESSAGES.commissionRange },
    { label: 'commission with 2 decimals', change: { commission: '12.55' }, field: 'commission', message: PRODUCT_MESSAGES.commissionInvalid },
    { label: 'no master link', change: { master_link: ' ' }, field: 'master_link', message: PRODUCT_MESSAGES.masterLinkRequired },
    { label: 'javascript: master link', change: { master_link: 'javascript:alert(1)' }, field: 'master_link', message: PRODUCT_MESSAGES.masterLinkInvalid },
    { label: 'relative master link', change: { master_link: '/shop' }, field: 'master_link', message: PRODUCT_MESSAGES.masterLinkInvalid },
    { label: 'image not http(s)', change: { image_url: 'data:image/png;base64,AAAA' }, field: 'image_url', message: PRODUCT_MESSAGES.imageUrlInvalid },
  ])('$label: "$message"', ({ change, field, message }) => {
    const result = validateProductForm({ ...VALID_FORM, ...change });
    expect(result.ok).toBe(false);
    expect(result.ok ? undefined : result.errors[field as keyof typeof result.errors]).toBe(message);
  });

  test.each([
    { label: '0 and 0 are allowed', change: { price: '0', commission: '0' } },
    { label: '100% is allowed', change: { commission: '100' } },
    { label: 'an http image', change: { image_url: 'http://example.com/a.png' } },
  ])('$label', ({ change }) => {
    expect(validateProductForm({ ...VALID_FORM, ...change }).ok).toBe(true);
  });
});

describe('ProductInputSchema: the API applies the same rules', () => {
  const valid = {
    name: 'Growth CRM Pro',
    description: 'A CRM for small teams.',
    category_id: VALID_FORM.category_id,
    price_cents: 4_999,
    commission_rate_bp: 1_250,
    master_link: 'https://example.com/crm',
    image_url: null,
  };

  test('a valid body parses, active by default', () => {
    expect(ProductInputSchema.parse(valid)).toEqual({ ...valid, is_active: true });
  });

  test.each([
    { label: 'negative price', change: { price_cents: -1 }, message: PRODUCT_MESSAGES.priceNegative },
    { label: 'fractional cents', change: { price_cents: 10.5 }, message: PRODUCT_MESSAGES.priceInvalid },
    { label: 'price as text', change: { price_cents: '12abc' }, message: PRODUCT_MESSAGES.priceRequired },
    { label: 'rate over 10000 bp', change: { commission_rate_bp: 10_001 }, message: PRODUCT_MESSAGES.commissionRange },
    { label: 'rate off the 0.1% step', change: { commission_rate_bp: 1_255 }, message: PRODUCT_MESSAGES.commissionInvalid },
    { label: 'javascript: link', change: { master_link: 'javascript:alert(1)' }, message: PRODUCT_MESSAGES.masterLinkInvalid },
    { label: 'empty link', change: { master_link: '' }, message: PRODUCT_MESSAGES.masterLinkRequired },
    { label: 'no category', change: { category_id: '' }, message: PRODUCT_MESSAGES.categoryRequired },
    { label: 'bad image', change: { image_url: 'javascript:x' }, message: PRODUCT_MESSAGES.imageUrlInvalid },
  ])('$label -> "$message"', ({ change, message }) => {
    const result = ProductInputSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  test('unknown keys are refused (mass assignment)', () => {
    expect(ProductInputSchema.safeParse({ ...valid, created_by: 'someone' }).success).toBe(false);
  });
});
