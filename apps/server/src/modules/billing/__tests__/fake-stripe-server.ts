import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = { method: string; path: string; idempotencyKey: string | undefined; params: Record<string, string> };
type StripeObject = Record<string, unknown>;

/**
 * A local HTTP server speaking the Stripe API shape for the calls our adapter makes:
 * checkout.sessions.create/retrieve/expire, subscriptions.retrieve/update. It records every
 * request (form parameters and Idempotency-Key) and replays the first answer for a repeated key,
 * as Stripe does. Tests put subscriptions into it and make it fail on purpose.
 */
export class FakeStripeServer {
  readonly requests: RecordedRequest[] = [];
  readonly sessions = new Map<string, StripeObject>();
  readonly subscriptions = new Map<string, StripeObject>();
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
    const params = Object.fromEntries(new URLSearchParams(request.method === 'GET' ? url.search : Buffer.concat(chunks).toString('utf8')));
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method: request.method ?? 'GET', path: url.pathname, idempotencyKey, params });
    if (this.failures && this.failures.remaining > 0) {
      this.failures.remaining -= 1;
      return { status: this.failures.status, body: { error: { type: 'api_error', message: 'Stripe fake: failing on purpose' } } };
    }
    const replay = idempotencyKey ? this.idempotent.get(`${request.method} ${url.pathname} ${idempotencyKey}`) : undefined;
    if (replay) return replay;
    const answer = this.route(request.method ?? 'GET', url.pathname, params);
    if (idempotencyKey && request.method === 'POST') this.idempotent.set(`${request.method} ${url.pathname} ${idempotencyKey}`, answer);
    return answer;
  }

  private route(method: string, path: string, params: Record<string, string>): { status: number; body: unknown } {
    const notFound = (what: string) => ({ status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } } });
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
      if (method === 'POST' && params.cancel_at_period_end !== undefined) {
        subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
        subscription.canceled_at = subscription.cancel_at_period_end ? Math.floor(Date.now() / 1000) : null;
      }
      return { status: 200, body: subscription };
    }
    return notFound(`route ${method} ${path}`);
  }
}
