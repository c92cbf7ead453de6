type StripeObject = Record<string, unknown>;
type Answer = { status: number; body: unknown };
type Price = { unitAmount: number; intervalDays: number };
type Item = { id: string; object: string; price: { id: string }; current_period_start: number; current_period_end: number };
type Subscription = StripeObject & { id: string; items: { data: Item[] }; metadata: Record<string, string>; status: string };

const DAY_S = 86_400;

/**
 * The plan-change part of the Stripe-shaped test server (decision 064), written from Stripe's
 * documented behaviour rather than from our domain code: a subscription item's price change with
 * proration (credit for the unused time of the old price by seconds at proration_date; a new
 * billing interval resets the cycle to now and charges the new price's whole period; with
 * always_invoice the invoice is paid at once, or refused with a card error), and subscription
 * schedules (created from a subscription, given phases, released; advanceSchedules plays Stripe
 * moving a subscription into its next phase at the phase's end).
 */
export class FakeStripePlanChanges {
  /** The prices Stripe knows (unit amount and interval), by price id. */
  readonly prices = new Map<string, Price>();
  readonly invoices = new Map<string, StripeObject>();
  readonly schedules = new Map<string, StripeObject>();
  /** Stripe's clock, in seconds (the tests set it to the app's test clock). */
  nowS: () => number = () => Math.floor(Date.now() / 1000);
  /** The next charge is declined (402 card_error). */
  declineNextCharge = false;

  constructor(
    private readonly subscriptions: Map<string, StripeObject>,
    private readonly nextId: (prefix: string) => string,
  ) {}

  /** The answer to a plan-change request, or null when the request is not one. */
  route(method: string, path: string, params: Record<string, string>): Answer | null {
    if (method !== 'POST') return null;
    let match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (match && params['items[0][price]'] !== undefined) return this.updateItem(match[1]!, params);
    if (match && params.cancel_at_period_end !== undefined && this.subscriptions.get(match[1]!)?.schedule) {
      return invalid('The subscription is managed by the subscription schedule, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.');
    }
    if (path === '/v1/subscription_schedules') return this.createSchedule(params);
    match = /^\/v1\/subscription_schedules\/([^/]+)(\/release)?$/.exec(path);
    if (match) return match[2] ? this.release(match[1]!) : this.updateSchedule(match[1]!, params);
    return null;
  }

  private updateItem(id: string, params: Record<string, string>): Answer {
    const subscription = this.subscriptions.get(id) as Subscription | undefined;
    if (!subscription) return invalid(`No such subscription: '${id}'`, 404);
    const item = subscription.items.data.find((candidate) => candidate.id === params['items[0][id]']);
    const oldPrice = item ? this.prices.get(item.price.id) : undefined;
    const newPrice = this.prices.get(params['items[0][price]']!);
    if (!item || !oldPrice || !newPrice) return invalid('No such price or subscription item');
    for (const [key, value] of Object.entries(params)) {
      const metadataKey = /^metadata\[(.+)\]$/.exec(key)?.[1];
      if (metadataKey) subscription.metadata[metadataKey] = value;
    }
    const prorate = params.proration_behavior !== 'none';
    if (!prorate) {
      item.price = { id: params['items[0][price]']! };
      return { status: 200, body: subscription };
    }
    const now = this.nowS();
    const at = params.proration_date ? Number(params.proration_date) : now;
    const period = item.current_period_end - item.current_period_start;
    const unused = Math.max(0, item.current_period_end - Math.max(at, item.current_period_start));
    const credit = Math.round((oldPrice.unitAmount * unused) / period);
    const intervalChanges = oldPrice.intervalDays !== newPrice.intervalDays || params['billing_cycle_anchor[type]'] === 'now';
    const charge = intervalChanges ? newPrice.unitAmount : Math.round((newPrice.unitAmount * unused) / period);
    const total = charge - credit;
    if (params.proration_behavior === 'always_invoice' && total > 0 && this.declineNextCharge) {
      this.declineNextCharge = false;
      return { status: 402, body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } } };
    }
    item.price = { id: params['items[0][price]']! };
    if (intervalChanges) {
      item.current_period_start = now;
      item.current_period_end = now + newPrice.intervalDays * DAY_S;
    }
    const invoice = {
      id: this.nextId('in_test'),
      object: 'invoice',
      subscription: id,
      status: 'paid',
      amount_due: Math.max(0, total),
      amount_paid: Math.max(0, total),
      lines: {
        object: 'list',
        data: [
          { description: 'Unused time', amount: -credit, proration: true },
          { description: 'Remaining time', amount: charge, proration: !intervalChanges },
        ],
      },
    };
    this.invoices.set(invoice.id, invoice);
    subscription.latest_invoice = params['expand[0]'] === 'latest_invoice' ? invoice : invoice.id;
    return { status: 200, body: subscription };
  }

  private createSchedule(params: Record<string, string>): Answer {
    const subscription = this.subscriptions.get(params.from_subscription ?? '') as Subscription | undefined;
    if (!subscription) return invalid('No such subscription', 404);
    if (subscription.schedule) return invalid('You cannot migrate a subscription that is already attached to a schedule.');
    const item = subscription.items.data[0]!;
    const schedule: StripeObject = {
      id: this.nextId('sub_sched'),
      object: 'subscription_schedule',
      subscription: subscription.id,
      status: 'active',
      end_behavior: 'release',
      phases: [{ start_date: item.current_period_start, end_date: item.current_period_end, items: [{ price: item.price.id, quantity: 1 }], metadata: {} }],
    };
    this.schedules.set(schedule.id as string, schedule);
    subscription.schedule = schedule.id;
    return { status: 200, body: schedule };
  }

  private updateSchedule(id: string, params: Record<string, string>): Answer {
    const schedule = this.schedules.get(id);
    if (!schedule) return invalid('No such subscription schedule', 404);
    if (schedule.status !== 'active') return invalid(`You cannot update a subscription schedule that is ${String(schedule.status)}.`);
    const phases: StripeObject[] = [];
    for (let index = 0; params[`phases[${index}][items][0][price]`] !== undefined; index += 1) {
      const at = (key: string) => params[`phases[${index}][${key}]`];
      const metadata: Record<string, string> = {};
      for (const [key, value] of Object.entries(params)) {
        const name = new RegExp(`^phases\\[${index}\\]\\[metadata\\]\\[(.+)\\]$`).exec(key)?.[1];
        if (name) metadata[name] = value;
      }
      phases.push({
        start_date: at('start_date') ? Number(at('start_date')) : undefined,
        end_date: at('end_date') ? Number(at('end_date')) : undefined,
        items: [{ price: at('items][0][price'), quantity: Number(at('items][0][quantity') ?? 1) }],
        metadata,
      });
    }
    schedule.phases = phases;
    if (params.end_behavior) schedule.end_behavior = params.end_behavior;
    return { status: 200, body: schedule };
  }

  private release(id: string): Answer {
    const schedule = this.schedules.get(id);
    if (!schedule) return invalid('No such subscription schedule', 404);
    if (schedule.status !== 'active') return invalid(`You cannot release a subscription schedule that is currently in the \`${String(schedule.status)}\` status.`);
    schedule.status = 'released';
    const subscription = this.subscriptions.get(schedule.subscription as string);
    if (subscription) subscription.schedule = null;
    return { status: 200, body: schedule };
  }

  /**
   * Stripe's own clock at work: every active schedule whose first phase has ended moves its
   * subscription into the next phase (the new price and metadata, a new period, its invoice paid),
   * then releases it. Answers the subscriptions moved (a test delivers their webhooks).
   */
  advanceSchedules(): StripeObject[] {
    const moved: StripeObject[] = [];
    for (const schedule of this.schedules.values()) {
      const phases = schedule.phases as StripeObject[];
      const [current, next] = phases;
      if (schedule.status !== 'active' || !current || !next || Number(current.end_date) > this.nowS()) continue;
      const subscription = this.subscriptions.get(schedule.subscription as string) as Subscription | undefined;
      const priceId = (next.items as { price: string }[])[0]!.price;
      const price = this.prices.get(priceId);
      if (!subscription || !price) continue;
      const item = subscription.items.data[0]!;
      const start = Number(current.end_date);
      item.price = { id: priceId };
      item.current_period_start = start;
      item.current_period_end = start + price.intervalDays * DAY_S;
      Object.assign(subscription.metadata, next.metadata as Record<string, string>);
      const invoice = { id: this.nextId('in_test'), object: 'invoice', subscription: subscription.id, status: 'paid', amount_due: price.unitAmount, amount_paid: price.unitAmount };
      this.invoices.set(invoice.id, invoice);
      subscription.latest_invoice = invoice.id;
      subscription.schedule = null;
      schedule.status = 'released';
      moved.push(subscription);
    }
    return moved;
  }
}

function invalid(message: string, status = 400): Answer {
  return { status, body: { error: { type: 'invalid_request_error', message } } };
}
