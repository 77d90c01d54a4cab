import type { RouteObject } from 'react-router';

/**
 * Child routes of /admin (the operator console, issue 8): overview, inventory, customers,
 * gift cards, audit. Filled in by the console screens.
 */
export const consoleRoutes: RouteObject[] = [];
