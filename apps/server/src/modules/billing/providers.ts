import { AppError, type PaymentProviderKind } from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import { LocalPaymentProvider } from './local-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { StripePaymentProvider } from './stripe-provider.ts';

type Providers = { local: LocalPaymentProvider; stripe: StripePaymentProvider | undefined };
const cache = new WeakMap<AppDeps, Providers>();

function providers(deps: AppDeps): Providers {
  let entry = cache.get(deps);
  if (!entry) {
    entry = { local: new LocalPaymentProvider(deps.clock), stripe: deps.config.stripe ? new StripePaymentProvider(deps.config.stripe, deps.clock) : undefined };
    cache.set(deps, entry);
  }
  return entry;
}

/** The provider new checkouts use: Stripe when STRIPE_SECRET_KEY is set, else the embedded one. */
export function activePaymentProvider(deps: AppDeps): PaymentProvider {
  const { local, stripe } = providers(deps);
  return stripe ?? local;
}

export function localPaymentProvider(deps: AppDeps): LocalPaymentProvider {
  return providers(deps).local;
}

export function stripePaymentProvider(deps: AppDeps): StripePaymentProvider | undefined {
  return providers(deps).stripe;
}

/** The provider holding an existing subscription (it may differ from the active one after a configuration change). */
export function paymentProviderFor(deps: AppDeps, kind: PaymentProviderKind): PaymentProvider {
  const { local, stripe } = providers(deps);
  if (kind === 'local') return local;
  if (!stripe) throw new AppError('UNAVAILABLE', 'This subscription is billed by Stripe, which is not configured on this server.');
  return stripe;
}
