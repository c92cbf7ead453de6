import { dashboardPaths } from '../schemas/dashboard.ts';
import { videoWidgetsPaths } from '../schemas/video-widgets.ts';
import { decideAccess } from './access-rules.ts';
import { homeOf } from './role-homes.ts';
import type { Role } from './roles.ts';
import { findScreen } from './screens.ts';

/** Admins read every video widget slot (inactive ones too, to edit them); everyone else the active ones. */
export function videoWidgetsPath(isAdmin: boolean): string {
  return isAdmin ? videoWidgetsPaths.adminList : videoWidgetsPaths.list;
}

const PAGE_DATA_PATHS: Readonly<Record<string, (activeRole: Role) => readonly string[]>> = {
  // The affiliate's cockpit reads its figures; every other role its home (ROLE_HOMES).
  '/dashboard': (activeRole) => [homeOf(activeRole).kind === 'cockpit' ? dashboardPaths.stats : dashboardPaths.home, videoWidgetsPath(decideAccess('admin', { activeRole }) === 'allowed')],
};

/**
 * The reads a signed-in page makes first, for a viewer whose active role may open it (none
 * otherwise). The server names them as preloads on the page's HTML response, so the browser
 * asks for them while the scripts download instead of after they ran; the web app's queries ask
 * for the very same paths and are answered by those preloads.
 */
export function pageDataPaths(path: string, activeRole: Role): readonly string[] {
  const paths = PAGE_DATA_PATHS[path];
  const screen = findScreen(path);
  if (!paths || !screen || decideAccess(screen.access, { activeRole }) !== 'allowed') return [];
  return paths(activeRole);
}
