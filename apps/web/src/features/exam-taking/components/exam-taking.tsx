import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PauseIcon from '@mui/icons-material/Pause';
import SendIcon from '@mui/icons-material/Send';
import type { ExamResult, MockOutcome, SittingMode } from '@mlp/contract';
import { ApiError, errorMessage, hasErrorCode } from '../../../lib/api-client.ts';
import { isUnreachable, useOnline, whileWaiting } from '../../../lib/use-online.ts';
import {
  answerTutorQuestion,
  restartSitting,
  setAttemptPaused,
  sittingQueryOptions,
  useSubmitSittingMutation,
  type ExamSession,
  type SittingSource,
  type SittingSubmitted,
} from '../api/attempts-api.ts';
import { clearLocalAnswers, readLocalAnswers, restoreAnswers } from '../answers-storage.ts';
import { choiceAt, displayedChoices, displayedRationales } from '../choice-order.ts';
import { answeredCount, flaggedIndices, progressPercent, questionPositionLabel } from '../exam-progress.ts';
import { MODE_NAMES } from '../sitting-modes.ts';
import { useActiveTime } from '../use-active-time.ts';
import { useAnswerAutosave, type SaveRefusal } from '../use-answer-autosave.ts';
import { useCountdown } from '../use-countdown.ts';
import { AnswerReview } from '../../../components/sitting/answer-review.tsx';
import { ChoiceList } from '../../../components/sitting/choice-list.tsx';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { NoteEditor } from '../../../components/notes/note-editor.tsx';
import { questionNoteQueryOptions } from '../../../components/notes/notes-api.ts';
import { KeyboardShortcuts } from '../../../components/sitting/keyboard-shortcuts.tsx';
import {
  hasUncheckedPick,
  isBlocked,
  selectedChoice,
  sittingReducer,
  startSitting,
} from '../../../components/sitting/sitting-state.ts';
import { useChoicesFocus } from '../../../components/sitting/use-choices-focus.ts';
import { useSittingKeys } from '../../../components/sitting/use-sitting-keys.ts';
import {
  NavigatorPanel,
  PreviousNext,
  QuestionPanel,
  SittingColumns,
  SittingProgress,
} from '../../../components/sitting/sitting-frame.tsx';
import {
  CertaintyPicker,
  PausedPanel,
  SaveIndicator,
  SittingClock,
  TimeUpPanel,
  TimeWarning,
  TutorFeedback,
  UncheckedMoveDialog,
  WaitingToSubmitPanel,
} from './sitting-parts.tsx';
import { SubmitExamDialog } from './submit-exam-dialog.tsx';
import { ReportQuestionButton } from '../../../components/question-report/report-question-button.tsx';
import { QuestionDiscussionToggle } from '../../../components/discussion/discussion-entry.tsx';

/** How often a submit waiting for the server is sent again. */
const SUBMIT_RETRY_MS = 5_000;

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

function SittingView({
  source,
  session,
  askSubmit = false,
  onSubmitted,
}: {
  source: SittingSource;
  session: ExamSession;
  /** open the submit dialog at once (Submit in the in-progress list, decision 0063) */
  askSubmit?: boolean;
  onSubmitted: (submitted: SittingSubmitted) => void;
}) {
  const { attempt, choiceOrders } = session;
  const questions = attempt.questions;
  const total = questions.length;
  const tutor = attempt.mode === 'tutor';
  const timed = attempt.mode === 'timed';
  // One state for the sitting (components/sitting/sitting-state.ts); resumed where the learner was (ADR 0018).
  const [state, dispatch] = useReducer(sittingReducer, null, () =>
    startSitting({
      questionIds: questions.map((question) => question._id),
      tutor,
      index: attempt.currentIndex,
      answers: tutor ? {} : restoreAnswers(questions, attempt.answers, readLocalAnswers(attempt._id)),
      reveals: attempt.reveals,
      flags: attempt.flags,
      strikes: attempt.strikes,
      certainties: attempt.certainties,
      paused: attempt.paused,
      confirming: askSubmit,
    }),
  );
  const { index, answers, reveals, flags, strikes, certainties, stage } = state;
  const paused = stage === 'paused';
  const timeUp = stage === 'time-up';
  const submitted = stage === 'submitted';
  const confirmOpen = stage === 'confirming';
  const [pauseBusy, setPauseBusy] = useState(false);
  const [pauseError, setPauseError] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  // Submitted while the server could not be reached (decision 0066): tried again until it answers.
  const [waitingToSubmit, setWaitingToSubmit] = useState(false);
  const online = useOnline();
  const submit = useSubmitSittingMutation(source);

  // Certainty goes with the saves only for learners who mark it (decision 0035).
  const marksCertainty = attempt.certaintyEnabled;
  const progress = useMemo(
    () => ({ answers, currentIndex: index, flags, strikes, ...(marksCertainty ? { certainties } : {}) }),
    [answers, index, flags, strikes, certainties, marksCertainty],
  );
  const [serverProgress] = useState(() => ({
    answers: attempt.answers,
    currentIndex: attempt.currentIndex,
    flags: attempt.flags,
    strikes: attempt.strikes,
    ...(attempt.certaintyEnabled ? { certainties: attempt.certainties } : {}),
  }));

  const finishRef = useRef<() => void>(() => undefined);
  const onRefusal = useCallback((refusal: SaveRefusal) => {
    if (refusal === 'TIME_UP') finishRef.current();
    else dispatch({ type: 'paused', paused: true });
  }, []);
  const autosave = useAnswerAutosave(attempt._id, progress, serverProgress, attempt.saveSeq, onRefusal);
  // Time spent in the exam, by the server's measure (ADR 0018); the page sends heartbeats meanwhile.
  const elapsed = useActiveTime(
    attempt._id,
    attempt.elapsedSeconds,
    index,
    !submitted && !paused && !timeUp && !waitingToSubmit,
  );
  useLeaveWarning(!submitted && !timeUp);

  const sendSubmit = () => {
    autosave.pause();
    submit.mutate(
      // The server ignores `duration` and stores its own measure of active time (ADR 0018).
      { answers, duration: elapsed, attemptId: attempt._id },
      {
        onSuccess: (result) => {
          dispatch({ type: 'submitted' });
          clearLocalAnswers(attempt._id);
          onSubmitted(result);
        },
        // Spec §4: on a submit error the dialog closes and the error is shown. A submit that never reached
        // the server waits for it instead, the answers kept on this device (decision 0066).
        onError: (error) => {
          dispatch({ type: 'confirm', open: false });
          if (isUnreachable(error)) setWaitingToSubmit(true);
          else if (!timeUp) autosave.resume();
        },
      },
    );
  };

  // A timed sitting at zero: submit what there is (inside the server's grace the answers count; after
  // it the server has submitted the saved ones and answers with that result).
  const finish = () => {
    if (timeUp || submitted) return;
    dispatch({ type: 'time-up' });
    sendSubmit();
  };
  const submitRef = useRef(sendSubmit);
  useEffect(() => {
    finishRef.current = finish;
    submitRef.current = sendSubmit;
  });
  // Waiting for the server: the submit is sent again every few seconds and when the browser is back online
  // (a repeat while one is on its way is not sent, lib/use-mutation.ts).
  useEffect(() => {
    if (!waitingToSubmit) return;
    return whileWaiting(() => submitRef.current(), SUBMIT_RETRY_MS);
  }, [waitingToSubmit]);
  // The server's clock (decision 0064): a pause stops the countdown and a resume restarts it from the time
  // left it answers; a timed sitting's pause time left comes with both.
  const [served, setServed] = useState({
    remainingSeconds: attempt.remainingSeconds,
    pauseLeftSeconds: attempt.pauseLeftSeconds,
  });
  const left = useCountdown(timed ? served.remainingSeconds : null, () => finishRef.current(), paused);

  const question = questions[Math.min(index, total - 1)];
  const order = question ? (choiceOrders[question._id] ?? question.choices.map((_, i) => i)) : [];
  const shown = question ? displayedChoices(question.choices, order) : [];
  const unanswered = total - answeredCount(questions, answers);
  const flaggedList = flaggedIndices(questions, flags);
  const reveal = question ? reveals[question._id] : undefined;
  const blocked = isBlocked(state);

  const choose = (position: number) => {
    const choice = question && choiceAt(question.choices, order, position);
    if (question && choice !== undefined) dispatch({ type: 'choose', questionId: question._id, choice });
  };
  const strikeAt = (position: number) => {
    const choice = question && choiceAt(question.choices, order, position);
    if (question && choice !== undefined) dispatch({ type: 'strike', questionId: question._id, choice });
  };
  const toggleFlag = () => {
    if (question) dispatch({ type: 'flag', questionId: question._id });
  };

  // Tutor mode: the picked answer is saved and locked; the server reveals this question's answer.
  const feedbackRef = useRef<HTMLDivElement>(null);
  const [focusFeedback, setFocusFeedback] = useState(false);
  useEffect(() => {
    if (!focusFeedback) return;
    feedbackRef.current?.focus();
  }, [focusFeedback, reveals]);
  const check = () => {
    if (!question || state.checking) return;
    const answer = state.picked[question._id];
    if (answer === undefined) return;
    dispatch({ type: 'check-started' });
    const certainty = certainties[question._id];
    answerTutorQuestion(attempt._id, {
      questionId: question._id,
      answer,
      currentIndex: index,
      ...(marksCertainty && certainty ? { certainty } : {}),
    }).then(
      (revealed) => {
        // The server numbered the locked answer as a save: the next save goes above it.
        autosave.noteServerWrite();
        dispatch({ type: 'revealed', reveal: revealed });
        setFocusFeedback(true);
      },
      (error: unknown) => {
        const stopped = hasErrorCode(error, 'TIME_UP') || hasErrorCode(error, 'PAUSED');
        const message = stopped ? null : errorMessage(error, 'Your answer was not saved. Please try again.');
        dispatch({ type: 'check-failed', message });
        if (hasErrorCode(error, 'TIME_UP')) finish();
        else if (hasErrorCode(error, 'PAUSED')) dispatch({ type: 'paused', paused: true });
      },
    );
  };

  const goTo = useCallback((next: number) => {
    setFocusFeedback(false);
    dispatch({ type: 'go', to: next });
  }, []);

  const resumeRef = useRef<HTMLButtonElement>(null);
  const pauseSitting = async () => {
    setPauseBusy(true);
    setPauseError(null);
    try {
      await autosave.drain();
      autosave.pause();
      setServed(await setAttemptPaused(attempt._id, true));
      dispatch({ type: 'paused', paused: true });
    } catch (error) {
      autosave.resume();
      setPauseError(errorMessage(error, 'The exam could not be paused. Please try again.'));
    } finally {
      setPauseBusy(false);
    }
  };
  const resumeSitting = async () => {
    setPauseBusy(true);
    setPauseError(null);
    try {
      setServed(await setAttemptPaused(attempt._id, false));
      dispatch({ type: 'paused', paused: false });
      autosave.resume();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        // No longer open: its time ran out while paused and the server submitted the saved answers
        // (decision 0064). A submit answers with that result, which the page then shows.
        dispatch({ type: 'paused', paused: false });
        finish();
        return;
      }
      setPauseError(errorMessage(error, 'The exam could not be resumed. Please try again.'));
    } finally {
      setPauseBusy(false);
    }
  };
  useEffect(() => {
    if (paused) resumeRef.current?.focus();
  }, [paused]);

  // The keyboard (decision 0062): 1–6 choose, S then a digit strikes out, F flags, ← → N P move, Enter
  // checks a pick in tutor mode, ? lists them.
  const canCheck = Boolean(question && hasUncheckedPick(state, question._id) && !state.checking);
  useSittingKeys({
    blocked,
    choiceCount: reveal ? 0 : shown.length,
    canCheck,
    choose,
    strike: strikeAt,
    move: (by) => goTo(index + by),
    flag: toggleFlag,
    check,
    help: () => setHelpOpen(true),
  });

  const choicesRef = useChoicesFocus(index, feedbackRef);

  // A failed submit moves focus back to the page; keep the learner's place visible.
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (submit.isError) errorRef.current?.focus();
  }, [submit.isError]);

  if (!question) {
    return <Alert severity="info">This exam has no questions yet. Please try again later.</Alert>;
  }

  const selected = selectedChoice(state, question._id);
  const isFlagged = flags.includes(question._id);
  const positionLabel = questionPositionLabel(index, total);
  /** Submitting asks first (the submit dialog); the last question's button and the navigator's share it. */
  const submitButton = {
    icon: <SendIcon />,
    onClick: () => dispatch({ type: 'confirm', open: true }),
    disabled: submit.isPending,
  };
  // Untimed sittings always; timed ones where the exam allows it, while pause time is left (decision 0064).
  const canPause =
    attempt.pauseAllowed &&
    (served.pauseLeftSeconds === null || served.pauseLeftSeconds > 0) &&
    !submitted &&
    !timeUp;

  const header = (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h1" variant="h5" sx={{ wordBreak: 'break-word' }}>
          {attempt.examTitle}
        </Typography>
        {attempt.mode !== 'exam' && (
          <Chip size="small" label={`${MODE_NAMES[attempt.mode]} mode`} sx={{ mt: 0.5 }} />
        )}
      </Box>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', alignSelf: { xs: 'flex-start', sm: 'center' } }}
      >
        <SittingClock elapsed={elapsed} left={left} />
        {canPause && !paused && (
          <Button
            variant="outlined"
            size="small"
            startIcon={<PauseIcon />}
            onClick={() => void pauseSitting()}
            disabled={pauseBusy || submit.isPending}
          >
            Pause
          </Button>
        )}
      </Stack>
      <TimeWarning left={left} />
    </Stack>
  );

  if (waitingToSubmit) {
    return (
      <Box>
        {header}
        <WaitingToSubmitPanel online={online} busy={submit.isPending} onRetry={sendSubmit} />
      </Box>
    );
  }

  if (timeUp) {
    return (
      <Box>
        {header}
        <TimeUpPanel
          error={submit.isError ? errorMessage(submit.error, 'Error submitting exam') : null}
          onRetry={sendSubmit}
        />
      </Box>
    );
  }

  if (paused) {
    return (
      <Box>
        {header}
        <PausedPanel
          pauseLeftSeconds={timed ? served.pauseLeftSeconds : null}
          busy={pauseBusy}
          error={pauseError}
          onResume={() => void resumeSitting()}
          ref={resumeRef}
        />
      </Box>
    );
  }

  return (
    <Box>
      {header}

      {submit.isError && (
        <Alert severity="error" sx={{ mb: 2 }} ref={errorRef} tabIndex={-1}>
          {errorMessage(submit.error, 'Error submitting exam')}
        </Alert>
      )}
      {pauseError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {pauseError}
        </Alert>
      )}
      {(!online || autosave.state === 'retrying') && (
        <Alert severity="warning" role="status" sx={{ mb: 2 }}>
          {online
            ? 'The server cannot be reached right now. Your answers are kept on this device and saved as soon as it answers.'
            : 'You are offline. Your answers are kept on this device and saved as soon as the connection is back.'}
        </Alert>
      )}
      {autosave.state === 'stale' && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              Reload
            </Button>
          }
        >
          This exam was saved from another tab or device since this page opened, so changes here are not
          saved. Reload to continue from the latest save.
        </Alert>
      )}

      <SittingProgress
        positionLabel={positionLabel}
        percent={progressPercent(index, total)}
        label="Exam progress"
        aside={<SaveIndicator state={autosave.state} />}
      />

      <SittingColumns>
        <QuestionPanel question={question} headingId="question-text" flagged={isFlagged} onFlag={toggleFlag}>
          {tutor && reveal ? (
            <>
              <TutorFeedback reveal={reveal} ref={feedbackRef} />
              {/* In the order this page shows the choices: the reveal's rationales follow `question.choices`. */}
              <AnswerReview
                {...reveal}
                choices={shown}
                rationales={displayedRationales(reveal.rationales, question.choices.length, order)}
                headingLevel={3}
              />
            </>
          ) : (
            <ChoiceList
              ref={choicesRef}
              choices={shown}
              selected={selected}
              struck={strikes[question._id] ?? []}
              onChoose={choose}
              onStrike={(choice) => dispatch({ type: 'strike', questionId: question._id, choice })}
            />
          )}

          {marksCertainty && (
            <CertaintyPicker
              key={question._id}
              value={certainties[question._id]}
              disabled={blocked || Boolean(reveal)}
              onChange={(value) =>
                dispatch({ type: 'certainty', questionId: question._id, certainty: value ?? null })
              }
            />
          )}
          {tutor && !reveal && (
            <Box sx={{ mt: 2 }}>
              {state.checkError && (
                <Alert severity="error" sx={{ mb: 1.5 }}>
                  {state.checkError}
                </Alert>
              )}
              <Button variant="contained" onClick={check} disabled={selected === undefined || state.checking}>
                {state.checking ? 'Checking…' : 'Check answer'}
              </Button>
            </Box>
          )}
          {tutor && reveal && (
            // Once the answer is locked, the learner can report the question.
            <ReportQuestionButton
              key={`report-${question._id}`}
              questionId={question._id}
              questionNumber={index + 1}
            />
          )}
          {tutor && reveal && (
            // …and keep a private note on it (decision 0059).
            <TutorNote key={`note-${question._id}`} questionId={question._id} questionNumber={index + 1} />
          )}
          {tutor && reveal && (
            // …and discuss it (decision 0056): the server opens a question's discussion once it is answered.
            <QuestionDiscussionToggle
              key={`discussion-${question._id}`}
              questionId={question._id}
              questionNumber={index + 1}
              headingLevel={3}
            />
          )}

          <PreviousNext
            index={index}
            total={total}
            onGo={goTo}
            finish={{ ...submitButton, label: 'Submit' }}
          />
          <KeyboardShortcuts
            open={helpOpen}
            onOpen={() => setHelpOpen(true)}
            onClose={() => setHelpOpen(false)}
            choiceCount={shown.length}
            tutor={tutor}
          />
        </QuestionPanel>

        <NavigatorPanel
          headingId="navigator-heading"
          questions={questions}
          answers={answers}
          flags={flags}
          current={index}
          onSelect={goTo}
          finishEarly={{ ...submitButton, label: 'Submit now' }}
        />
      </SittingColumns>

      <SubmitExamDialog
        open={confirmOpen}
        unanswered={unanswered}
        flagged={flaggedList.length}
        submitting={submit.isPending}
        onCancel={() => dispatch({ type: 'confirm', open: false })}
        onSubmit={sendSubmit}
        onReviewFlagged={() => {
          dispatch({ type: 'confirm', open: false });
          const first = flaggedList[0];
          if (first !== undefined) dispatch({ type: 'go', to: first, force: true });
        }}
      />
      <UncheckedMoveDialog
        open={state.pendingMove !== null}
        onStay={() => dispatch({ type: 'move-cancelled' })}
        onMove={() => {
          setFocusFeedback(false);
          dispatch({ type: 'move-confirmed' });
        }}
      />
    </Box>
  );
}

/** Tutor mode, once a question is answered: the learner's note on it (decision 0059), loaded on its own. */
function TutorNote({ questionId, questionNumber }: { questionId: string; questionNumber: number }) {
  const note = useQuery(questionNoteQueryOptions(questionId));
  // A failed load shows no editor, so an empty one never replaces a note it did not load.
  if (!note.isSuccess) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <NoteEditor
        questionId={questionId}
        questionNumber={questionNumber}
        note={note.data.note}
        headingLevel={3}
      />
    </Box>
  );
}

/** Where a failed load sends the learner, and with what words. */
function loadFailure(source: SittingSource, error: unknown) {
  if (source.kind === 'mock')
    return hasErrorCode(error, 'TIME_UP')
      ? {
          severity: 'info' as const,
          to: `/mocks/${encodeURIComponent(source.mockId)}/result`,
          action: 'When are results out?',
        }
      : { severity: 'warning' as const, to: '/dashboard', action: 'Back to dashboard' };
  const examPath = source.kind === 'exam' ? `/exams/${encodeURIComponent(source.examId)}` : '/practice';
  if (hasErrorCode(error, 'ATTEMPT_IN_PROGRESS') && source.kind === 'exam')
    return { severity: 'warning' as const, to: `${examPath}/take`, action: 'Resume it' };
  if (hasErrorCode(error, 'TIME_UP') && source.kind === 'exam')
    return { severity: 'info' as const, to: `${examPath}/result`, action: 'View result' };
  if (source.kind === 'practice')
    return { severity: 'warning' as const, to: '/practice', action: 'Build a practice set' };
  const forbidden = error instanceof ApiError && error.status === 403;
  return {
    severity: forbidden ? ('warning' as const) : ('error' as const),
    to: examPath,
    action: forbidden ? 'View exam' : 'Back to exam',
  };
}

/**
 * An exam asked for in another mode than its open sitting's (decision 0063): resume the open one, or start a
 * new one in its place (asked first; the server discards the open one in the same transaction).
 */
function StartNewInstead({ source }: { source: Extract<SittingSource, { kind: 'exam' }> }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const restart = () => {
    setBusy(true);
    setError(null);
    restartSitting(source.examId, source.mode).then(
      (session) => queryClient.setQueryData(sittingQueryOptions(source).queryKey, session),
      (failure: unknown) => {
        setBusy(false);
        setError(errorMessage(failure, 'A new sitting could not be started. Please try again.'));
      },
    );
  };
  return (
    <>
      <Button color="inherit" size="small" onClick={() => setAsking(true)}>
        Start a new one
      </Button>
      <ConfirmDialog
        open={asking}
        title="Start a new sitting?"
        message="Are you sure you want to start this exam again?"
        details="The sitting in progress is discarded: its answers are deleted and it will not count as a result."
        confirmLabel="Start a new one"
        busyLabel="Starting..."
        busy={busy}
        error={error}
        onClose={() => setAsking(false)}
        onConfirm={restart}
      />
    </>
  );
}

/** Starts or resumes the sitting, then shows it; loading and failures in between. */
function Sitting({
  source,
  askSubmit,
  onSubmitted,
}: {
  source: SittingSource;
  askSubmit?: boolean | undefined;
  onSubmitted: (submitted: SittingSubmitted) => void;
}) {
  const session = useQuery(sittingQueryOptions(source));

  if (session.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading exam" />
      </Box>
    );
  }

  if (session.isError) {
    const failure = loadFailure(source, session.error);
    const otherMode = source.kind === 'exam' && hasErrorCode(session.error, 'ATTEMPT_IN_PROGRESS');
    return (
      <Alert
        severity={failure.severity}
        action={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button component={RouterLink} to={failure.to} color="inherit" size="small">
              {failure.action}
            </Button>
            {otherMode && source.kind === 'exam' && <StartNewInstead source={source} />}
          </Stack>
        }
      >
        {errorMessage(session.error, 'Error fetching exam')}
      </Alert>
    );
  }

  return (
    <SittingView
      key={session.data.attempt._id}
      source={source}
      session={session.data}
      askSubmit={askSubmit ?? false}
      onSubmitted={onSubmitted}
    />
  );
}

/**
 * Spec §2 Exam taking: starts or resumes the attempt (in the mode asked for, decision 0037), then shows one
 * question at a time with a timer (a countdown when timed), progress, shuffled choices, flags, struck
 * options, tutor feedback, pause, a navigator and a confirm-before-submit dialog.
 */
export function ExamTaking({
  examId,
  mode,
  askSubmit,
  onSubmitted,
}: {
  examId: string;
  mode?: SittingMode | undefined;
  askSubmit?: boolean | undefined;
  onSubmitted: (result: ExamResult) => void;
}) {
  return (
    <Sitting
      source={{ kind: 'exam', examId, mode }}
      askSubmit={askSubmit}
      onSubmitted={(done) => done.kind === 'result' && onSubmitted(done.result)}
    />
  );
}

/** A practice set (decision 0037), sat in the same screen as an exam and submitted to the practice API. */
export function PracticeTaking({
  attemptId,
  askSubmit,
  onSubmitted,
}: {
  attemptId: string;
  askSubmit?: boolean | undefined;
  onSubmitted: (result: ExamResult) => void;
}) {
  return (
    <Sitting
      source={{ kind: 'practice', attemptId }}
      askSubmit={askSubmit}
      onSubmitted={(done) => done.kind === 'result' && onSubmitted(done.result)}
    />
  );
}

/**
 * A live mock's one timed sitting (decision 0077), in the same screen: no pause; its submit answers the
 * mock's outcome (before the release, only when results come out).
 */
export function MockTaking({
  mockId,
  onSubmitted,
}: {
  mockId: string;
  onSubmitted: (outcome: MockOutcome) => void;
}) {
  return (
    <Sitting
      source={{ kind: 'mock', mockId }}
      onSubmitted={(done) => done.kind === 'mock' && onSubmitted(done.outcome)}
    />
  );
}
