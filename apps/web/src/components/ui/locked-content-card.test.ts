import { describe, expect, test } from 'vitest';
import { lockedContentLabel } from './locked-content-card.tsx';

describe('locked-content card label (spec 1 section 2.11)', () => {
  test.each([
    ['subscriber', 'Subscriber'],
    ['trader', 'Trader'],
    ['admin', 'Admin'],
    ['affiliate', 'Premium'],
    ['4weeks', 'Premium'],
    [null, 'Premium'],
    [undefined, 'Premium'],
  ])('%s shows %s', (role, label) => {
    expect(lockedContentLabel(role)).toBe(label);
  });
});
