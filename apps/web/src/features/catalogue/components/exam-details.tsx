import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import type { ExamPublic } from '@mlp/contract';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatPrice } from '../../../lib/format.ts';
import { examQueryOptions } from '../api/catalogue-api.ts';
import { categoryLabel, questionCountLabel } from '../exam-text.ts';
import { LoadError } from '../../../components/load-error.tsx';

/** Spec §2 Exam detail: the monthly price ('£4.99 / month') or 'Free'. */
function monthlyPriceLabel(price: number): string {
  const formatted = formatPrice(price);
  return formatted === 'Free' ? 'Free' : `${formatted} / month`;
}

function BackToExams() {
  return (
    <Button component={RouterLink} to="/exams" startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
      Back to Exams
    </Button>
  );
}

function ExamDetailsSkeleton() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }} aria-busy="true" aria-label="Loading exam">
      <Skeleton variant="text" width="70%" height={48} />
      <Stack direction="row" spacing={1} sx={{ my: 1 }}>
        <Skeleton variant="rounded" width={90} height={24} />
        <Skeleton variant="rounded" width={90} height={24} />
      </Stack>
      <Skeleton variant="text" />
      <Skeleton variant="text" />
      <Skeleton variant="text" width="50%" />
      <Skeleton variant="rounded" height={120} sx={{ mt: 3 }} />
    </Paper>
  );
}

/**
 * Spec §2 Exam detail: back button, title, category, description, number of questions and monthly price.
 * `children` renders the subscription area for the loaded exam (composed by the route).
 */
export function ExamDetails({
  examId,
  children,
}: {
  examId: string;
  children?: (exam: ExamPublic) => ReactNode;
}) {
  const exam = useQuery(examQueryOptions(examId));

  if (exam.isPending) {
    return (
      <Box>
        <BackToExams />
        <ExamDetailsSkeleton />
      </Box>
    );
  }

  if (exam.isError) {
    const notFound = exam.error instanceof ApiError && exam.error.status === 404;
    return (
      <Box>
        <BackToExams />
        {notFound ? (
          <Alert severity="warning">Exam not found</Alert>
        ) : (
          <LoadError
            message={errorMessage(exam.error, 'Error fetching exam details')}
            onRetry={() => exam.refetch()}
          />
        )}
      </Box>
    );
  }

  const { data } = exam;
  return (
    <Box>
      <BackToExams />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography component="h1" variant="h4" sx={{ wordBreak: 'break-word' }}>
          {data.title}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', my: 2 }}>
          <Chip label={categoryLabel(data.category)} variant="outlined" />
          {data.tags.map((tag) => (
            <Chip key={tag} label={tag} size="small" variant="outlined" sx={{ alignSelf: 'center' }} />
          ))}
        </Stack>
        <Typography sx={{ whiteSpace: 'pre-line', mb: 3 }}>{data.description}</Typography>
        <Stack
          component="dl"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1.5, sm: 5 }}
          sx={{
            m: 0,
            '& dt': { display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' },
            '& dd': { m: 0, pl: 4, fontWeight: 600, fontSize: '1.1rem' },
          }}
        >
          <div>
            <dt>
              <QuizOutlinedIcon color="primary" fontSize="small" aria-hidden="true" />
              Number of questions
            </dt>
            <dd>{questionCountLabel(data.numberOfQuestions)}</dd>
          </div>
          <div>
            <dt>
              <SellOutlinedIcon color="primary" fontSize="small" aria-hidden="true" />
              Price
            </dt>
            <dd>{monthlyPriceLabel(data.price)}</dd>
          </div>
        </Stack>
        {children && (
          <>
            <Divider sx={{ my: 3 }} />
            {children(data)}
          </>
        )}
      </Paper>
    </Box>
  );
}
