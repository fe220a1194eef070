import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import FlagIcon from '@mui/icons-material/Flag';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import type { ExamResult, Note, ResultQuestion } from '@mlp/contract';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime, formatDuration } from '../../../lib/format.ts';
import {
  latestResultIdQueryOptions,
  resultPeersQueryOptions,
  resultQueryOptions,
} from '../api/results-api.ts';
import {
  CERTAINTY_LABELS,
  peerSentence,
  peerSharesByChoice,
  peersByQuestion,
  type QuestionPeers,
} from '../review-insights.ts';
import { formatScore, scoreSentence, sittingLabel } from '../score.ts';
import {
  averageSeconds,
  emptyFilterText,
  filterCounts,
  inFilter,
  OUTCOME_LABELS,
  outcomeOf,
  readReviewFilter,
  REVIEW_FILTERS,
  timeSpentText,
  type QuestionOutcome,
  type ReviewFilter,
} from '../review-filters.ts';
import { CertaintyReport, MissTagPicker, PeerShares } from './result-insights.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/page-sections.tsx';
import { ReportQuestionButton } from '../../../components/question-report/report-question-button.tsx';
import { ReviewedStem } from '../../../components/sitting/sitting-frame.tsx';
import { AnswerReview } from '../../../components/sitting/answer-review.tsx';
import { QuestionDiscussionToggle } from '../../../components/discussion/discussion-entry.tsx';
import { NoteEditor } from '../../../components/notes/note-editor.tsx';
import { resultNotesQueryOptions } from '../../../components/notes/notes-api.ts';

/** Each outcome's colour and icon: omitted is not incorrect (decision 0065), so it is neither red nor green. */
const OUTCOME_LOOK = {
  correct: { color: 'success', text: 'success.dark', Icon: CheckCircleIcon },
  incorrect: { color: 'error', text: 'error.main', Icon: CancelIcon },
  omitted: { color: 'default', text: 'text.secondary', Icon: HelpOutlineIcon },
} as const satisfies Record<QuestionOutcome, unknown>;

function ReviewItem({
  item,
  number,
  resultId,
  peer,
  note,
  averageSeconds,
}: {
  item: ResultQuestion;
  number: number;
  resultId: string;
  peer: QuestionPeers | undefined;
  /** the learner's note on it; undefined while the notes load or when they failed (no editor then) */
  note: Note | null | undefined;
  /** the result's average seconds per question, null when it has no times */
  averageSeconds: number | null;
}) {
  const outcome = outcomeOf(item);
  const answered = outcome !== 'omitted';
  const look = OUTCOME_LOOK[outcome];
  // Peer shares sit on the option rows when they name the same options (see peerSharesByChoice).
  const byChoice = peer ? peerSharesByChoice(peer, item.choices) : null;
  const shares = peer && byChoice ? { byChoice, note: peerSentence(peer) } : undefined;
  const AnswerIcon = look.Icon;
  return (
    <Paper
      variant="outlined"
      component="li"
      // The notebook links back here (decision 0059): /exams/results/{id}#question-{questionId}.
      id={item.questionId ? `question-${item.questionId}` : undefined}
      sx={{ p: { xs: 2, sm: 3 }, listStyle: 'none', scrollMarginTop: 80 }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h3" variant="overline" sx={{ lineHeight: 1.5 }}>
          Question {number}
        </Typography>
        <Chip
          size="small"
          icon={<AnswerIcon />}
          label={OUTCOME_LABELS[outcome]}
          color={look.color}
          variant="outlined"
        />
        {item.flagged && <Chip size="small" icon={<FlagIcon />} label="Flagged" variant="outlined" />}
        {item.certainty && (
          <Chip size="small" variant="outlined" label={`You said: ${CERTAINTY_LABELS[item.certainty]}`} />
        )}
        <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          {item.topic}
        </Typography>
        {item.seconds !== null && (
          // Active time on it, measured by the server (decision 0065); results stored before have none.
          <Typography variant="caption" color="text.secondary">
            {timeSpentText(item.seconds, averageSeconds)}
          </Typography>
        )}
      </Stack>
      <ReviewedStem question={item} gap={1.5} bold />
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <AnswerIcon
            fontSize="small"
            color={look.color === 'default' ? 'action' : look.color}
            aria-hidden="true"
            sx={{ mt: '2px' }}
          />
          <Typography color={look.text} sx={{ wordBreak: 'break-word' }}>
            Your answer: <strong>{answered ? item.userAnswer : 'Not answered'}</strong>
          </Typography>
        </Stack>
        {!item.isCorrect && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <CheckCircleIcon fontSize="small" color="success" aria-hidden="true" sx={{ mt: '2px' }} />
            <Typography color="success.dark" sx={{ wordBreak: 'break-word' }}>
              Correct answer: <strong>{item.correctAnswer}</strong>
            </Typography>
          </Stack>
        )}
      </Stack>
      <Box sx={{ mt: 1.5 }}>
        {/*
         * The snapshot's order: the sitting shuffled the choices on each load of the page and the order the
         * learner saw is not recorded, so the review cannot show it (rationales follow `choices`).
         */}
        <AnswerReview {...item} answer={item.userAnswer} headingLevel={4} shares={shares} />
      </Box>
      {peer && !shares && <PeerShares peer={peer} item={item} />}
      {!item.isCorrect && item.questionId && <MissTagPicker resultId={resultId} item={item} />}
      {item.questionId && (
        <NoteEditor questionId={item.questionId} questionNumber={number} note={note} resultId={resultId} />
      )}
      {item.questionId && (
        <ReportQuestionButton questionId={item.questionId} resultId={resultId} questionNumber={number} />
      )}
      {item.questionId && (
        // The learning community (decision 0056): loaded only when the learner opens it.
        <QuestionDiscussionToggle questionId={item.questionId} questionNumber={number} headingLevel={4} />
      )}
    </Paper>
  );
}

/** A result's score by topic (decision 0037), weakest first so what to practise stands out. */
function TopicScores({ topics }: { topics: ExamResult['topics'] }) {
  const sorted = [...topics].sort((a, b) => a.score - b.score || a.topic.localeCompare(b.topic));
  return (
    <SectionCard title="Score by topic" gutterBottom headingId="topics-heading" mb={4}>
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
        {sorted.map((topic) => (
          <Box component="li" key={topic.topic} sx={{ listStyle: 'none' }}>
            <Stack
              direction="row"
              spacing={2}
              sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}
            >
              <Typography sx={{ wordBreak: 'break-word', minWidth: 0 }}>{topic.topic}</Typography>
              <Typography sx={{ fontWeight: 600, flexShrink: 0 }}>
                {formatScore(topic.score)}
                <Typography component="span" variant="body2" color="text.secondary">
                  {` (${topic.correct} of ${topic.total})`}
                </Typography>
              </Typography>
            </Stack>
            <LinearProgress
              variant="determinate"
              value={topic.score}
              aria-label={`${topic.topic}: ${formatScore(topic.score)}`}
              sx={{ height: 6, borderRadius: 3, mt: 0.5 }}
            />
          </Box>
        ))}
      </Stack>
    </SectionCard>
  );
}

/**
 * The review's filter (decision 0065): all, incorrect, omitted, flagged or noted, each with its count, one at a
 * time. 'Noted' counts once the notes are loaded.
 */
function ReviewFilterControl({
  filter,
  counts,
  notesLoaded,
  onChange,
}: {
  filter: ReviewFilter;
  counts: Record<ReviewFilter, number>;
  notesLoaded: boolean;
  onChange: (filter: ReviewFilter) => void;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      color="primary"
      size="small"
      value={filter}
      aria-label="Show questions"
      // Pressing the chosen filter again keeps it: one is always chosen.
      onChange={(_event, value: ReviewFilter | null) => {
        if (value) onChange(value);
      }}
      sx={{
        flexWrap: 'wrap',
        gap: 0.5,
        '& .MuiToggleButtonGroup-grouped': { borderRadius: 1, border: 1, borderColor: 'divider' },
      }}
    >
      {REVIEW_FILTERS.values.map((value) => (
        // On the page's grey, MUI's lighter idle text falls short of 4.5:1; text.secondary does not.
        <ToggleButton key={value} value={value} sx={{ textTransform: 'none', color: 'text.secondary' }}>
          {REVIEW_FILTERS.labels[value]}
          {value !== 'noted' || notesLoaded ? ` (${counts[value]})` : ''}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** Spec §2 Exam result: score, counts, time taken and the question review (decision 0037: topics, flags). */
function ResultReport({ result }: { result: ExamResult }) {
  const label = sittingLabel(result);
  // The filter lives in the URL (?show=omitted), so a reload or a shared link keeps it.
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = readReviewFilter(searchParams.get('show'));
  const setFilter = (next: ReviewFilter) => {
    const params = new URLSearchParams(searchParams);
    if (next === 'all') params.delete('show');
    else params.set('show', next);
    void setSearchParams(params, { replace: true, preventScrollReset: true });
  };
  // The learner's notes on these questions, in one call (decision 0059); the editors wait for them.
  const notes = useQuery(resultNotesQueryOptions(result._id));
  const noteOf = new Map((notes.data?.notes ?? []).map((note) => [note.questionId, note]));
  const counts = filterCounts(result.questions, new Set(noteOf.keys()));
  const average = averageSeconds(result.questions);
  const shown = result.questions
    .map((item, index) => ({ item, number: index + 1 }))
    .filter(({ item }) => inFilter(filter, item, noteOf.has(item.questionId)));
  // Until the notes are in, 'Noted' cannot say that none are.
  const emptyLine = shown.length === 0 && (filter !== 'noted' || notes.isSuccess);
  // Peer figures are extra: while they load, or if they fail, the review shows without them.
  const peers = useQuery(resultPeersQueryOptions(result._id));
  const peerOf = peersByQuestion(peers.data);
  // A link from the notebook names a question (#question-{id}): bring it into view once it is there.
  const notesLoaded = notes.isSuccess;
  useEffect(() => {
    const target = window.location.hash.slice(1);
    if (target.startsWith('question-')) document.getElementById(target)?.scrollIntoView();
  }, [notesLoaded]);
  return (
    <Box>
      <Typography component="h1" variant="h4" gutterBottom>
        Exam Results
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, mb: 4, textAlign: 'center' }}>
        <Typography component="h2" variant="h5" sx={{ wordBreak: 'break-word' }}>
          {result.exam.title}
        </Typography>
        {label && (
          <Chip
            label={label}
            color={result.kind === 'practice' ? 'secondary' : 'default'}
            variant="outlined"
            sx={{ mt: 1 }}
          />
        )}
        <Typography
          component="p"
          variant="h2"
          color="primary"
          sx={{ fontWeight: 700, my: 2, fontSize: { xs: '3rem', sm: '3.75rem' } }}
        >
          {formatScore(result.score)}
        </Typography>
        <Typography>{scoreSentence(result.correctAnswers, result.totalQuestions)}</Typography>
        {/* Omitted is not incorrect (decision 0065): the spec's sentence, then the other two apart. */}
        <Typography sx={{ mb: 1 }}>
          Incorrect: {result.incorrectAnswers} · Omitted: {result.omittedAnswers}
        </Typography>
        <Typography color="text.secondary">Time taken: {formatDuration(result.duration)}</Typography>
        <Typography variant="body2" color="text.secondary">
          Completed {formatDateTime(result.completedAt)}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center', mt: 3 }}>
          <Button component={RouterLink} to="/exams/history" variant="contained">
            View All Results
          </Button>
          <Button component={RouterLink} to="/exams" variant="outlined">
            Take Another Exam
          </Button>
        </Stack>
      </Paper>

      {result.topics.length > 1 && <TopicScores topics={result.topics} />}
      {result.certainty && <CertaintyReport certainty={result.certainty} />}

      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 2 }}
      >
        <Typography component="h2" variant="h5">
          Question Review
        </Typography>
        <ReviewFilterControl
          filter={filter}
          counts={counts}
          notesLoaded={notes.isSuccess}
          onChange={setFilter}
        />
      </Stack>
      {notes.isError && (
        <Box sx={{ mb: 2 }}>
          <LoadError
            message={errorMessage(notes.error, 'Your notes could not be loaded')}
            onRetry={() => notes.refetch()}
          />
        </Box>
      )}
      {shown.length > 0 && (
        <Stack component="ol" spacing={2} sx={{ p: 0, m: 0 }}>
          {shown.map(({ item, number }) => (
            <ReviewItem
              key={item.questionId || number}
              item={item}
              number={number}
              resultId={result._id}
              peer={peerOf.get(item.questionId)}
              note={notes.isSuccess ? (noteOf.get(item.questionId) ?? null) : undefined}
              averageSeconds={average}
            />
          ))}
        </Stack>
      )}
      {emptyLine && <Typography color="text.secondary">{emptyFilterText(filter)}</Typography>}
    </Box>
  );
}

function ResultLoading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label="Loading exam result" />
    </Box>
  );
}

/** Spec §2 failures: 'Failed to load exam result' or 'No result found', with 'Back to Exams'. */
function ResultFailure({ error, onRetry }: { error: unknown; onRetry?: () => unknown }) {
  const notFound = error === null || (error instanceof ApiError && error.status === 404);
  return (
    <Box>
      <Typography component="h1" variant="h4" gutterBottom>
        Exam Results
      </Typography>
      <Box sx={{ mb: 2 }}>
        {notFound || !onRetry ? (
          <Alert severity={notFound ? 'warning' : 'error'}>
            {notFound ? 'No result found' : errorMessage(error, 'Failed to load exam result')}
          </Alert>
        ) : (
          <LoadError message={errorMessage(error, 'Failed to load exam result')} onRetry={onRetry} />
        )}
      </Box>
      <Button component={RouterLink} to="/exams" variant="contained">
        Back to Exams
      </Button>
    </Box>
  );
}

/** /exams/results/{id}: one result. */
export function ExamResultView({ resultId }: { resultId: string }) {
  const result = useQuery(resultQueryOptions(resultId));
  if (result.isPending) return <ResultLoading />;
  if (result.isError) return <ResultFailure error={result.error} onRetry={() => result.refetch()} />;
  return <ResultReport result={result.data} />;
}

/** /exams/{id}/result: the learner's newest result for that exam. */
export function LatestExamResult({ examId }: { examId: string }) {
  const latest = useQuery(latestResultIdQueryOptions(examId));
  const resultId = latest.data ?? '';
  const result = useQuery({ ...resultQueryOptions(resultId), enabled: resultId !== '' });
  if (latest.isPending) return <ResultLoading />;
  if (latest.isError) return <ResultFailure error={latest.error} onRetry={() => latest.refetch()} />;
  if (latest.data === null) return <ResultFailure error={null} />;
  if (result.isPending) return <ResultLoading />;
  if (result.isError) return <ResultFailure error={result.error} onRetry={() => result.refetch()} />;
  return <ResultReport result={result.data} />;
}
