import { usePageTitle } from '../../lib/site-settings.tsx';
import { ArticleList } from '../../features/articles/components/article-list.tsx';

export default function ArticlesRoute() {
  usePageTitle('Articles');
  return <ArticleList />;
}
