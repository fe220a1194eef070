import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { articleQueryOptions } from '../../features/articles/api/articles-api.ts';
import { ArticleDetail } from '../../features/articles/components/article-detail.tsx';

export default function ArticleDetailRoute() {
  const { id = '' } = useParams();
  const { data: article } = useQuery(articleQueryOptions(id));
  usePageTitle(article?.title ?? 'Article');
  return <ArticleDetail key={id} articleId={id} />;
}
