import { decideAccess, type Viewer } from './access-rules.ts';
import { findScreen, type ScreenPath } from './screens.ts';

export type QuickActionKey = 'add_lead' | 'set_goal' | 'explore_learning' | 'open_compass' | 'browse_opportunities' | 'view_earnings';

export type QuickAction = { key: QuickActionKey; path: ScreenPath; title: string; description: string };

/**
 * The Business Hub's quick actions in order of preference: the three of spec 1 section 2.4 first,
 * then screens every role has, so each role gets three actions it can use.
 */
const CANDIDATES: readonly QuickAction[] = [
  { key: 'add_lead', path: '/leads', title: 'Add Lead', description: 'Capture a new prospect in your client pipeline.' },
  { key: 'set_goal', path: '/goals', title: 'Set Purpose Goal', description: 'Define what you are working towards this month.' },
  { key: 'explore_learning', path: '/learning-hub', title: 'Explore Learning', description: 'Grow your skills with the learning hub.' },
  { key: 'open_compass', path: '/trading-compass', title: 'Open the Trading Compass', description: 'See where the Elite Pool leans on each market.' },
  { key: 'browse_opportunities', path: '/products', title: 'Browse Opportunities', description: 'Find products to share with your network.' },
  { key: 'view_earnings', path: '/earnings', title: 'See Your Purpose Impact', description: 'Follow what your work has earned.' },
];

export const QUICK_ACTION_COUNT = 3;

/**
 * The quick actions of the active role (DESIGN.md decision 34): only screens of the route table
 * that this build has (`isBuilt`) and that the role may open, the first three by preference.
 */
export function quickActionsFor(viewer: Viewer, isBuilt: (path: string) => boolean): QuickAction[] {
  return CANDIDATES.filter((action) => {
    const screen = findScreen(action.path);
    return screen !== undefined && isBuilt(action.path) && decideAccess(screen.access, viewer) === 'allowed';
  }).slice(0, QUICK_ACTION_COUNT);
}

/**
 * Where "Set a purpose goal" leads the active role: the goal screen when it is built and the role
 * may open it, else the goals step of onboarding, which every signed-in user may open.
 */
export function goalSettingPath(viewer: Viewer, isBuilt: (path: string) => boolean): ScreenPath {
  const goals = findScreen('/goals');
  return goals && isBuilt('/goals') && decideAccess(goals.access, viewer) === 'allowed' ? '/goals' : '/onboarding';
}
