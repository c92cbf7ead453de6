import type { Role } from '../access/roles.ts';

/** The seeded demo accounts of demo mode (issue 2). */
export const DEMO_ACCOUNTS: readonly { email: string; name: string; roles: readonly Role[] }[] = [
  { email: 'admin@demo.myeai.local', name: 'Ada Admin', roles: ['admin'] },
  { email: 'affiliate@demo.myeai.local', name: 'Alex Affiliate', roles: ['affiliate'] },
  { email: 'trader@demo.myeai.local', name: 'Tess Trader', roles: ['trader'] },
  { email: 'investor@demo.myeai.local', name: 'Ivan Investor', roles: ['investor'] },
  { email: 'subscriber@demo.myeai.local', name: 'Sam Subscriber', roles: ['subscriber'] },
  { email: 'free@demo.myeai.local', name: 'Fran Free', roles: ['subscriber_free'] },
  { email: 'newcomer@demo.myeai.local', name: 'Nico Newcomer', roles: ['newcomer'] },
  { email: 'multi@demo.myeai.local', name: 'Morgan Multi', roles: ['affiliate', 'trader', 'admin'] },
  // The rest of the 13-trader Elite Pool (issue 7): trader@ is the lead, trader2-4 senior, trader5-13 regular.
  ...(
    [
      ['trader2', 'Sven Senior'],
      ['trader3', 'Sara Senior'],
      ['trader4', 'Soren Senior'],
      ['trader5', 'Rita Regular'],
      ['trader6', 'Raj Regular'],
      ['trader7', 'Rosa Regular'],
      ['trader8', 'Ruben Regular'],
      ['trader9', 'Remy Regular'],
      ['trader10', 'Rhea Regular'],
      ['trader11', 'Reza Regular'],
      ['trader12', 'Ryo Regular'],
      ['trader13', 'Rina Regular'],
    ] as const
  ).map(([local, name]) => ({ email: `${local}@demo.myeai.local`, name, roles: ['trader'] as const })),
];
