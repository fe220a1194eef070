import Chip from '@mui/material/Chip';
import { articleCategoryLabel } from '../article-text.ts';

/** An article's category as its card in the list and its page show it. */
export function ArticleCategoryChip({ category }: { category: string }) {
  return <Chip label={articleCategoryLabel(category)} size="small" color="secondary" variant="outlined" />;
}
