/**
 * Below this width the sidebar is an overlay (spec 1 section 9); the theme's lg breakpoint is the
 * same width. Its own module so that the theme does not pull the app shell into the first load.
 */
export const SIDEBAR_OVERLAY_BREAKPOINT = 1024;
