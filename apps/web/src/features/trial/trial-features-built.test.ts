import { describe, expect, test } from 'vitest';
import { TRIAL_FEATURE_KEYS, TRIAL_FEATURE_SCREENS, TRIAL_FEATURES_IN_DEVELOPMENT } from '@myeai/domain';
import { isBuilt } from '../../app/screens.tsx';

describe('staged trial features and the screens this build has (DESIGN.md decision 34)', () => {
  test.each(TRIAL_FEATURE_KEYS)('%s is "in development" exactly when its screen is not built', (feature) => {
    expect(TRIAL_FEATURES_IN_DEVELOPMENT.has(feature)).toBe(!isBuilt(TRIAL_FEATURE_SCREENS[feature]));
  });
});
