import { describe, expect, it } from 'vitest';
import { eliteCellSeats, eliteMemberWeightTenths, elitePoolSaveProblems, SaveElitePoolInputSchema, tierSeatPositions } from './elite-pool.ts';
import type { TraderTier } from './trader-tiers.ts';

const mix = (lead: number, senior: number, regular: number): TraderTier[] => [
  ...Array<TraderTier>(lead).fill('lead'),
  ...Array<TraderTier>(senior).fill('senior'),
  ...Array<TraderTier>(regular).fill('regular'),
];
const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

describe('the Elite Pool mix rule (DESIGN.md decision 38)', () => {
  it('a whole-pool save needs exactly 13: 1 Lead + 3 Senior + 9 Regular', () => {
    expect(elitePoolSaveProblems(mix(1, 3, 9), { complete: true })).toEqual([]);
    expect(elitePoolSaveProblems(mix(1, 3, 8), { complete: true })).toEqual([
      'The Elite Pool needs exactly 13 members (now 12).',
      'The Elite Pool needs exactly 9 Regular (now 8): 1 Lead + 3 Senior + 9 Regular.',
    ]);
    expect(elitePoolSaveProblems(mix(2, 2, 9), { complete: true })).toEqual([
      'The Elite Pool needs exactly 1 Lead (now 2): 1 Lead + 3 Senior + 9 Regular.',
      'The Elite Pool needs exactly 3 Senior (now 2): 1 Lead + 3 Senior + 9 Regular.',
    ]);
    expect(elitePoolSaveProblems(mix(0, 4, 9), { complete: true })).toHaveLength(2);
    expect(elitePoolSaveProblems(mix(1, 3, 10), { complete: true })).toHaveLength(2);
  });

  it('a one-trader save may leave the pool short but never puts a tier above its count', () => {
    expect(elitePoolSaveProblems(mix(1, 3, 9), { complete: false })).toEqual([]);
    expect(elitePoolSaveProblems(mix(0, 2, 5), { complete: false })).toEqual([]);
    expect(elitePoolSaveProblems([], { complete: false })).toEqual([]);
    expect(elitePoolSaveProblems(mix(1, 4, 8), { complete: false })).toEqual(['The Elite Pool needs exactly 3 Senior (now 4): 1 Lead + 3 Senior + 9 Regular.']);
    expect(elitePoolSaveProblems(mix(2, 0, 0), { complete: false })).toEqual(['The Elite Pool needs exactly 1 Lead (now 2): 1 Lead + 3 Senior + 9 Regular.']);
    expect(elitePoolSaveProblems(mix(0, 0, 10), { complete: false })).toHaveLength(1);
  });

  it('lets a one-trader save bring an over-full tier down, never up', () => {
    // A pool stored before the rule with 5 seniors: taking one out is allowed, adding one is not.
    expect(elitePoolSaveProblems(mix(1, 4, 8), { complete: false, before: mix(1, 5, 7) })).toEqual([]);
    expect(elitePoolSaveProblems(mix(1, 5, 7), { complete: false, before: mix(1, 4, 8) })).toEqual(['The Elite Pool needs exactly 3 Senior (now 5): 1 Lead + 3 Senior + 9 Regular.']);
    expect(elitePoolSaveProblems(mix(1, 4, 8), { complete: false, before: mix(1, 3, 9) })).toHaveLength(1);
  });

  it('the dialog schema refuses a wrong mix and a trader listed twice', () => {
    const members = mix(1, 3, 9).map((tier, i) => ({ user_id: uuid(i), tier }));
    expect(SaveElitePoolInputSchema.safeParse({ members }).success).toBe(true);
    const twice = SaveElitePoolInputSchema.safeParse({ members: [...members.slice(0, 12), { ...members[12]!, user_id: uuid(5) }] });
    expect(twice.success).toBe(false);
    expect(twice.error!.issues.map((issue) => issue.message)).toContain('A trader can be in the Elite Pool only once.');
    const wrong = SaveElitePoolInputSchema.safeParse({ members: members.map((member, i) => (i === 12 ? { ...member, tier: 'senior' } : member)) });
    expect(wrong.success).toBe(false);
  });

  it('keeps a weight that already gives the tier, else gives the tier weight 46 / 9 / 3', () => {
    expect(eliteMemberWeightTenths('senior', 85)).toBe(85);
    expect(eliteMemberWeightTenths('senior', 30)).toBe(90);
    expect(eliteMemberWeightTenths('lead', 90)).toBe(460);
    expect(eliteMemberWeightTenths('regular', 460)).toBe(30);
    expect(eliteMemberWeightTenths('regular', null)).toBe(30);
  });
});

describe('the elite cell mirror', () => {
  it('seats the Lead at 0, the Seniors at 1-3 and the Regulars at 4-12', () => {
    expect(tierSeatPositions('lead')).toEqual([0]);
    expect(tierSeatPositions('senior')).toEqual([1, 2, 3]);
    expect(tierSeatPositions('regular')).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const members = mix(1, 3, 9).map((tier, i) => ({ user_id: `u${i}`, tier }));
    expect(eliteCellSeats(members, [])).toEqual(members.map((member, i) => ({ user_id: member.user_id, position: i })));
  });

  it('keeps members in their seat when their tier is unchanged and moves the others into free seats of their tier', () => {
    const current = [
      { user_id: 'lead', position: 0 },
      { user_id: 's1', position: 3 },
      { user_id: 'r1', position: 7 },
      { user_id: 'gone', position: 1 },
    ];
    const seats = eliteCellSeats(
      [
        { user_id: 'lead', tier: 'lead' },
        { user_id: 'r1', tier: 'senior' },
        { user_id: 's1', tier: 'senior' },
        { user_id: 'new', tier: 'regular' },
      ],
      current,
    );
    expect(seats).toEqual([
      { user_id: 'lead', position: 0 },
      { user_id: 'r1', position: 1 },
      { user_id: 's1', position: 3 },
      { user_id: 'new', position: 4 },
    ]);
  });

  it('never seats more than a tier has', () => {
    expect(eliteCellSeats([{ user_id: 'a', tier: 'lead' }, { user_id: 'b', tier: 'lead' }], [])).toEqual([{ user_id: 'a', position: 0 }]);
  });
});
