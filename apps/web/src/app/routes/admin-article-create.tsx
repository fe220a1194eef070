import { usePageTitle } from '../../lib/site-settings.tsx';
// This route module is the only importer of the article form, so TipTap stays in this lazy chunk.
import { ArticleForm } from '../../features/admin-articles/components/article-form.tsx';

export default function AdminArticleCreateRoute() {
  usePageTitle('Create Article');
  return <ArticleForm />;
}
