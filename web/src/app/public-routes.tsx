/** Public pages (spec §2 public and payment routes). */
import type { RouteObject } from 'react-router-dom';
import { HomePage } from '../routes/home';

export const publicRoutes: RouteObject[] = [{ index: true, element: <HomePage /> }];
