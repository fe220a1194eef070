import { memo } from 'react';
import { CategoryChips } from '../../../components/navigation/category-chips.tsx';
import { useUrlSearch } from '../../../lib/use-url-search.ts';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ArticleListItem } from '@mlp/contract';
import { readPageParam, UrlPagination } from '../../../components/navigation/url-pagination.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { CatalogueGrid, CatalogueSkeleton } from '../../../components/cards/catalogue-card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useProgressiveList } from '../../../lib/use-progressive-list.ts';
import { articlesQueryOptions } from '../api/articles-api.ts';
import { articleCategoryLabel, articlePreview } from '../article-text.ts';
import { ArticleCategoryChip } from './article-category-chip.tsx';
import { ListSearchField } from '../../../components/form/search-form.tsx';

/** Typing pauses this long before the search runs (Enter searches at once). */

const NO_ARTICLES: ArticleListItem[] = [];

/** Memoised like the exam cards: the list re-renders as the search box is typed in. */
const ArticleCard = memo(function ArticleCard({ article }: { article: ArticleListItem }) {
  return (
    <Card variant="outlined" component="article" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={`/articles/${encodeURIComponent(article._id)}`}
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
        }}
      >
        <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography component="h2" variant="h6" sx={{ lineHeight: 1.3, wordBreak: 'break-word' }}>
            {article.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDate(article.createdAt)}
          </Typography>
          <Typography variant="body2" sx={{ flexGrow: 1, wordBreak: 'break-word' }}>
            {articlePreview(article.preview)}
          </Typography>
          <Box>
            <ArticleCategoryChip category={article.category} />
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
});

function ArticleCardSkeleton() {
  return (
    <Card variant="outlined" aria-hidden="true">
      <CardContent>
        <Skeleton variant="text" width="85%" height={32} />
        <Skeleton variant="text" width="40%" />
        <Skeleton variant="text" />
        <Skeleton variant="text" />
        <Skeleton variant="text" width="70%" />
        <Skeleton variant="rounded" width={80} height={24} sx={{ mt: 1 }} />
      </CardContent>
    </Card>
  );
}

/** The articles query for a URL's `?search=&category=&page=` (the page and its first-load prefetch share it). */
export function articleListQuery(searchParams: URLSearchParams) {
  return articlesQueryOptions({ ...articleFilters(searchParams), page: readPageParam(searchParams) });
}

function articleFilters(searchParams: URLSearchParams) {
  return { search: (searchParams.get('search') ?? '').trim(), category: searchParams.get('category') ?? '' };
}

/**
 * Spec §2 Articles list: server-side search (debounced, or at once on Enter), category chips ('All' plus
 * the categories with published articles), cards linking to each article. Search, category and page
 * live in the URL.
 */
export function ArticleList() {
  const [searchParams] = useSearchParams();
  const { search, category } = articleFilters(searchParams);
  const articles = useQuery(articleListQuery(searchParams));
  const cards = useProgressiveList(articles.data?.articles ?? NO_ARTICLES);

  const { text, setText, submit, chooseCategory } = useUrlSearch(search);

  const categories: readonly string[] = articles.data?.categories ?? [];
  // After 'All': the categories that have articles, and the chosen one even if it has none (a shared URL).
  const chipValues = [...categories, ...(category && !categories.includes(category) ? [category] : [])];

  return (
    <Box>
      <Typography component="h1" variant="h4" gutterBottom>
        Articles
      </Typography>

      <ListSearchField
        label="Search articles"
        placeholder="Search articles..."
        value={text}
        onChange={setText}
        onSubmit={submit}
      />

      <CategoryChips
        values={chipValues}
        selected={category}
        labelOf={articleCategoryLabel}
        onChoose={chooseCategory}
      />

      {articles.isPending && <CatalogueSkeleton label="Loading articles" Placeholder={ArticleCardSkeleton} />}

      {articles.isError && (
        <LoadError
          message={errorMessage(articles.error, 'Error fetching articles')}
          onRetry={() => articles.refetch()}
        />
      )}

      {articles.data && articles.data.articles.length === 0 && (
        <Alert severity="info" variant="outlined">
          {search ? `No articles found matching "${search}"` : 'No articles found'}
        </Alert>
      )}

      {articles.data && articles.data.articles.length > 0 && (
        <>
          <CatalogueGrid label="Article list" updating={articles.isPlaceholderData}>
            {cards.map((article) => (
              <ArticleCard key={article._id} article={article} />
            ))}
          </CatalogueGrid>
          <UrlPagination page={articles.data.page} pages={articles.data.pages} label="Article pages" />
        </>
      )}
    </Box>
  );
}
