import fc from 'fast-check';

/**
 * Every property test is bounded in time as well as in runs (issue 27): on a loaded machine a
 * property with thousands of runs could outlast the test timeout and fail without any
 * counterexample. After the budget the property stops with the runs it made, which all passed;
 * a counterexample found within the budget still fails the test. The budget is well under
 * Vitest's 5 s test timeout.
 */
export const PROPERTY_TIME_BUDGET_MS = 2_000;

fc.configureGlobal({ interruptAfterTimeLimit: PROPERTY_TIME_BUDGET_MS, markInterruptAsFailure: false });
