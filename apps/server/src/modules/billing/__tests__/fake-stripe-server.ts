import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeStripeConnect } from './fake-stripe-connect.ts';
import { FakeStripePlanChanges } from './fake-stripe-plan-changes.ts';

export type RecordedRequest = { method: string; path: string; idempotencyKey: string | undefined; params: Record<string, string> };
type StripeObject = Record<string, unknown>;

/**
 * A local HTTP server speaking the Stripe API shape for the calls our adapter makes:
 * checkout.sessions.create/retrieve/expire, subscriptions.retrieve/update/cancel, invoices.retrieve,
 * refunds.create/list, billingPortal.sessions.create, and Connect's accounts, account links and
 * transfers (fake-stripe-connect.ts). It records every
 * request (form parameters and Idempotency-Key) and replays the first answer for a repeated key,
 * as Stripe does. Tests put subscriptions into it and make it fail on purpose.
 */
export class FakeStripeServer {
  readonly requests: RecordedRequest[] = [];
  readonly sessions = new Map<string, StripeObject>();
  readonly subscriptions = new Map<string, StripeObject>();
  /** Price changes with proration and subscription schedules (decision 064). */
  readonly planChanges = new FakeStripePlanChanges(this.subscriptions, (prefix) => this.nextId(prefix));
  /** Connect: Express accounts, onboarding links, transfers (decision 069). */
  readonly connect = new FakeStripeConnect((prefix) => this.nextId(prefix));
  /** Invoices by id (GET /v1/invoices/:id, with their payments); refunds made by POST /v1/refunds or put here as "dashboard" refunds. */
  readonly invoices = new Map<string, StripeObject>();
  readonly refunds = new Map<string, StripeObject>();
  /** Payment intents' amounts: a refund above what is left of one is refused, as Stripe does. */
  readonly paymentIntents = new Map<string, { amount: number; charge: string }>();
  /** Runs before a request is answered (after it is recorded): a test delivers a webhook "before the answer" here. */
  beforeAnswer: ((request: RecordedRequest) => Promise<void>) | null = null;
  /** Answer the next n requests with this HTTP status (e.g. 500) instead of the real answer. */
  failures: { status: number; remaining: number } | null = null;
  private readonly idempotent = new Map<string, { status: number; body: unknown }>();
  private server: Server | undefined;
  private counter = 0;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void this.handle(request).then(({ status, body }) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++this.counter}` });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}_${this.counter.toString().padStart(6, '0')}`;
  }

  private async handle(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://stripe.local');
    const params = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) };
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method: request.method ?? 'GET', path: url.pathname, idempotencyKey, params });
    if (this.failures && this.failures.remaining > 0) {
      this.failures.remaining -= 1;
      return { status: this.failures.status, body: { error: { type: 'api_error', message: 'Stripe fake: failing on purpose' } } };
    }
    const replay = idempotencyKey ? this.idempotent.get(`${request.method} ${url.pathname} ${idempotencyKey}`) : undefined;
    if (replay) return replay;
    const answer = this.route(request.method ?? 'GET', url.pathname, params);
    if (idempotencyKey && (request.method === 'POST' || request.method === 'DELETE')) this.idempotent.set(`${request.method} ${url.pathname} ${idempotencyKey}`, answer);
    if (this.beforeAnswer) await this.beforeAnswer(this.requests.at(-1)!);
    return answer;
  }

  private route(method: string, path: string, params: Record<string, string>): { status: number; body: unknown } {
    const notFound = (what: string) => ({ status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } } });
    const planChange = this.planChanges.route(method, path, params) ?? this.connect.route(method, path, params);
    if (planChange) return planChange;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = this.nextId('cs_test');
      const session: StripeObject = {
        id,
        object: 'checkout.session',
        mode: params.mode,
        status: 'open',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        client_reference_id: params.client_reference_id ?? null,
        metadata: { user_id: params['metadata[user_id]'], plan: params['metadata[plan]'] },
        subscription: null,
        expires_at: Math.floor(Date.now() / 1000) + 86_400,
        livemode: false,
      };
      this.sessions.set(id, session);
      return { status: 200, body: session };
    }
    let match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (match) {
      const session = this.sessions.get(match[1]!);
      if (!session) return notFound('checkout.session');
      if (match[2] && method === 'POST') {
        if (session.status !== 'open') return { status: 400, body: { error: { type: 'invalid_request_error', message: 'Only open sessions can be expired.' } } };
        session.status = 'expired';
      }
      return { status: 200, body: session };
    }
    match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (match) {
      const subscription = this.subscriptions.get(match[1]!);
      if (!subscription) return notFound('subscription');
      if (method === 'DELETE') {
        // Cancel at once: the subscription ends now.
        subscription.status = 'canceled';
        subscription.ended_at = Math.floor(Date.now() / 1000);
        subscription.canceled_at = subscription.canceled_at ?? subscription.ended_at;
        return { status: 200, body: subscription };
      }
      if (method === 'POST' && params.cancel_at_period_end !== undefined) {
        subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
        subscription.canceled_at = subscription.cancel_at_period_end ? Math.floor(Date.now() / 1000) : null;
      }
      return { status: 200, body: subscription };
    }
    const answered = this.refundRoutes(method, path, params) ?? this.invoiceRoutes(method, path, params);
    return answered ?? notFound(`route ${method} ${path}`);
  }

  /** A refund as Stripe answers it (succeeded at once, as card refunds are). */
  addRefund(paymentIntent: string, amount: number, metadata: Record<string, string> = {}, status = 'succeeded'): StripeObject {
    const intent = this.paymentIntents.get(paymentIntent);
    const refund: StripeObject = {
      id: this.nextId('re'),
      object: 'refund',
      amount,
      currency: 'usd',
      charge: intent?.charge ?? null,
      payment_intent: paymentIntent,
      status,
      metadata,
      reason: null,
      failure_reason: null,
      created: Math.floor(Date.now() / 1000),
    };
    this.refunds.set(refund.id as string, refund);
    return refund;
  }

  private refundRoutes(method: string, path: string, params: Record<string, string>): { status: number; body: unknown } | null {
    if (method === 'POST' && path === '/v1/refunds') {
      const intentId = params.payment_intent ?? [...this.paymentIntents].find(([, intent]) => intent.charge === params.charge)?.[0];
      const intent = intentId ? this.paymentIntents.get(intentId) : undefined;
      if (!intentId || !intent) return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } } };
      const refunded = [...this.refunds.values()].filter((r) => r.payment_intent === intentId && r.status !== 'failed' && r.status !== 'canceled').reduce((sum, r) => sum + (r.amount as number), 0);
      const amount = params.amount ? Number(params.amount) : intent.amount - refunded;
      if (amount > intent.amount - refunded) {
        return { status: 400, body: { error: { type: 'invalid_request_error', code: 'amount_too_large', message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((intent.amount - refunded) / 100).toFixed(2)})` } } };
      }
      const metadata = Object.fromEntries(Object.entries(params).flatMap(([key, value]) => (key.startsWith('metadata[') ? [[key.slice(9, -1), value]] : [])));
      const refund = this.addRefund(intentId, amount, metadata);
      refund.reason = params.reason ?? null;
      return { status: 200, body: refund };
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const data = [...this.refunds.values()].filter((r) => (params.payment_intent ? r.payment_intent === params.payment_intent : r.charge === params.charge));
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = this.nextId('bps');
      return { status: 200, body: { id, object: 'billing_portal.session', customer: params.customer, return_url: params.return_url, url: `https://billing.stripe.test/p/session/${id}` } };
    }
    return null;
  }

  private invoiceRoutes(method: string, path: string, _params: Record<string, string>): { status: number; body: unknown } | null {
    const match = /^\/v1\/invoices\/([^/]+)$/.exec(path);
    if (method !== 'GET' || !match) return null;
    const invoice = this.invoices.get(match[1]!);
    return invoice ? { status: 200, body: invoice } : { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such invoice' } } };
  }
}
