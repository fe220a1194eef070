import { usePageTitle } from '../../lib/site-settings.tsx';
import { ArticleList, articleListQuery } from '../../features/articles/components/article-list.tsx';
import type { PagePrefetch } from '../first-page-data.ts';

export const prefetch: PagePrefetch = (queryClient, { url }) =>
  queryClient.ensureQueryData(articleListQuery(url.searchParams));

export default function ArticlesRoute() {
  usePageTitle('Articles');
  return <ArticleList />;
}
