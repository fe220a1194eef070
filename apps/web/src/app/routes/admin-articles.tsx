import { usePageTitle } from '../../lib/site-settings.tsx';
import { ArticlesPage } from '../../features/admin/components/articles/articles-page.tsx';

export default function AdminArticlesRoute() {
  usePageTitle('Articles');
  return <ArticlesPage />;
}
