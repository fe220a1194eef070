import { lazy, Suspense, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TipsAndUpdatesOutlinedIcon from '@mui/icons-material/TipsAndUpdatesOutlined';
import type { Analytics } from '@mlp/contract';
import { BrowseExamsButton, EmptyState } from '../../../components/list-states.tsx';
import { QueryProgress } from '../../../components/load-error.tsx';
import { PageHeader, SectionCard } from '../../../components/page-sections.tsx';
import { UpdatingNote } from '../../../components/updating-note.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { analyticsQueryOptions } from '../api/analytics-api.ts';
import { CourseTopicsSection } from './course-topics.tsx';
import { FiguresTable, NAME_WRAP, type FiguresColumn } from './figures-table.tsx';
import {
  alignTrends,
  outcomeCounts,
  percentileCell,
  percentileText,
  secondsLabel,
  topicsOfExam,
  trendPoints,
  trendSentence,
  type ExamFigures,
  type TopicFigures,
} from '../analytics-figures.ts';

// @mui/x-charts loads only with this page's charts, after the figures are on screen.
const TrendChart = lazy(() => import('./charts.tsx').then((module) => ({ default: module.TrendChart })));
const TopicBarChart = lazy(() =>
  import('./charts.tsx').then((module) => ({ default: module.TopicBarChart })),
);

function ChartFallback({ height }: { height: number }) {
  return <Skeleton variant="rounded" height={height} sx={{ mt: 1 }} />;
}

/** The 'Next step' card: what to do now, with the way to do it. */
function NextStep({ step, startReview }: { step: Analytics['nextStep']; startReview: ReactNode }) {
  const action =
    step.kind === 'review' ? (
      startReview
    ) : step.kind === 'start' ? (
      <BrowseExamsButton />
    ) : (
      <Button component={RouterLink} to="/practice" variant="contained">
        Build a practice set
      </Button>
    );
  return (
    <SectionCard title="Next step" gutterBottom mb={3}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <TipsAndUpdatesOutlinedIcon color="primary" aria-hidden="true" sx={{ mt: '2px' }} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {step.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1.5, ...NAME_WRAP }}>
            {step.text}
          </Typography>
          {step.topics.length > 0 && (
            <Stack
              component="ul"
              direction="row"
              spacing={1}
              useFlexGap
              aria-label="Weakest topics"
              sx={{ flexWrap: 'wrap', p: 0, m: 0, mb: 2, listStyle: 'none' }}
            >
              {step.topics.map((topic) => (
                <li key={topic}>
                  <Chip label={topic} size="small" variant="outlined" />
                </li>
              ))}
            </Stack>
          )}
          {action}
        </Box>
      </Stack>
    </SectionCard>
  );
}

const EXAM_COLUMNS: Array<FiguresColumn<ExamFigures>> = [
  { label: 'Exam', render: (exam) => exam.title },
  { label: 'Sittings', render: (exam) => exam.sittings },
  { label: 'Questions seen', render: (exam) => exam.questionsSeen },
  { label: 'Omitted', render: (exam) => examOutcomes(exam).omitted },
  { label: '% correct', render: (exam) => `${exam.percentCorrect}%` },
  { label: 'Time per question', render: (exam) => secondsLabel(exam.secondsPerQuestion) },
  { label: 'Average score', render: (exam) => `${exam.averageScore}%` },
  { label: 'Percentile', render: percentileCell, noWrap: true },
];

const TOPIC_COLUMNS: Array<FiguresColumn<TopicFigures>> = [
  { label: 'Topic', render: (topic) => topic.topic },
  { label: 'Questions seen', render: (topic) => topic.seen },
  { label: 'Correct', render: (topic) => topic.correct },
  { label: 'Incorrect', render: (topic) => outcomeCounts(topic).incorrect },
  { label: 'Omitted', render: (topic) => outcomeCounts(topic).omitted },
  { label: '% correct', render: (topic) => `${topic.percentCorrect}%` },
];

function examOutcomes(exam: ExamFigures) {
  return outcomeCounts({ seen: exam.questionsSeen, answered: exam.answered, correct: exam.correct });
}

/** What '% correct' is out of: omitted questions lower it, yet are counted apart from incorrect ones. */
const PERCENT_CORRECT_NOTE =
  '% correct is out of every question seen, so an omitted question lowers it; omitted questions are counted apart from incorrect ones.';

function ExamsOverview({ exams }: { exams: readonly ExamFigures[] }) {
  const trends = alignTrends(
    exams.map((exam) => ({ id: exam.examId, label: exam.title, trend: trendPoints(exam.trend) })),
  );
  return (
    <SectionCard title="By exam" gutterBottom mb={3}>
      <FiguresTable
        label="Figures by exam"
        columns={EXAM_COLUMNS}
        rows={exams}
        rowKey={(exam) => exam.examId}
        nameMinWidth={140}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {PERCENT_CORRECT_NOTE}
      </Typography>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 3 }}>
        Score trend
      </Typography>
      <VisuallyHidden component="div">
        {exams.map((exam) => (
          <p key={exam.examId}>{trendSentence(exam.title, trendPoints(exam.trend))}</p>
        ))}
      </VisuallyHidden>
      <Box sx={{ minHeight: 260 }}>
        <Suspense fallback={<ChartFallback height={240} />}>
          <TrendChart trends={trends} />
        </Suspense>
      </Box>
    </SectionCard>
  );
}

function ExamDetail({ exam, topics }: { exam: ExamFigures; topics: readonly TopicFigures[] }) {
  const outcomes = examOutcomes(exam);
  const topicTrends = alignTrends(
    topics.map((topic) => ({ id: topic.topic, label: topic.topic, trend: trendPoints(topic.trend) })),
  );
  return (
    <SectionCard title={exam.title} titleSx={NAME_WRAP} mb={3}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {exam.questionsSeen} questions seen: {outcomes.correct} correct, {outcomes.incorrect} incorrect,{' '}
        {outcomes.omitted} omitted · {exam.percentCorrect}% correct · {secondsLabel(exam.secondsPerQuestion)}{' '}
        per question
      </Typography>
      <Typography sx={{ mb: 2 }}>
        <strong>Compared with other learners:</strong> {percentileText(exam)}
      </Typography>
      {topics.length > 0 && (
        <>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            By topic (weakest first)
          </Typography>
          {/* The chart is focusable (its own keyboard navigation); the table below gives the same figures. */}
          <Box>
            <Suspense fallback={<ChartFallback height={140} />}>
              <TopicBarChart topics={topics} />
            </Suspense>
          </Box>
          <FiguresTable
            label={`Topics of ${exam.title}`}
            columns={TOPIC_COLUMNS}
            rows={topics}
            rowKey={(topic) => topic.topic}
            nameMinWidth={96}
          />
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 3 }}>
            Topic trend
          </Typography>
          <VisuallyHidden component="div">
            {topics.map((topic) => (
              <p key={topic.topic}>{trendSentence(topic.topic, trendPoints(topic.trend))}</p>
            ))}
          </VisuallyHidden>
          <Box sx={{ minHeight: 240 }}>
            <Suspense fallback={<ChartFallback height={220} />}>
              <TrendChart trends={topicTrends} height={240} />
            </Suspense>
          </Box>
        </>
      )}
    </SectionCard>
  );
}

/**
 * /analytics (decision 0038): where the learner stands per exam and topic — questions seen, % correct,
 * trends, time per question, the percentile when enough learners stand behind it, the topics of their
 * courses (decision 0053, addendum of 2026-11-28) — and a next step. Every
 * chart has a table or a summary with the same figures. `startReview` is the review session's start button
 * (the reviews feature's, composed by the route).
 */
export function AnalyticsPage({ startReview }: { startReview: ReactNode }) {
  const analytics = useQuery(analyticsQueryOptions());
  const byCourse =
    analytics.data && analytics.data.courses.length > 0 ? (
      <CourseTopicsSection courses={analytics.data.courses} />
    ) : null;
  return (
    <Box>
      <PageHeader
        title="Analytics"
        subtitle="Where you are strong, where you are weak, and what to do next."
      />
      <QueryProgress
        query={analytics}
        label="Loading analytics"
        errorText={'Failed to load your analytics.'}
      />
      {analytics.data && (
        <>
          {analytics.data.pendingResults > 0 && (
            <UpdatingNote>Your latest results are being added to these figures.</UpdatingNote>
          )}
          <NextStep step={analytics.data.nextStep} startReview={startReview} />
          {analytics.data.exams.length === 0 ? (
            <>
              {byCourse}
              <EmptyState text="Your analytics appear here after your first exam or practice set." />
            </>
          ) : (
            <>
              <ExamsOverview exams={analytics.data.exams} />
              {byCourse}
              {analytics.data.exams.map((exam) => (
                <ExamDetail
                  key={exam.examId}
                  exam={exam}
                  topics={topicsOfExam(analytics.data.topics, exam.examId)}
                />
              ))}
            </>
          )}
        </>
      )}
    </Box>
  );
}
