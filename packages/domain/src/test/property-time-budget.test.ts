import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROPERTY_TIME_BUDGET_MS } from './property-time-budget.ts';

describe('property tests are bounded in time', () => {
  it('the domain project runs every property under the global time budget', () => {
    expect(fc.readConfigureGlobal()).toMatchObject({ interruptAfterTimeLimit: PROPERTY_TIME_BUDGET_MS, markInterruptAsFailure: false });
  });

  it('a property slower than the budget stops early and passes with the runs it made', () => {
    const slowRun = () => {
      const until = Date.now() + 50;
      while (Date.now() < until);
      return true;
    };
    const details = fc.check(fc.property(fc.integer(), slowRun), { numRuns: 1_000 });
    expect(details.interrupted).toBe(true);
    expect(details.failed).toBe(false);
    expect(details.numRuns).toBeLessThan(1_000);
  });

  it('a counterexample found within the budget still fails', () => {
    const details = fc.check(fc.property(fc.integer(), (n) => n < 10), { numRuns: 1_000 });
    expect(details.failed).toBe(true);
  });
});
