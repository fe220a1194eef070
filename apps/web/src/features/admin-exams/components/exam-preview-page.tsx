import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ReplayIcon from '@mui/icons-material/Replay';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import type { Answers, ExamPreview, PreviewQuestion } from '@mlp/contract';
import { CentredPanel } from '../../../components/centred-panel.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader, SectionCard } from '../../../components/page-sections.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { AnswerReview } from '../../../components/sitting/answer-review.tsx';
import { ChoiceList } from '../../../components/sitting/choice-list.tsx';
import { KeyboardShortcuts } from '../../../components/sitting/keyboard-shortcuts.tsx';
import { sittingReducer, startSitting } from '../../../components/sitting/sitting-state.ts';
import { useChoicesFocus } from '../../../components/sitting/use-choices-focus.ts';
import { useSittingKeys } from '../../../components/sitting/use-sitting-keys.ts';
import {
  NavigatorPanel,
  PreviousNext,
  QuestionPanel,
  ReviewedStem,
  SittingColumns,
  SittingProgress,
} from '../../../components/sitting/sitting-frame.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { examPreviewQueryOptions } from '../api/exams-api.ts';
import {
  previewDrawText,
  previewOutcome,
  previewReveal,
  previewScore,
  type PreviewOutcome,
} from '../preview-rules.ts';

/** Said on every state of the page: nothing here reaches the learner's records (decision 0043). */
const BANNER = 'Preview — nothing you answer here is saved.';

const OUTCOME_TEXT: Record<PreviewOutcome, string> = {
  correct: 'Correct',
  incorrect: 'Incorrect',
  unanswered: 'Not answered',
};
const OUTCOME_COLOUR = { correct: 'success', incorrect: 'error', unanswered: 'default' } as const;

function BackToExam({ examId, variant = 'text' }: { examId: string; variant?: 'text' | 'outlined' }) {
  return (
    <Button
      component={RouterLink}
      to={`/admin/exams/${examId}/edit`}
      variant={variant}
      startIcon={<ArrowBackIcon />}
    >
      Back to the exam
    </Button>
  );
}

function PreviewBanner({ preview }: { preview?: ExamPreview | undefined }) {
  return (
    <Alert
      severity="info"
      icon={<VisibilityOutlinedIcon />}
      sx={{ mb: 3, '& .MuiAlert-message': { minWidth: 0 } }}
    >
      <AlertTitle sx={{ fontWeight: 700, mb: preview ? 0.5 : 0 }}>{BANNER}</AlertTitle>
      {preview && preview.questions.length > 0 && (
        <>
          {previewDrawText(preview)} Pending and rejected questions are never served.
          {!preview.isActive && ' This exam is a draft: learners cannot take it until it is published.'}
        </>
      )}
    </Alert>
  );
}

/** One question at a time, as in a learner's sitting: choices, strike-outs, flags, a navigator; nothing saved. */
function PreviewSitting({ preview, onCheck }: { preview: ExamPreview; onCheck: (answers: Answers) => void }) {
  const questions = preview.questions;
  const total = questions.length;
  // The learner's sitting state (components/sitting/sitting-state.ts): the same rules for choosing,
  // striking out (striking the chosen option takes the answer back) and flagging.
  const [state, dispatch] = useReducer(sittingReducer, null, () =>
    startSitting({ questionIds: questions.map((question) => question._id) }),
  );
  const [helpOpen, setHelpOpen] = useState(false);
  const { index, answers, strikes, flags } = state;
  const question = questions[index] as PreviewQuestion;
  const isFlagged = flags.includes(question._id);

  const goTo = useCallback((next: number) => dispatch({ type: 'go', to: next }), []);
  const choose = (position: number) => {
    const choice = question.choices[position];
    if (choice !== undefined) dispatch({ type: 'choose', questionId: question._id, choice });
  };
  const strike = (choice: string) => dispatch({ type: 'strike', questionId: question._id, choice });
  const toggleFlag = () => dispatch({ type: 'flag', questionId: question._id });

  // The learner's shortcuts (decision 0062).
  useSittingKeys({
    blocked: false,
    choiceCount: question.choices.length,
    canCheck: false,
    choose,
    strike: (position) => {
      const choice = question.choices[position];
      if (choice !== undefined) strike(choice);
    },
    move: (by) => goTo(index + by),
    flag: toggleFlag,
    check: () => undefined,
    help: () => setHelpOpen(true),
  });

  const choicesRef = useChoicesFocus(index);

  const finish = { label: 'Check answers', icon: <DoneAllIcon />, onClick: () => onCheck(answers) };

  return (
    <>
      <SittingProgress
        positionLabel={`Question ${index + 1} of ${total}`}
        percent={((index + 1) / total) * 100}
        label="Preview progress"
      />
      <SittingColumns>
        <QuestionPanel
          question={question}
          headingId="preview-question-text"
          flagged={isFlagged}
          onFlag={toggleFlag}
        >
          <ChoiceList
            ref={choicesRef}
            choices={question.choices}
            selected={answers[question._id]}
            struck={strikes[question._id] ?? []}
            onChoose={choose}
            onStrike={strike}
          />
          <PreviousNext index={index} total={total} onGo={goTo} finish={finish} />
          <KeyboardShortcuts
            open={helpOpen}
            onOpen={() => setHelpOpen(true)}
            onClose={() => setHelpOpen(false)}
            choiceCount={question.choices.length}
            tutor={false}
          />
        </QuestionPanel>

        <NavigatorPanel
          headingId="preview-navigator-heading"
          questions={questions}
          answers={answers}
          flags={flags}
          current={index}
          onSelect={goTo}
          finishEarly={finish}
        />
      </SittingColumns>
    </>
  );
}

/** After 'Check answers': the score, then every question with the right answer, the pick and why. */
function PreviewChecked({
  preview,
  answers,
  again,
}: {
  preview: ExamPreview;
  answers: Answers;
  again: { busy: boolean; onClick: () => void };
}) {
  const score = previewScore(preview.questions, answers);
  const scoreRef = useRef<HTMLHeadingElement>(null);
  // The page changed under the button that was pressed: start reading at the score.
  useEffect(() => {
    scoreRef.current?.focus();
  }, []);
  return (
    <Stack spacing={2}>
      <SectionCard
        title={`Score: ${score.right} of ${score.total} (${score.percent}%)`}
        titleVariant="h5"
        // Clear of the admin layout's fixed top bar when it takes the focus.
        titleSx={{ outline: 'none', scrollMarginTop: '88px' }}
        headingId="preview-score"
        headingRef={scoreRef}
      >
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Marked as a learner&apos;s answers would be. Nothing was saved: no result, no statistics.
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
          <BackToExam examId={preview.examId} variant="outlined" />
          <Button variant="outlined" startIcon={<ReplayIcon />} onClick={again.onClick} disabled={again.busy}>
            {again.busy ? 'Drawing…' : 'Preview again'}
          </Button>
        </Stack>
      </SectionCard>
      {preview.questions.map((question, index) => {
        const outcome = previewOutcome(question, answers);
        const reveal = previewReveal(question, answers);
        const headingId = `preview-answer-${question._id}`;
        return (
          <Paper
            key={question._id}
            variant="outlined"
            component="article"
            aria-labelledby={headingId}
            sx={{ p: { xs: 2, sm: 3 } }}
          >
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}
            >
              <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                {`Question ${index + 1}`}
                <VisuallyHidden>{`: ${OUTCOME_TEXT[outcome]}`}</VisuallyHidden>
              </Typography>
              <Chip
                size="small"
                variant="outlined"
                color={OUTCOME_COLOUR[outcome]}
                label={OUTCOME_TEXT[outcome]}
                aria-hidden="true"
              />
            </Stack>
            <ReviewedStem question={question} />
            {/* The preview's choices come in the shown order, and the reveal's rationales with them. */}
            <AnswerReview
              {...reveal}
              choices={question.choices}
              answer={reveal.answer || null}
              headingLevel={4}
            />
          </Paper>
        );
      })}
    </Stack>
  );
}

/** A draw of the exam, sat and then checked; a new draw starts afresh. */
function PreviewRun({
  preview,
  again,
}: {
  preview: ExamPreview;
  again: { busy: boolean; onClick: () => void };
}) {
  const [checked, setChecked] = useState<Answers | null>(null);
  if (checked) return <PreviewChecked preview={preview} answers={checked} again={again} />;
  return <PreviewSitting preview={preview} onCheck={setChecked} />;
}

/**
 * Preview as a learner (decision 0043): the exam as a learner's sitting would serve it — approved
 * questions only, drawn and shuffled by the server as for a learner — one question at a time, with
 * 'Check answers' marking it here. Nothing is sent back: no attempt, no result, no statistics.
 */
export function ExamPreviewPage({ examId }: { examId: string }) {
  const preview = useQuery(examPreviewQueryOptions(examId));
  const back = <BackToExam examId={examId} />;

  if (preview.isPending) {
    return (
      <>
        <PageHeader title="Preview as a learner" actions={back} />
        <PreviewBanner />
        <PageLoading label="Loading preview" />
      </>
    );
  }

  if (preview.isError) {
    return (
      <>
        <PageHeader title="Preview as a learner" actions={back} />
        <PreviewBanner />
        <LoadError
          message={errorMessage(preview.error, 'Error fetching exam')}
          onRetry={() => preview.refetch()}
        />
      </>
    );
  }

  const data = preview.data;
  return (
    <>
      <PageHeader title="Preview as a learner" subtitle={data.examTitle} actions={back} />
      <PreviewBanner preview={data} />
      {data.questions.length === 0 ? (
        <CentredPanel headingId="preview-empty">
          <Typography id="preview-empty" component="h2" variant="h6">
            No questions to preview yet
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
            Learners are only ever served approved questions, and this exam has none. Add questions, or
            approve AI drafts, then preview it again.
          </Typography>
          <BackToExam examId={examId} variant="outlined" />
        </CentredPanel>
      ) : (
        <PreviewRun
          key={preview.dataUpdatedAt}
          preview={data}
          again={{ busy: preview.isFetching, onClick: () => void preview.refetch() }}
        />
      )}
    </>
  );
}
