import { useParams } from 'react-router';
import { usePageTitle } from '../../lib/site-settings.tsx';
// This route module and the create one are the only importers of the article form (TipTap stays lazy).
import { EditArticlePage } from '../../features/admin-articles/components/article-form.tsx';

export default function AdminArticleEditRoute() {
  usePageTitle('Edit Article');
  const { id = '' } = useParams();
  return <EditArticlePage key={id} articleId={id} />;
}
