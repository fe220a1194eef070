import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import SendIcon from '@mui/icons-material/Send';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import type { Answers, ExamResult } from '@mlp/contract';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatDuration } from '../../../lib/format.ts';
import { examSessionQueryOptions, useSubmitExamMutation, type ExamSession } from '../api/attempts-api.ts';
import { clearLocalAnswers, readLocalAnswers, restoreAnswers } from '../answers-storage.ts';
import { choiceAt, displayedChoices } from '../choice-order.ts';
import {
  answeredCount,
  keyToChoicePosition,
  progressPercent,
  questionPositionLabel,
} from '../exam-progress.ts';
import { useActiveTime } from '../use-active-time.ts';
import { SAVE_STATE_TEXT, useAnswerAutosave, type SaveState } from '../use-answer-autosave.ts';
import { QuestionNavigator } from './question-navigator.tsx';
import { SubmitExamDialog } from './submit-exam-dialog.tsx';
import { QuestionImage } from '../../../components/question-image.tsx';

/** Warns before closing or reloading the tab while the exam is in progress. */
function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

/** Keys typed into a field, or used inside a dialog or menu, are not exam shortcuts. */
function isOutsideShortcutScope(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return target.closest('[role="dialog"], [role="menu"], [role="listbox"]') !== null;
}

function SaveIndicator({ state }: { state: SaveState }) {
  const text = SAVE_STATE_TEXT[state];
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minHeight: 24 }} role="status">
      {state === 'saved' && <CloudDoneOutlinedIcon fontSize="small" color="success" aria-hidden="true" />}
      {state === 'retrying' && <CloudOffOutlinedIcon fontSize="small" color="warning" aria-hidden="true" />}
      {state === 'saving' && <CircularProgress size={14} aria-hidden="true" />}
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Stack>
  );
}

function ExamSessionView({
  examId,
  session,
  onSubmitted,
}: {
  examId: string;
  session: ExamSession;
  onSubmitted: (result: ExamResult) => void;
}) {
  const { attempt, choiceOrders } = session;
  const questions = attempt.questions;
  const total = questions.length;
  // Resume on the question the learner was on (ADR 0018).
  const [index, setIndex] = useState(() =>
    Math.min(Math.max(attempt.currentIndex, 0), Math.max(total - 1, 0)),
  );
  const [answers, setAnswers] = useState<Answers>(() =>
    restoreAnswers(questions, attempt.answers, readLocalAnswers(attempt._id)),
  );
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const submit = useSubmitExamMutation(examId);
  const progress = useMemo(() => ({ answers, currentIndex: index }), [answers, index]);
  const [serverProgress] = useState(() => ({ answers: attempt.answers, currentIndex: attempt.currentIndex }));
  const autosave = useAnswerAutosave(attempt._id, progress, serverProgress);
  // Time spent in the exam, by the server's measure (ADR 0018); the page sends heartbeats meanwhile.
  const elapsed = useActiveTime(attempt._id, attempt.elapsedSeconds, index, !submitted);
  useLeaveWarning(!submitted);

  const question = questions[Math.min(index, total - 1)];
  const order = question ? (choiceOrders[question._id] ?? question.choices.map((_, i) => i)) : [];
  const shown = question ? displayedChoices(question.choices, order) : [];
  const isLast = index >= total - 1;
  const unanswered = total - answeredCount(questions, answers);

  const choose = (position: number) => {
    if (!question) return;
    const text = choiceAt(question.choices, order, position);
    if (text === undefined) return;
    setAnswers((current) =>
      current[question._id] === text ? current : { ...current, [question._id]: text },
    );
  };

  const goTo = useCallback((next: number) => setIndex(Math.min(Math.max(next, 0), total - 1)), [total]);

  const confirmSubmit = () => {
    autosave.pause();
    submit.mutate(
      // The server ignores `duration` and stores its own measure of active time (ADR 0018).
      { answers, duration: elapsed, attemptId: attempt._id },
      {
        onSuccess: (result) => {
          setSubmitted(true);
          clearLocalAnswers(attempt._id);
          onSubmitted(result);
        },
        // Spec §4: on a submit error the dialog closes and the error is shown.
        onError: () => {
          setConfirmOpen(false);
          autosave.resume();
        },
      },
    );
  };

  // Keyboard answering: 1–6 pick a choice, ←/→ move between questions.
  const keyState = useRef({
    choose,
    goTo,
    index,
    shownCount: shown.length,
    blocked: confirmOpen || submitted,
  });
  useEffect(() => {
    keyState.current = { choose, goTo, index, shownCount: shown.length, blocked: confirmOpen || submitted };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const state = keyState.current;
      if (state.blocked || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isOutsideShortcutScope(event.target)) return;
      const position = keyToChoicePosition(event.key, state.shownCount);
      if (position !== null) {
        event.preventDefault();
        state.choose(position);
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        state.goTo(state.index - 1);
      } else if (event.key === 'ArrowRight') {
        event.preventDefault();
        state.goTo(state.index + 1);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // Moving to another question can remove the focused control (a choice the next question does not
  // have, Next turning into Submit): keep focus on the question's choices instead of losing it to the page.
  const choicesRef = useRef<HTMLDivElement>(null);
  const shownIndex = useRef(index);
  useEffect(() => {
    if (shownIndex.current === index) return;
    shownIndex.current = index;
    const active = document.activeElement;
    if (active === null || active === document.body) choicesRef.current?.querySelector('button')?.focus();
  }, [index]);

  // A failed submit moves focus back to the page; keep the learner's place visible.
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (submit.isError) errorRef.current?.focus();
  }, [submit.isError]);

  if (!question) {
    return <Alert severity="info">This exam has no questions yet. Please try again later.</Alert>;
  }

  const selected = answers[question._id];
  const positionLabel = questionPositionLabel(index, total);

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Typography component="h1" variant="h5" sx={{ wordBreak: 'break-word' }}>
          {attempt.examTitle}
        </Typography>
        <Chip
          icon={<TimerOutlinedIcon />}
          label={
            <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
              <VisuallyHidden>Elapsed time </VisuallyHidden>
              {formatDuration(elapsed)}
            </Box>
          }
          variant="outlined"
          role="timer"
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, fontSize: '1rem' }}
        />
      </Stack>

      {submit.isError && (
        <Alert severity="error" sx={{ mb: 2 }} ref={errorRef} tabIndex={-1}>
          {errorMessage(submit.error, 'Error submitting exam')}
        </Alert>
      )}

      <Box sx={{ mb: 3 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography sx={{ fontWeight: 600 }} aria-live="polite">
            {positionLabel}
          </Typography>
          <SaveIndicator state={autosave.state} />
        </Stack>
        <LinearProgress
          variant="determinate"
          value={progressPercent(index, total)}
          aria-label="Exam progress"
          aria-valuetext={positionLabel}
          sx={{ height: 8, borderRadius: 4 }}
        />
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="question-text"
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Typography
            id="question-text"
            component="h2"
            variant="h6"
            sx={{
              mb: 2,
              whiteSpace: 'pre-line',
              wordBreak: 'break-word',
              fontSize: { xs: '1.1rem', sm: '1.25rem' },
            }}
          >
            {question.question}
          </Typography>
          {question.image && (
            <Box sx={{ mb: 2 }}>
              <QuestionImage key={question._id} image={question.image} eager />
            </Box>
          )}
          <Stack spacing={1.5} role="group" aria-label="Choices" ref={choicesRef}>
            {shown.map((choice, position) => {
              const isSelected = selected === choice;
              return (
                <Button
                  // Keyed by position, so the focused choice stays focused when the question changes.
                  key={position}
                  variant={isSelected ? 'contained' : 'outlined'}
                  aria-pressed={isSelected}
                  onClick={() => choose(position)}
                  fullWidth
                  size="large"
                  endIcon={isSelected ? <CheckIcon /> : undefined}
                  sx={{
                    justifyContent: 'flex-start',
                    textAlign: 'left',
                    fontWeight: isSelected ? 700 : 500,
                    py: 1.25,
                    // A clear focus ring, not just the faint ripple (issue 15.9).
                    '&.Mui-focusVisible, &:focus-visible': {
                      outline: '3px solid',
                      outlineColor: 'text.primary',
                      outlineOffset: '2px',
                    },
                  }}
                >
                  <Box
                    component="span"
                    aria-hidden="true"
                    sx={{
                      flexShrink: 0,
                      width: 28,
                      height: 28,
                      mr: 1.5,
                      borderRadius: '50%',
                      border: '1px solid currentColor',
                      display: 'inline-flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                      fontSize: '0.85rem',
                    }}
                  >
                    {position + 1}
                  </Box>
                  <Box component="span" sx={{ flexGrow: 1, wordBreak: 'break-word' }}>
                    {choice}
                  </Box>
                </Button>
              );
            })}
          </Stack>

          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between', mt: 3 }}>
            <Button
              variant="outlined"
              startIcon={<ChevronLeftIcon />}
              onClick={() => goTo(index - 1)}
              disabled={index === 0}
            >
              Previous
            </Button>
            {isLast ? (
              <Button
                variant="contained"
                color="secondary"
                endIcon={<SendIcon />}
                onClick={() => setConfirmOpen(true)}
                disabled={submit.isPending}
              >
                Submit
              </Button>
            ) : (
              <Button variant="contained" endIcon={<ChevronRightIcon />} onClick={() => goTo(index + 1)}>
                Next
              </Button>
            )}
          </Stack>
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: { xs: 'none', sm: 'block' }, mt: 2 }}
          >
            Keyboard: press 1–{Math.min(shown.length, 6)} to choose an answer, ← and → to move between
            questions.
          </Typography>
        </Paper>

        <Paper
          variant="outlined"
          component="aside"
          aria-labelledby="navigator-heading"
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Typography id="navigator-heading" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            Questions
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {total - unanswered} of {total} answered
          </Typography>
          <QuestionNavigator questions={questions} answers={answers} current={index} onSelect={goTo} />
        </Paper>
      </Box>

      <SubmitExamDialog
        open={confirmOpen}
        unanswered={unanswered}
        submitting={submit.isPending}
        onCancel={() => setConfirmOpen(false)}
        onSubmit={confirmSubmit}
      />
    </Box>
  );
}

/**
 * Spec §2 Exam taking: starts or resumes the attempt, then shows one question at a time with a timer,
 * progress, shuffled choices, a navigator and a confirm-before-submit dialog.
 */
export function ExamTaking({
  examId,
  onSubmitted,
}: {
  examId: string;
  onSubmitted: (result: ExamResult) => void;
}) {
  const session = useQuery(examSessionQueryOptions(examId));
  const examPath = `/exams/${encodeURIComponent(examId)}`;

  if (session.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading exam" />
      </Box>
    );
  }

  if (session.isError) {
    const forbidden = session.error instanceof ApiError && session.error.status === 403;
    return (
      <Alert
        severity={forbidden ? 'warning' : 'error'}
        action={
          <Button component={RouterLink} to={examPath} color="inherit" size="small">
            {forbidden ? 'View exam' : 'Back to exam'}
          </Button>
        }
      >
        {errorMessage(session.error, 'Error fetching exam')}
      </Alert>
    );
  }

  return (
    <ExamSessionView
      key={session.data.attempt._id}
      examId={examId}
      session={session.data}
      onSubmitted={onSubmitted}
    />
  );
}
