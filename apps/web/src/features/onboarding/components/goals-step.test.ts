import { describe, expect, it } from 'vitest';
import { completeTiers, emptyDrafts } from './goals-step.tsx';

describe('onboarding goal tiers', () => {
  it('sends only complete tiers, the target as a number and habits one per line', () => {
    const drafts = emptyDrafts();
    drafts.short_term = { ...drafts.short_term, title: ' Earn ', target_value: '1500.5', deadline: '2027-01-01', why_important: 'Family', daily_habits: 'Call two leads\n\n  Read ', weekly_habits: '' };
    drafts.mid_term = { ...drafts.mid_term, title: 'Half done', target_value: 10 };
    expect(completeTiers(drafts)).toEqual({
      short_term: {
        goal_type: 'monetary',
        title: 'Earn',
        description: '',
        target_value: 1500.5,
        unit: 'USD',
        why_important: 'Family',
        daily_habits: ['Call two leads', 'Read'],
        weekly_habits: [],
        deadline: '2027-01-01',
      },
    });
  });

  it('defaults short and mid term to monetary in USD, long term to lifestyle', () => {
    const drafts = emptyDrafts();
    expect([drafts.short_term.goal_type, drafts.mid_term.goal_type, drafts.long_term.goal_type]).toEqual(['monetary', 'monetary', 'lifestyle']);
    expect(drafts.short_term.unit).toBe('USD');
    expect(completeTiers(drafts)).toEqual({});
  });
});
