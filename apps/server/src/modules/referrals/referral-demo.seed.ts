import type { Database, Transaction } from '@myeai/db';
import { classifyDevice, ConversionInputSchema, type Role } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { createUser, getUserByEmail } from '../auth/index.ts';
import { changeCommissionStatus } from '../commissions/index.ts';
import { newVisitorId, recordClick, recordConversion } from '../tracking/index.ts';
import { attributeSignUp, reviewReferralFlag } from './attribution.service.ts';
import { recordShortLinkClick } from './referrals.service.ts';
import { conversionOrderExists, selectAttributionStatusOf, selectProductsByNames } from './referral-demo.queries.ts';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** [e-mail, name, role, joined days ago] of the members the demo affiliate referred, each from a network of their own. */
const TEAM: [string, string, Role, number][] = [
  ['jordan.blake@example.com', 'Jordan Blake', 'affiliate', 52],
  ['priya.nair@example.com', 'Priya Nair', 'affiliate', 47],
  ['marcus.hill@example.com', 'Marcus Hill', 'subscriber', 44],
  ['elena.costa@example.com', 'Elena Costa', 'affiliate', 40],
  ['sam.okoro@example.com', 'Sam Okoro', 'subscriber', 36],
  ['hana.sato@example.com', 'Hana Sato', 'newcomer', 33],
  ['leo.fischer@example.com', 'Leo Fischer', 'affiliate', 29],
  ['nadia.haddad@example.com', 'Nadia Haddad', 'subscriber', 26],
  ['owen.price@example.com', 'Owen Price', 'affiliate', 22],
  ['sofia.alvarez@example.com', 'Sofia Alvarez', 'affiliate', 18],
  ['david.kim@example.com', 'David Kim', 'subscriber', 15],
  ['grace.mensah@example.com', 'Grace Mensah', 'newcomer', 11],
  ['tomas.varga@example.com', 'Tomas Varga', 'affiliate', 8],
  ['ava.lindqvist@example.com', 'Ava Lindqvist', 'subscriber', 50],
  ['isla.moreno@example.com', 'Isla Moreno', 'affiliate', 42],
  ['kofi.boateng@example.com', 'Kofi Boateng', 'subscriber', 31],
  ['mei.chen@example.com', 'Mei Chen', 'affiliate', 5],
];

/**
 * Three sign-ups for the affiliate from one network within the hour, ten days ago: the burst rule
 * flags them (decision 036). The seed then confirms the first (its commission is withheld), clears
 * the third (credited) and leaves the second open (its commission is on hold).
 */
const BURST: [string, string][] = [
  ['rapid.one@example.com', 'Riley Quick'],
  ['rapid.two@example.com', 'Robin Quick'],
  ['rapid.three@example.com', 'Reese Quick'],
];
const BURST_DAYS_AGO = 10;
const BURST_ADDRESS = '203.0.113.7';

/** [order id, buyer e-mail, product, days ago, sale amount, later statuses as [status, days ago]] of sales made to the affiliate's members. */
type MemberSale = [string, string, string, number, number, ['processing' | 'paid', number][]];
const MEMBER_SALES: MemberSale[] = [
  ['DEMO-4001', 'jordan.blake@example.com', 'Growth CRM Pro', 30, 4_900, [['processing', 20], ['paid', 14]]],
  ['DEMO-4002', 'priya.nair@example.com', 'Trading Foundations Course', 21, 19_900, [['processing', 6]]],
  ['DEMO-4003', 'marcus.hill@example.com', 'Market Scanner Toolkit', 12, 9_999, []],
  ['DEMO-4004', 'rapid.one@example.com', 'Mindset Coaching Program', 8, 49_900, []],
  ['DEMO-4005', 'rapid.two@example.com', 'Trading Foundations Course', 7, 19_900, []],
];

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const SITES = ['https://www.facebook.com/', 'https://www.linkedin.com/', null, 'https://t.me/'];

const DESKTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const AGENTS = [PHONE, DESKTOP, PHONE];

/**
 * The demo affiliate's team (issue 26 items 3 and 7): visits of the affiliate's short link, members
 * who signed up with the affiliate's code, credited through the sign-up attribution (attributeSignUp, as a real sign-up is), a burst
 * of flagged sign-ups reviewed by the admin, and sales those members made through the affiliate's
 * links, so the ledger holds referral-origin commissions in every status: paid, processing,
 * pending, on hold (open flag) and withheld (confirmed flag). Runs after seedAffiliateDemo (its
 * products); each part adds only what is missing.
 */
export async function seedReferralDemo(db: Database, clock: Clock): Promise<void> {
  const affiliate = await getUserByEmail(db, 'affiliate@demo.myeai.local');
  const admin = await getUserByEmail(db, 'admin@demo.myeai.local');
  if (!affiliate || !admin) return;
  const base = clock.now().getTime();
  const at = (ms: number): Clock => ({ now: () => new Date(base - ms) });

  await db.transaction(async (tx) => {
    const signUps = [
      ...TEAM.map(([email, name, role, days], index) => ({ email, name, role, when: at(days * DAY_MS), address: `198.51.100.${10 + index}` })),
      ...BURST.map(([email, name], index) => ({ email, name, role: 'newcomer' as Role, when: at(BURST_DAYS_AGO * DAY_MS - index * 20 * MINUTE_MS), address: BURST_ADDRESS })),
    ];
    await signUpMembers(tx, affiliate, signUps);
  });
  await recordMemberSales(db, clock, admin.id, affiliate.referralCode, MEMBER_SALES);

  const verdicts: [string, 'confirmed' | 'cleared'][] = [
    [BURST[0]![0], 'confirmed'],
    [BURST[2]![0], 'cleared'],
  ];
  for (const [email, verdict] of verdicts) {
    const member = await getUserByEmail(db, email);
    const flag = member ? await selectAttributionStatusOf(db, member.id) : undefined;
    if (flag?.status === 'open') await reviewReferralFlag(db, at(5 * DAY_MS), admin.id, flag.id, verdict);
  }
}

/**
 * Every other demo account's own small circle (issue 26 item 7: /referrals and /my-team show data
 * for every role, since every account has a referral link): visits of their short link, members
 * who joined with their code (credited by attributeSignUp) and, for the admin and the multi-role
 * account, sales their members made through their links, notified as a real sale is. Some members
 * are the demo's trials (seedTrialsDemo). Each part adds only what is missing.
 */
const CIRCLES: Record<string, { team: [string, string, Role, number][]; sales: MemberSale[] }> = {
  'admin@demo.myeai.local': {
    team: [
      ['lucia.ferrari@example.com', 'Lucia Ferrari', 'affiliate', 58],
      ['noah.becker@example.com', 'Noah Becker', 'affiliate', 26],
    ],
    sales: [
      ['DEMO-5001', 'lucia.ferrari@example.com', 'Growth CRM Pro', 20, 4_900, [['processing', 12], ['paid', 9]]],
      ['DEMO-5002', 'noah.becker@example.com', 'Market Scanner Toolkit', 6, 9_999, []],
    ],
  },
  'trader@demo.myeai.local': {
    team: [
      ['yuki.tanaka@example.com', 'Yuki Tanaka', 'newcomer', 2],
      ['ben.carter@example.com', 'Ben Carter', 'subscriber', 27],
    ],
    sales: [],
  },
  'investor@demo.myeai.local': {
    team: [
      ['omar.farouk@example.com', 'Omar Farouk', 'newcomer', 16],
      ['chloe.dubois@example.com', 'Chloe Dubois', 'affiliate', 21],
    ],
    sales: [],
  },
  'subscriber@demo.myeai.local': {
    team: [
      ['lena.novak@example.com', 'Lena Novak', 'newcomer', 13],
      ['pablo.ruiz@example.com', 'Pablo Ruiz', 'subscriber', 40],
    ],
    sales: [],
  },
  'free@demo.myeai.local': { team: [['zara.ahmed@example.com', 'Zara Ahmed', 'subscriber_free', 19]], sales: [] },
  'newcomer@demo.myeai.local': { team: [['finn.olsen@example.com', 'Finn Olsen', 'newcomer', 1]], sales: [] },
  'multi@demo.myeai.local': {
    team: [
      ['iris.walsh@example.com', 'Iris Walsh', 'affiliate', 45],
      ['victor.mendes@example.com', 'Victor Mendes', 'subscriber', 24],
    ],
    sales: [['DEMO-5003', 'iris.walsh@example.com', 'Trading Foundations Course', 15, 19_900, [['processing', 4]]]],
  },
};

export async function seedCirclesDemo(db: Database, clock: Clock): Promise<void> {
  const admin = await getUserByEmail(db, 'admin@demo.myeai.local');
  const secondAdmin = await getUserByEmail(db, 'multi@demo.myeai.local');
  if (!admin || !secondAdmin) return;
  const base = clock.now().getTime();
  for (const [circleIndex, [referrerEmail, circle]] of Object.entries(CIRCLES).entries()) {
    const referrer = await getUserByEmail(db, referrerEmail);
    if (!referrer) continue;
    await db.transaction((tx) =>
      signUpMembers(
        tx,
        referrer,
        circle.team.map(([email, name, role, days], index) => ({ email, name, role, when: { now: () => new Date(base - days * DAY_MS) }, address: `192.0.2.${10 + circleIndex * 5 + index}` })),
      ),
    );
    // No one moves their own commission: the second admin moves the admin's.
    const mover = referrer.id === admin.id ? secondAdmin.id : admin.id;
    await recordMemberSales(db, clock, mover, referrer.referralCode, circle.sales, { notify: true });
  }
}

type SignUp = { email: string; name: string; role: Role; when: Clock; address: string };

/** Each member's visit of the referrer's short link before joining (and a visitor's the day before who did not join), then the sign-up with the referrer's code. */
async function signUpMembers(tx: Transaction, referrer: { id: string; referralCode: string }, signUps: readonly SignUp[]): Promise<void> {
  for (const [index, signUp] of signUps.entries()) {
    if (await getUserByEmail(tx, signUp.email)) continue;
    const agent = AGENTS[index % AGENTS.length]!;
    for (const [beforeMs, site] of [
      [DAY_MS + index * 3_600_000, SITES[(index + 1) % SITES.length]!],
      [10 * MINUTE_MS, SITES[index % SITES.length]!],
    ] as const) {
      await recordShortLinkClick(tx, { now: () => new Date(signUp.when.now().getTime() - beforeMs) }, {
        referrerId: referrer.id,
        visitorId: newVisitorId(),
        userAgent: agent,
        deviceClass: classifyDevice(agent),
        referringSite: site,
        utmSource: null,
      });
    }
    const user = await createUser(tx, signUp.when, { email: signUp.email, name: signUp.name, roles: [signUp.role], ref: referrer.referralCode });
    await attributeSignUp(tx, signUp.when, { userId: user.id, givenReferrerId: referrer.id, visitorToken: undefined, address: signUp.address });
  }
}

/** Sales members made through the referrer's links: the member followed the link while signed in, then bought, so the sale is theirs (decision 046); later statuses as the admin moved them. */
async function recordMemberSales(db: Database, clock: Clock, adminId: string, ref: string, sales: readonly MemberSale[], options: { notify: boolean } = { notify: false }): Promise<void> {
  if (sales.length === 0 || (await conversionOrderExists(db, sales[0]![0]))) return;
  const base = clock.now().getTime();
  const at = (ms: number): Clock => ({ now: () => new Date(base - ms) });
  const products = new Map((await selectProductsByNames(db, [...new Set(sales.map((sale) => sale[2]))])).map((product) => [product.name, product]));
  await db.transaction(async (tx) => {
    for (const [orderId, buyerEmail, productName, days, amount, changes] of sales) {
      const product = products.get(productName);
      const buyer = await getUserByEmail(tx, buyerEmail);
      if (!product || !buyer) continue;
      await recordClick(tx, at((days + 0.2) * DAY_MS), {
        productId: product.id,
        ref,
        visitorId: newVisitorId(),
        userAgent: DESKTOP,
        deviceClass: classifyDevice(DESKTOP),
        referringSite: null,
        clickerUserId: buyer.id,
      });
      const input = ConversionInputSchema.parse({ product_id: product.id, order_id: orderId, amount_cents: amount, ref });
      const { commission } = await recordConversion(tx, at(days * DAY_MS), product, input, options);
      for (const [status, when] of changes) await changeCommissionStatus(tx, at(when * DAY_MS), adminId, commission.id, status, { ...options, history: true });
    }
  });
}
