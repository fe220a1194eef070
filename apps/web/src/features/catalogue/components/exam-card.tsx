import { memo, useId } from 'react';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import type { ExamPublic } from '@mlp/contract';
import {
  CardCount,
  CardLink,
  CatalogueCard,
  ClampedSummary,
} from '../../../components/cards/catalogue-card.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { categoryLabel, questionCountLabel } from '../exam-text.ts';

/**
 * One exam in the catalogue: title, clamped description, question count, category and price chips.
 * Memoised: a page of 20 cards is costly to render on a phone, and the page re-renders for reasons
 * that leave the cards as they are (site settings, the search box).
 */
export const ExamCard = memo(function ExamCard({
  exam,
  subscribed = false,
}: {
  exam: ExamPublic;
  /** The signed-in learner has an active subscription to it (decision 0022). */
  subscribed?: boolean;
}) {
  const titleId = useId();
  const price = formatPrice(exam.price);
  return (
    <CatalogueCard titleId={titleId}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography
          id={titleId}
          component="h2"
          variant="h6"
          gutterBottom
          sx={{ lineHeight: 1.3, wordBreak: 'break-word' }}
        >
          {exam.title}
        </Typography>
        <ClampedSummary mb={2}>{exam.description}</ClampedSummary>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <CardCount icon={<QuizOutlinedIcon fontSize="small" color="action" aria-hidden="true" />}>
            {questionCountLabel(exam.numberOfQuestions)}
          </CardCount>
          <Chip label={categoryLabel(exam.category)} size="small" variant="outlined" />
          <Chip label={price} size="small" color={price === 'Free' ? 'success' : 'primary'} />
          {subscribed && <Chip label="Subscribed" size="small" color="success" variant="outlined" />}
        </Stack>
      </CardContent>
      <CardLink to={`/exams/${encodeURIComponent(exam._id)}`} titleId={titleId}>
        View Details
      </CardLink>
    </CatalogueCard>
  );
});

/** Placeholder with the card's shape while the catalogue loads. */
export function ExamCardSkeleton() {
  return (
    <Card variant="outlined" sx={{ height: '100%' }} aria-hidden="true">
      <CardContent>
        <Skeleton variant="text" width="80%" height={32} />
        <Skeleton variant="text" />
        <Skeleton variant="text" />
        <Skeleton variant="text" width="60%" />
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Skeleton variant="rounded" width={90} height={24} />
          <Skeleton variant="rounded" width={70} height={24} />
          <Skeleton variant="rounded" width={50} height={24} />
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Skeleton variant="rounded" width={110} height={36} />
      </CardActions>
    </Card>
  );
}
