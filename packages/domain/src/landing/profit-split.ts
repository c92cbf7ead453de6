/**
 * How the community's profits are shared, as the landing page states it (spec 1 sections 1 and 9):
 * whole percents that add up to 100. The page renders this list; no other copy of the figures exists.
 */
export const PROFIT_SPLIT = [
  { percent: 50, share: 'to investors' },
  { percent: 30, share: 'to professional traders' },
  { percent: 20, share: 'reinvested in the ecosystem and trading pool' },
] as const;
