/** The navigation drawer's id (the menu button controls it) and its width on wide screens. */
export const NAVIGATION_DRAWER_ID = 'navigation-drawer';
export const DRAWER_WIDTH = 280;
