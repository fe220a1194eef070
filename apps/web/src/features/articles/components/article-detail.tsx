import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import QuizIcon from '@mui/icons-material/Quiz';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { articleQueryOptions } from '../api/articles-api.ts';
import { ArticleCategoryChip } from './article-category-chip.tsx';
import { ArticleBody } from './article-body.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/page-sections.tsx';
import { ArticleDiscussion } from '../../../components/discussion/discussion-entry.tsx';

function BackToArticles() {
  return (
    <Button component={RouterLink} to="/articles" startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
      Back to Articles
    </Button>
  );
}

function ArticleSkeleton() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 5 } }} aria-busy="true" aria-label="Loading article">
      <Skeleton variant="text" width="80%" height={52} />
      <Stack direction="row" spacing={1} sx={{ my: 1 }}>
        <Skeleton variant="text" width={140} />
        <Skeleton variant="rounded" width={80} height={24} />
      </Stack>
      <Skeleton variant="text" sx={{ mt: 3 }} />
      <Skeleton variant="text" />
      <Skeleton variant="text" width="90%" />
      <Skeleton variant="text" sx={{ mt: 2 }} />
      <Skeleton variant="text" width="75%" />
    </Paper>
  );
}

/**
 * An article opened from a course (`?course=…&unit=…`, decision 0053): a way to the practice unit that
 * follows it in the course, on the course page where it is started.
 */
function TestYourself() {
  const [params] = useSearchParams();
  const course = params.get('course');
  const unit = params.get('unit');
  if (!course || !unit) return null;
  return (
    <SectionCard title="Test yourself on this" component="aside" headingId="test-yourself" mt={3}>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 1.5 }}>
        Practise the questions that follow this article in your course.
      </Typography>
      <Button
        component={RouterLink}
        to={`/courses/${encodeURIComponent(course)}#unit-${encodeURIComponent(unit)}`}
        variant="contained"
        startIcon={<QuizIcon />}
      >
        Go to the practice
      </Button>
    </SectionCard>
  );
}

/** Spec §2 Article detail: title, date, category chip and the HTML body; 'Article not found' otherwise. */
export function ArticleDetail({ articleId }: { articleId: string }) {
  const article = useQuery(articleQueryOptions(articleId));

  if (article.isPending) {
    return (
      <Box>
        <BackToArticles />
        <ArticleSkeleton />
      </Box>
    );
  }

  const notFound =
    (article.isError && article.error instanceof ApiError && article.error.status === 404) ||
    (article.isSuccess && !article.data.content.trim());

  if (notFound || article.isError) {
    return (
      <Box>
        <BackToArticles />
        {notFound ? (
          <Alert severity="warning">Article not found</Alert>
        ) : (
          <LoadError
            message={errorMessage(article.error, 'Error fetching article')}
            onRetry={() => article.refetch()}
          />
        )}
      </Box>
    );
  }

  const { data } = article;
  return (
    <Box>
      <BackToArticles />
      <Paper
        variant="outlined"
        component="article"
        aria-labelledby="article-title"
        sx={{ p: { xs: 2, sm: 5 } }}
      >
        <Typography
          id="article-title"
          component="h1"
          variant="h3"
          sx={{ fontSize: { xs: '1.9rem', sm: '2.6rem' }, wordBreak: 'break-word' }}
        >
          {data.title}
        </Typography>
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 1.5 }}
        >
          <Typography color="text.secondary" component="time" dateTime={data.createdAt}>
            {formatDate(data.createdAt)}
          </Typography>
          <ArticleCategoryChip category={data.category} />
        </Stack>
        {data.summary.trim() && (
          <Typography
            component="p"
            variant="subtitle1"
            color="text.secondary"
            sx={{ mt: 2, fontSize: '1.15rem' }}
          >
            {data.summary}
          </Typography>
        )}
        <Divider sx={{ my: 3 }} />
        <ArticleBody html={data.content} />
      </Paper>
      <TestYourself />
      <ArticleDiscussion articleId={data._id} />
    </Box>
  );
}
