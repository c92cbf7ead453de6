import { afterAll, beforeAll, describe, expect, it, test } from 'vitest';
import WebSocket from 'ws';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';

/**
 * The access policy pinned as data (issue 15 item 2). Each line is one route the server registers and
 * what each caller gets, written by hand from the route tables of spec 1 section 6.1, spec 2 section 6,
 * spec 3 section 6 and DESIGN.md section 3 (decisions 1, 2, 3, 16), not computed by the guard
 * (decideAccess). Deleting or loosening an access rule on the server makes a line here fail; a route the
 * server registers that is not listed here fails too, and its failure names the line to add.
 *
 * Columns (callers), in this order:
 *   anon   nobody signed in
 *   newc   newcomer          free   subscriber_free (Free User)   subs   subscriber
 *   trad   trader            inv    investor                       aff    affiliate
 *   adm    admin
 *   multi  a user holding affiliate, trader and admin with trader active: the active role decides,
 *          holding admin grants nothing while another role is active (DESIGN.md 3.1, spec 6: "by active role")
 * Outcomes:
 *   ok     the access rule lets the caller through: any answer but the two below, never >= 500 (a plan
 *          rule inside the route may still refuse with its own 403 message, e.g. picking assets without a plan)
 *   401    UNAUTHENTICATED: sign in first
 *   403    FORBIDDEN with the role refusal 'Your current role does not have access to this.'
 *
 * The rows, by the spec's reading:
 *   everyone          ok  ok  ok  ok  ok  ok  ok  ok  ok     public pages and their calls, sign-in, signed webhooks
 *   signed in         401 ok  ok  ok  ok  ok  ok  ok  ok     screens of "all seven roles" and "sign-in only, no role gate"
 *   affiliate, admin  401 403 403 403 403 403 ok  ok  403    /leads, /lead-management, /commissions
 *   trader, admin     401 403 403 403 ok  403 403 ok  ok     /trader-dashboard (voting, opening windows)
 *   admin             401 403 403 403 403 403 403 ok  403    every admin screen and its calls
 */
const POLICY: readonly (readonly [route: string, outcomes: string])[] = [
  //                                                           anon newc free subs trad inv  aff  adm  multi
  // API reference (DESIGN.md section 2: the server publishes an OpenAPI document)
  ['GET /api/docs',                                           'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/docs/static/index.html',                         'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/docs/static/swagger-initializer.js',             'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/docs/json',                                      'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/docs/yaml',                                      'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/docs/static/*',                                  'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/health',                                         'ok   ok   ok   ok   ok   ok   ok   ok   ok'],

  // Sign-in and session (spec 1 section 7 "Auth and session calls"; DESIGN.md 3.13, 3.16)
  ['GET /api/auth/methods',                                   'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/auth/login',                                     'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/auth/callback',                                  'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/auth/register',                                 'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/auth/password',                                 'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/auth/demo-accounts',                             'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/auth/demo',                                     'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/auth/profile',                                   '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/auth/logout',                                   'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  // My sessions and two-factor sign-in (issue 29 items 3 and 4; decision 058): the person's own, signed in;
  // completing a pending two-factor sign-in is public (no session yet: the pending cookie decides)
  ['GET /api/auth/sessions',                                  '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['DELETE /api/auth/sessions/:id',                           '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/auth/sessions/revoke-others',                   '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/auth/2fa',                                       '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/auth/2fa/setup',                                '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/auth/2fa/enable',                               '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/auth/2fa/disable',                              '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/auth/2fa/recovery-codes',                       '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/auth/2fa/verify',                               'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/rbac/switch-role',                              '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  // Account recovery and e-mail links (issue 29 part A, decision 057): the links work signed out; the changes need the session
  ['POST /api/auth/password-reset',                           'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/auth/password-reset/confirm',                   'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/auth/verify-email',                             'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/auth/verify-email/resend',                      '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/auth/change-password',                          '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/auth/change-email',                             '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/user/access-level',                              '401  ok   ok   ok   ok   ok   ok   ok   ok'],

  // /profile and /onboarding: sign-in only, no role gate (spec 1 6.1, spec 2 6)
  ['GET /api/profile/journey',                                '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/referrals/lookup',                               '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/referrals/profile',                              '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/referrals/profile',                             '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/goals/setup',                                   '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/goals/profile-status',                          '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/goals/quick-setup',                             '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/goals/quick-setup/skip',                        '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  // Own goals: every signed-in user, their own goals only (decision 1); review: affiliates and admins (decision 23)
  ['GET /api/goals/mine',                                     '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/goals/progress',                                 '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/goals/:id',                                      '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['PUT /api/goals/:id',                                      '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/goals/:id/withdraw',                            '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/goals/:id/resubmit',                            '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/goals/:id/check-ins',                           '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/goals/:id/habits',                              '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/goals/review',                                   '401  403  403  403  403  403  ok   ok   403'],
  ['POST /api/goals/:id/review',                              '401  403  403  403  403  403  ok   ok   403'],
  // /admin-personalized-messages: admin only (spec 2 section 6); its approvals go through the goal review above
  ['GET /api/admin/message-templates',                        '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/personalization/health',                   '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/personalized-message',                    '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/personalized-messages/preview',           '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/goals/batch-review',                      '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/personalization/pending-goals',            '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/auth/activate-trial',                           '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/support/requests',                              '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/support/requests',                               '401  ok   ok   ok   ok   ok   ok   ok   ok'],

  // Landing page and referral landing: public (spec 1 2.1, 2.8, 6.1 "/join ... public", section 7)
  ['GET /api/landing',                                        'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/landing/community-qr.svg',                       'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/stats/user-count',                               'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/join',                                           'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/track/page-time',                               'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/track/cta-click',                               'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  // Links followed by anyone (reliability catalogue A9: the only destination is the stored one)
  ['GET /go/:productId',                                      'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /r/:code',                                            'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  // Signed by the merchant or by Stripe, not by a session
  ['POST /api/conversions',                                   'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  // A merchant's signed reversal of a sale it reported (issue 31 item 2, decision 066): the signature decides, as for conversions
  ['POST /api/conversions/:reference/reverse',                'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/stripe/webhook',                                'ok   ok   ok   ok   ok   ok   ok   ok   ok'],

  // The live channel: every signed-in user, their own events only (DESIGN.md 3.14)
  ['GET /ws',                                                 '401  ok   ok   ok   ok   ok   ok   ok   ok'],

  // /notifications: all seven roles (spec 1 6.1, section 7)
  ['GET /api/notifications',                                  '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['PUT /api/notifications/read-all',                         '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/notifications/settings',                         '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['PUT /api/notifications/settings',                         '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['PUT /api/notifications/:id/read',                         '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['DELETE /api/notifications/:id',                           '401  ok   ok   ok   ok   ok   ok   ok   ok'],

  // /dashboard, /referrals, /earnings, /goal-progress: all seven roles (spec 1 6.1, section 7)
  ['GET /api/dashboard/stats',                                '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/dashboard/monthly-progress',                     '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/dashboard/home',                                 '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/video-widgets',                                  '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/referral/stats',                                 '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  // Referral dashboard (spec 2 "Referral dashboard", section 7): all seven roles, own data only
  ['GET /api/referral/dashboard',                             '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/referral/analytics',                             '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/referral/qr.svg',                                '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/referral/qr.png',                                '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  // My Earnings Potential (spec 2 section 6: /earnings for all seven roles; own data only)
  ['GET /api/earnings/current_user',                          '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  // The learning hub (/learning, /learning-hub: all seven roles, spec 2 section 6; what opens inside is
  // the access table of DESIGN.md decision 41, refused with its own 403 message, not the role refusal)
  ['GET /api/learning/modules',                               '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/learning/modules/:id',                           '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/learning/modules/:id/rating',                   '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/learning/progress/:moduleId',                   '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/learning/progress/:moduleId/done',              '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/learning/files/:id',                             '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  // The newcomer panels are read by every role (spec 1 section 7; the screens show them to newcomers)
  ['GET /api/rbac/trial-status',                              '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  // My Team: every signed-in role sees their own team (DESIGN.md 3.3)
  ['GET /api/rbac/my-team',                                   '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/rbac/analytics/unlocked-features',               '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/rbac/analytics/feature-access/:feature',         '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/rbac/analytics/upgrade-recommendation',          '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/rbac/analytics/track-event',                    '401  ok   ok   ok   ok   ok   ok   ok   ok'],

  // /products: all seven roles read; admins add, edit and delete (spec 2 section 6)
  ['GET /api/products',                                       '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/products/categories',                            '401  ok   ok   ok   ok   ok   ok   ok   ok'],

  // /leads, /lead-management, /commissions: affiliate and admin (spec 2 section 6, DESIGN.md 3.5)
  ['GET /api/leads',                                          '401  403  403  403  403  403  ok   ok   403'],
  ['POST /api/leads',                                         '401  403  403  403  403  403  ok   ok   403'],
  ['GET /api/leads/:id',                                      '401  403  403  403  403  403  ok   ok   403'],
  ['PUT /api/leads/:id',                                      '401  403  403  403  403  403  ok   ok   403'],
  ['PATCH /api/leads/:id/stage',                              '401  403  403  403  403  403  ok   ok   403'],
  ['DELETE /api/leads/:id',                                   '401  403  403  403  403  403  ok   ok   403'],
  ['GET /api/leads/template/csv',                             '401  403  403  403  403  403  ok   ok   403'],
  ['GET /api/leads/export/csv',                               '401  403  403  403  403  403  ok   ok   403'],
  // The one upload (multipart CSV): same rule as the screen it belongs to (DESIGN.md 3.33)
  ['POST /api/leads/import/csv',                              '401  403  403  403  403  403  ok   ok   403'],
  ['GET /api/commissions',                                    '401  403  403  403  403  403  ok   ok   403'],
  ['GET /api/commissions/summary',                            '401  403  403  403  403  403  ok   ok   403'],
  ['GET /api/commissions/export/csv',                         '401  403  403  403  403  403  ok   ok   403'],
  // Payouts (issue 30, decision 060): a payee's own method, balance and statements, signed in (whoever holds ledger lines)
  ['GET /api/payouts/method',                                 '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['PUT /api/payouts/method',                                 '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/payouts/balance',                                '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/payouts',                                        '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/payouts/statement',                              '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/payouts/statement.csv',                          '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  // Stripe Connect (decision 069): every role that can earn connects its own account; 404 without Connect.
  ['POST /api/payouts/stripe/connect',                        '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/payouts/stripe/refresh',                        '401  ok   ok   ok   ok   ok   ok   ok   ok'],

  // /trading-compass, /trading-subscription, /subscription-success: all seven roles (spec 3 section 6);
  // what a plan unlocks inside them is a plan rule, not an access rule
  ['GET /api/subscription/status',                            '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/trading/subscription',                           '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/stripe/create-checkout-session',                '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/subscription/checkout-sessions/:sessionId',      '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/subscription/cancel',                           '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  // Plan changes (issue 31 item 4, decision 064): the user's own subscription, signed in
  ['POST /api/subscriptions/change-plan',                     '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/subscriptions/scheduled-change',                 '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['DELETE /api/subscriptions/scheduled-change',              '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/stripe/config',                                  '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/billing/local/checkout-sessions/:sessionId/confirm', '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/billing/local/checkout-sessions/:sessionId/cancel',  '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  // The member's payments, receipts, refund requests and payment method (issue 31 items 1 and 5, decision 065)
  ['GET /api/subscriptions/payments',                         '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/subscriptions/payments/:id',                     '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/subscriptions/payments/:id/refund-request',     '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/subscriptions/payment-method',                  '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/trading/assets',                                 '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/trading/timeframes',                             '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/trading/access',                                 '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/trading/sentiment/grid',                         '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/trading/sentiment/detail',                       '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/trading/events',                                 '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/trading/history',                                '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/trading/breakdown',                              '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/trading/asset-picks',                            '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['PUT /api/trading/asset-picks',                            '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/trading/alerts',                                 '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['PUT /api/trading/alerts/follows/:asset_id/:timeframe_id', '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['DELETE /api/trading/alerts/follows/:asset_id/:timeframe_id', '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  // The consensus's track record against the market (issue 32, decision 062): every role, gated by plan like the compass's history
  ['GET /api/trading/track-record',                           '401  ok   ok   ok   ok   ok   ok   ok   ok'],

  // /trader-dashboard: trader and admin (spec 3 section 6)
  ['POST /api/trading/windows/open',                          '401  403  403  403  ok   403  403  ok   ok'],
  ['GET /api/trading/windows/active',                         '401  403  403  403  ok   403  403  ok   ok'],
  ['GET /api/trading/windows/:id',                            '401  403  403  403  ok   403  403  ok   ok'],
  ['POST /api/trading/windows/:id/vote',                      '401  403  403  403  ok   403  403  ok   ok'],
  ['GET /api/trading/trader/profile',                         '401  403  403  403  ok   403  403  ok   ok'],
  ['GET /api/trading/trader/votes',                           '401  403  403  403  ok   403  403  ok   ok'],
  ['GET /api/trading/trader/grid',                            '401  403  403  403  ok   403  403  ok   ok'],
  ['GET /api/trading/traders/:id/track-record',               '401  403  403  403  ok   403  403  ok   ok'],

  // Admin only: /trading-admin, /admin-trial-analytics, /admin-flow-chart, /admin-comprehensive-dashboard,
  // /commission-management, /admin-users and the admin's edits of products, widgets, landing content
  // (spec 1 6.1 and 6.2, spec 2 section 6, spec 3 section 6, DESIGN.md 3.2)
  ['PUT /api/admin/landing',                                  '401  403  403  403  403  403  403  ok   403'],
  // The learning module admin (/admin-passion-content, spec 2 section 6: admin only; issue 20 item 4)
  ['GET /api/admin/learning/modules',                         '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/learning/modules',                        '401  403  403  403  403  403  403  ok   403'],
  ['PUT /api/admin/learning/modules/:id',                     '401  403  403  403  403  403  403  ok   403'],
  ['DELETE /api/admin/learning/modules/:id',                  '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/learning/modules/:id/reactivate',         '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/learning/modules/:id/analytics',           '401  403  403  403  403  403  403  ok   403'],
  ['PUT /api/admin/learning/module-order',                    '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/learning/categories',                     '401  403  403  403  403  403  403  ok   403'],
  ['PUT /api/admin/learning/categories/:id',                  '401  403  403  403  403  403  403  ok   403'],
  ['DELETE /api/admin/learning/categories/:id',               '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/learning/uploads',                        '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/learning/analytics',                       '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/audit-log',                                '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/jobs',                                     '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/jobs/:id/retry',                          '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/mailbox',                                  '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/mailbox/:id',                              '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/notifications',                           '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/product-categories',                      '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/products',                                '401  403  403  403  403  403  403  ok   403'],
  ['PUT /api/admin/products/:id',                             '401  403  403  403  403  403  403  ok   403'],
  ['DELETE /api/admin/products/:id',                          '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/products/:id/conversion-secret',           '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/commissions',                              '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/commissions/:id/pay-now',                 '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/commission/process-revenue',              '401  403  403  403  403  403  403  ok   403'],
  // Payout settings, batches, files and settlement (issue 30 items 3 and 4): admin only
  ['GET /api/admin/payouts/settings',                         '401  403  403  403  403  403  403  ok   403'],
  ['PUT /api/admin/payouts/settings',                         '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/payout-batches',                           '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/payout-batches',                          '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/payout-batches/:id',                       '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/payout-batches/:id/approve',              '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/payout-batches/:id/export',                '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/payout-batches/:id/cancel',               '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/payout-batches/:id/results',              '401  403  403  403  403  403  403  ok   403'],
  ['PATCH /api/admin/payout-items/:id',                       '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/commission/process-revenue/batch',        '401  403  403  403  403  403  403  ok   403'],
  // Reversing a revenue run and reading a reversal (issue 31 item 3, decision 066)
  ['POST /api/admin/commission/runs/:id/reverse',             '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/commission/runs',                           '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/commission/reversals/:id',                 '401  403  403  403  403  403  403  ok   403'],
  // The finance view (issue 31 item 6, decision 066)
  ['GET /api/admin/finance',                                  '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/finance/lines',                            '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/commission/config',                        '401  403  403  403  403  403  403  ok   403'],
  ['PUT /api/admin/commission/config',                        '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/commission/overview',                      '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/commission/elite-pool',                    '401  403  403  403  403  403  403  ok   403'],
  ['PUT /api/admin/commission/elite-pool',                    '401  403  403  403  403  403  403  ok   403'],
  // The Network Manager (/admin/commission-manager, spec 3 sections 2.11 and 6: admin only; decision 040)
  ['GET /api/admin/commission/cells',                         '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/commission/cells',                        '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/commission/cells/:id',                     '401  403  403  403  403  403  403  ok   403'],
  ['PUT /api/admin/commission/cells/:id',                     '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/commission/cells/:id/advancement',         '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/commission/cells/:id/archive',            '401  403  403  403  403  403  403  ok   403'],
  ['PUT /api/admin/commission/cells/:id/lock',                '401  403  403  403  403  403  403  ok   403'],
  ['PUT /api/admin/commission/cells/:id/unlock',              '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/commission/cells/:id/assign',             '401  403  403  403  403  403  403  ok   403'],
  ['DELETE /api/admin/commission/cells/:id/members/:userId',  '401  403  403  403  403  403  403  ok   403'],
  ['PUT /api/admin/commission/cells/:id/move',                '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/commission/analytics',                     '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/commission/users/search',                  '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/commission/audit',                         '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/users/:userId/subscription',               '401  403  403  403  403  403  403  ok   403'],
  // Refunds from People Management's person view (decision 065)
  ['GET /api/admin/billing/users/:id/payments',               '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/billing/payments/:id/refund',             '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/video-widgets',                            '401  403  403  403  403  403  403  ok   403'],
  ['PUT /api/admin/video-widgets/:id',                        '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/referral-landing',                         '401  403  403  403  403  403  403  ok   403'],
  ['PUT /api/admin/referral-landing',                         '401  403  403  403  403  403  403  ok   403'],
  // Attribution flags and window (DESIGN.md 29, reviewed on /admin-users) and the referral migration (spec 3 2.3, 8: admin only)
  ['GET /api/admin/referral-flags',                           '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/referral-flags/:id/clear',                '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/referral-flags/:id/confirm',              '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/referral-settings',                        '401  403  403  403  403  403  403  ok   403'],
  ['PUT /api/admin/referral-settings',                        '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/referral-migration',                       '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/referral-migration',                      '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/overview',                                 '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/analytics',                                '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/support/requests',                         '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/admin/support/requests/:id/answer',             '401  403  403  403  403  403  403  ok   403'],
  // A snapshot of the whole database: an admin-only download (issue 15 item 7)
  ['GET /api/admin/backup',                                   '401  403  403  403  403  403  403  ok   403'],
  // Trials: analytics, extending and expiring are admin actions (spec 2 section 6, spec 3 section 6),
  // outside the /api/admin prefix
  // Admin People Management (spec 2 section 6: /admin-users admin only; section 7 calls)
  ['GET /api/rbac/admin/users',                               '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/rbac/admin/users/:id/roles',                    '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/rbac/admin/users/:id/referral',                 '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/rbac/admin/users/:id/suspend',                  '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/rbac/admin/users/:id/reactivate',               '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/rbac/admin/available-referrers',                 '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/rbac/admin/trial-analytics',                     '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/rbac/admin/extend-trial/:id',                   '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/rbac/expire-trials',                            '401  403  403  403  403  403  403  ok   403'],
  // Your data (issue 29 items 5 and 6; decision 059): the person's own export and deletion, People
  // Management's for a person, and the signed links that work without signing in
  ['POST /api/me/export',                                     '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/me/export',                                      '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/me/export/download',                             'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['DELETE /api/me',                                          '401  ok   ok   ok   ok   ok   ok   ok   ok'],
  ['GET /api/rbac/admin/users/:id/export',                    '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/rbac/admin/users/:id/export',                   '401  403  403  403  403  403  403  ok   403'],
  ['DELETE /api/rbac/admin/users/:id',                        '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/rbac/admin/users/:id/cancel-deletion',          '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/unsubscribe',                                    'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  ['POST /api/unsubscribe',                                   'ok   ok   ok   ok   ok   ok   ok   ok   ok'],
  // The trading admin screen (spec 3 2.3 and section 6)
  ['GET /api/trading/admin/assets',                           '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/trading/admin/assets',                          '401  403  403  403  403  403  403  ok   403'],
  ['PUT /api/trading/admin/assets/:id',                       '401  403  403  403  403  403  403  ok   403'],
  ['DELETE /api/trading/admin/assets/:id',                    '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/trading/admin/timeframes',                       '401  403  403  403  403  403  403  ok   403'],
  ['POST /api/trading/admin/timeframes',                      '401  403  403  403  403  403  403  ok   403'],
  ['PUT /api/trading/admin/timeframes/:id',                   '401  403  403  403  403  403  403  ok   403'],
  ['DELETE /api/trading/admin/timeframes/:id',                '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/trading/admin/traders',                          '401  403  403  403  403  403  403  ok   403'],
  ['PUT /api/trading/admin/traders/:userId',                  '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/trading/admin/settings',                         '401  403  403  403  403  403  403  ok   403'],
  ['PUT /api/trading/admin/settings',                         '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/trading/admin/stats',                            '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/trading/admin/consensus/status',                 '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/trading/admin/leaderboard',                      '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/trading/admin/flow',                             '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/trading/admin/windows/detailed',                 '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/trading/admin/feed',                             '401  403  403  403  403  403  403  ok   403'],
  // Market prices (issue 32, decision 062)
  ['POST /api/admin/market/prices/import',                    '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/market/prices/coverage',                   '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/market/provider',                          '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/market/bands',                             '401  403  403  403  403  403  403  ok   403'],
  ['PUT /api/admin/market/bands',                             '401  403  403  403  403  403  403  ok   403'],
  ['GET /api/admin/trading/performance-weights/backtest',     '401  403  403  403  403  403  403  ok   403'],
];

const CALLERS = ['anon', 'newcomer', 'subscriber_free', 'subscriber', 'trader', 'investor', 'affiliate', 'admin', 'multi'] as const;
type Caller = (typeof CALLERS)[number];
type Outcome = 'ok' | '401' | '403';
const TABLE_FILE = 'apps/server/src/plugins/__tests__/policy-table.test.ts';

function parseOutcomes(route: string, outcomes: string): Outcome[] {
  const cells = outcomes.trim().split(/\s+/);
  if (cells.length !== CALLERS.length || cells.some((cell) => !['ok', '401', '403'].includes(cell))) {
    throw new Error(`${route}: expected ${CALLERS.length} outcomes (ok, 401 or 403), got '${outcomes}'`);
  }
  return cells as Outcome[];
}

const EXPECTED = new Map(POLICY.map(([route, outcomes]) => [route, parseOutcomes(route, outcomes)]));

/** A URL that reaches the route: path parameters get well-formed ids that match no row. */
function concreteUrl(url: string): string {
  if (url === '/api/docs/static/*') return '/api/docs/static/swagger-ui.css';
  if (url.includes('*')) throw new Error(`no concrete URL for the wildcard route ${url}`);
  return url.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => (name === 'code' ? 'NOSUCHCODE' : '00000000-0000-4000-8000-000000000000'));
}

const ROLE_REFUSAL = 'Your current role does not have access to this.';

/** What a response says about access: a 401 or the role refusal count as refused; >= 500 is never acceptable. */
function outcomeOf(status: number, body: string): Outcome | `error ${number}` | `unexpected ${number}` {
  if (status >= 500) return `error ${status}`;
  if (status === 401) return body.includes('"UNAUTHENTICATED"') ? '401' : `unexpected ${status}`;
  if (status === 403 && body.includes(ROLE_REFUSAL)) return body.includes('"FORBIDDEN"') ? '403' : `unexpected ${status}`;
  return 'ok';
}

describe('the policy table', () => {
  test('names each route once, with an outcome for every caller', () => {
    const routes = POLICY.map(([route]) => route);
    expect(routes.filter((route, index) => routes.indexOf(route) !== index)).toEqual([]);
    expect(EXPECTED.size).toBe(POLICY.length);
  });
});

describe.each(testDatabaseKinds())('access policy on %s', (kind) => {
  let t: TestApp;
  const cookies = new Map<Caller, string>();
  let port = 0;

  const signIn = async (caller: Caller): Promise<string | undefined> => {
    if (caller === 'anon') return undefined;
    if (caller !== 'multi') return t.signInAs(caller);
    const cookie = await t.signIn('multi@demo.myeai.local');
    const switched = await t.inject({ method: 'POST', url: '/api/rbac/switch-role', cookie, payload: { role: 'trader' } });
    if (switched.statusCode !== 200) throw new Error(`switching the multi-role user to trader failed: ${switched.body}`);
    return cookie;
  };

  /** One request as `caller`; a logout gets a session of its own so it does not sign the caller out. */
  const ask = async (method: string, url: string, caller: Caller): Promise<ReturnType<typeof outcomeOf>> => {
    const cookie = url === '/api/auth/logout' ? await signIn(caller) : cookies.get(caller);
    if (url === '/ws') return openSocket(cookie);
    const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
    const response: LightMyRequestResponse = await t.inject({ method: method as 'GET', url: concreteUrl(url), cookie, ...(hasBody ? { payload: {} } : {}) });
    return outcomeOf(response.statusCode, response.body);
  };

  /** The live channel is an upgrade, so it is asked over a real socket. */
  const openSocket = (cookie: string | undefined): Promise<ReturnType<typeof outcomeOf>> =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: cookie ? { cookie } : {} });
      ws.on('open', () => {
        ws.terminate();
        resolve('ok');
      });
      ws.on('unexpected-response', (_request, response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(outcomeOf(response.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'))));
      });
      ws.on('error', reject);
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    port = address.port;
    for (const caller of CALLERS) {
      const cookie = await signIn(caller);
      if (cookie) cookies.set(caller, cookie);
    }
  });
  afterAll(() => t.close());

  it('every route the server registers is in the table, and every line of the table is a route', async () => {
    const registered = t.app.routeList.map((route) => `${route.method} ${route.url}`);
    expect(registered.length).toBeGreaterThan(100);
    const unlisted = registered.filter((route) => !EXPECTED.has(route));
    const lines: string[] = [];
    for (const route of unlisted) {
      const [method, url] = route.split(' ') as [string, string];
      const observed: string[] = [];
      for (const caller of CALLERS) observed.push(String(await ask(method, url, caller)));
      lines.push(`  ['${route}', '${observed.join(' ')}'],`);
    }
    expect(
      unlisted,
      `Routes missing from POLICY in ${TABLE_FILE}. Add these lines (the outcomes are what the server answers today, ` +
        `columns ${CALLERS.join(' ')}); check each column against the spec's route table before committing:\n${lines.join('\n')}\n`,
    ).toEqual([]);
    const gone = [...EXPECTED.keys()].filter((route) => !registered.includes(route));
    expect(gone, `POLICY lines for routes the server no longer registers: remove them from ${TABLE_FILE}`).toEqual([]);
  });

  test.each(POLICY.map(([route, outcomes]) => ({ route, outcomes })))('$route: $outcomes', async ({ route }) => {
    const [method, url] = route.split(' ') as [string, string];
    const expected = EXPECTED.get(route)!;
    const wrong: string[] = [];
    for (const [index, caller] of CALLERS.entries()) {
      const got = await ask(method, url, caller);
      if (got !== expected[index]) wrong.push(`${caller}: expected ${expected[index]}, got ${got}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses before reading the body: a malformed body still gets 401 or 403, not 400', async () => {
    const request = { method: 'PUT' as const, url: '/api/admin/landing', headers: { 'content-type': 'application/json' }, payload: '{not json' };
    expect((await t.inject(request)).statusCode).toBe(401);
    expect((await t.inject({ ...request, cookie: cookies.get('affiliate') })).statusCode).toBe(403);
    expect((await t.inject({ ...request, cookie: cookies.get('admin') })).statusCode).toBe(400);
  });
});
