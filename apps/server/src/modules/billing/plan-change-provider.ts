import { AppError, type PaymentProviderKind } from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import { LocalPlanChanges } from './local-plan-changes.ts';
import type { PlanChangeProvider } from './plan-change-types.ts';
import { localPaymentProvider, stripePaymentProvider } from './providers.ts';
import { StripePlanChanges } from './stripe-plan-changes.ts';

/** The plan-change side of the provider holding a subscription (decision 064). */
export function planChangeProviderFor(deps: AppDeps, kind: PaymentProviderKind): PlanChangeProvider {
  if (kind === 'local') return new LocalPlanChanges(localPaymentProvider(deps), deps.clock);
  const stripe = stripePaymentProvider(deps);
  if (!stripe || !deps.config.stripe) throw new AppError('UNAVAILABLE', 'This subscription is billed by Stripe, which is not configured on this server.');
  return new StripePlanChanges(stripe, deps.config.stripe.prices, deps.clock);
}
