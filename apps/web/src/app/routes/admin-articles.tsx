import { usePageTitle } from '../../lib/site-settings.tsx';
import { ArticlesPage } from '../../features/admin-articles/components/articles-page.tsx';

export default function AdminArticlesRoute() {
  usePageTitle('Articles');
  return <ArticlesPage />;
}
