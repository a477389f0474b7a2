/** Account, dashboard and admin screens (spec §2 account and protected routes), loaded lazily. */
import type { RouteObject } from 'react-router-dom';

export const accountRoutes: RouteObject[] = [];
