import { NotFound } from '../components/not-found';
import type { PageMeta } from '../lib/page-meta';

export const meta: PageMeta = {
  title: 'Page Not Found',
  description: 'The page you were looking for could not be found.',
  noindex: true,
};

/** Any path no route matches. */
export default function NotFoundPage() {
  return <NotFound />;
}
