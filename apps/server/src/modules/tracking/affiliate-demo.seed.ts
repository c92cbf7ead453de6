import type { Database } from '@myeai/db';
import { classifyDevice, ProductInputSchema } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { changeCommissionStatus } from '../commissions/index.ts';
import { createCategory, createProduct } from '../products/index.ts';
import { anyProductCategoryExists, selectUserIdAndCodeByEmail } from './tracking.queries.ts';
import { newVisitorId, recordClick, recordConversion } from './tracking.service.ts';

const DAY_MS = 86_400_000;

type DemoProduct = {
  key: string;
  name: string;
  description: string;
  category: string;
  price_cents: number;
  commission_rate_bp: number;
  master_link: string;
};

const CATEGORIES = ['Software', 'Education', 'Coaching'];

const PRODUCTS: DemoProduct[] = [
  {
    key: 'crm',
    name: 'Growth CRM Pro',
    description: 'A customer relationship manager for small teams: pipeline, reminders and e-mail follow-ups in one place.',
    category: 'Software',
    price_cents: 4_900,
    commission_rate_bp: 3_000,
    master_link: 'https://example.com/growth-crm-pro',
  },
  {
    key: 'course',
    name: 'Trading Foundations Course',
    description: 'Eight weeks of video lessons on market structure, risk and journaling, with weekly live questions.',
    category: 'Education',
    price_cents: 19_900,
    commission_rate_bp: 2_500,
    master_link: 'https://example.com/trading-foundations',
  },
  {
    key: 'coaching',
    name: 'Mindset Coaching Program',
    description: 'Twelve one-to-one coaching sessions on habits, focus and goal setting for business owners.',
    category: 'Coaching',
    price_cents: 49_900,
    commission_rate_bp: 2_000,
    master_link: 'https://example.com/mindset-coaching',
  },
  {
    key: 'scanner',
    name: 'Market Scanner Toolkit',
    description: 'Screeners and alerts for stocks, forex and crypto, with saved watchlists.',
    category: 'Software',
    price_cents: 9_999,
    commission_rate_bp: 1_250,
    master_link: 'https://example.org/market-scanner',
  },
];

const AGENTS = {
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
  phone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  tablet: 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
} as const;

/** [product, days ago, visitor, device, referring site] of the affiliate's link clicks. */
const CLICKS: [string, number, string, keyof typeof AGENTS, string | null][] = [
  ['crm', 20, 'ana', 'desktop', 'www.facebook.com'],
  ['crm', 20, 'ana', 'desktop', 'www.facebook.com'],
  ['crm', 18.5, 'ben', 'phone', 'www.linkedin.com'],
  ['crm', 12, 'cai', 'phone', null],
  ['crm', 9, 'ana', 'desktop', null],
  ['crm', 4.5, 'dee', 'tablet', 'www.facebook.com'],
  ['crm', 3, 'ben', 'phone', 'www.linkedin.com'],
  ['course', 11, 'eli', 'desktop', 'www.youtube.com'],
  ['course', 10.5, 'eli', 'desktop', 'www.youtube.com'],
  ['course', 6, 'fay', 'phone', null],
  ['coaching', 2, 'gus', 'desktop', 'www.linkedin.com'],
  ['coaching', 1.5, 'gus', 'desktop', null],
];

/** [order id, product, days ago, sale amount, later status changes as [status, days ago]] */
const SALES: [string, string, number, number, ['processing' | 'paid', number][]][] = [
  ['DEMO-1001', 'crm', 18, 4_900, [['processing', 12], ['paid', 8]]],
  ['DEMO-2001', 'course', 10, 19_900, [['processing', 2]]],
  ['DEMO-1002', 'crm', 4, 4_900, []],
  ['DEMO-3001', 'coaching', 1, 49_900, []],
];

/**
 * Demo catalogue and the demo affiliate's link history: categories, products, clicks, signed
 * conversions turned into commissions, some processed and paid by the demo admin. Everything is
 * written through the same service functions the API uses, so every figure is computed from
 * these rows. Runs once: a database that already has a product category is left alone.
 */
export async function seedAffiliateDemo(db: Database, clock: Clock): Promise<void> {
  if (await anyProductCategoryExists(db)) return;
  const affiliate = await selectUserIdAndCodeByEmail(db, 'affiliate@demo.myeai.local');
  const admin = await selectUserIdAndCodeByEmail(db, 'admin@demo.myeai.local');
  if (!affiliate || !admin) return;
  const base = clock.now().getTime();
  const daysAgo = (days: number): Clock => ({ now: () => new Date(base - Math.round(days * DAY_MS)) });

  await db.transaction(async (tx) => {
    const categoryIds = new Map<string, string>();
    for (const name of CATEGORIES) categoryIds.set(name, (await createCategory(tx, daysAgo(30), null, { name })).id);

    const productIds = new Map<string, { id: string; name: string; commissionRateBp: number }>();
    for (const product of PRODUCTS) {
      const input = ProductInputSchema.parse({
        name: product.name,
        description: product.description,
        category_id: categoryIds.get(product.category),
        price_cents: product.price_cents,
        commission_rate_bp: product.commission_rate_bp,
        master_link: product.master_link,
        image_url: null,
      });
      const id = await createProduct(tx, daysAgo(30), null, input);
      productIds.set(product.key, { id, name: product.name, commissionRateBp: product.commission_rate_bp });
    }

    const visitors = new Map<string, string>();
    for (const [key, days, visitor, device, site] of CLICKS) {
      if (!visitors.has(visitor)) visitors.set(visitor, newVisitorId());
      await recordClick(tx, daysAgo(days), {
        productId: productIds.get(key)!.id,
        ref: affiliate.code,
        visitorId: visitors.get(visitor)!,
        userAgent: AGENTS[device],
        deviceClass: classifyDevice(AGENTS[device]),
        referringSite: site,
      });
    }

    for (const [orderId, key, days, amount, changes] of SALES) {
      const product = productIds.get(key)!;
      const { commission } = await recordConversion(
        tx,
        daysAgo(days),
        product,
        { product_id: product.id, order_id: orderId, amount_cents: amount, ref: affiliate.code },
        { notify: false },
      );
      for (const [status, when] of changes) {
        await changeCommissionStatus(tx, daysAgo(when), admin.id, commission.id, status, { notify: false, history: true });
      }
    }
  });
}
