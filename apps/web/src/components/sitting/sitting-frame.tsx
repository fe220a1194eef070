import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import FlagIcon from '@mui/icons-material/Flag';
import OutlinedFlagIcon from '@mui/icons-material/OutlinedFlag';
import type { Answers, QuestionImage as QuestionImageData } from '@mlp/contract';
import { QuestionImage } from '../question-image.tsx';
import { QuestionNavigator } from './question-navigator.tsx';

/*
 * The frame of a sitting, one question at a time: the learner's sitting and the administrator's preview
 * (decision 0043) show a question the same way; only what goes inside the frame differs.
 */

/** 'Question 3 of 25' and a bar, above the question. `aside` stands on the right of the words. */
export function SittingProgress({
  positionLabel,
  percent,
  label,
  aside,
}: {
  positionLabel: string;
  percent: number;
  /** the bar's accessible name */
  label: string;
  aside?: ReactNode;
}) {
  return (
    <Box sx={{ mb: 3 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography sx={{ fontWeight: 600 }} aria-live="polite">
          {positionLabel}
        </Typography>
        {aside}
      </Stack>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={label}
        aria-valuetext={positionLabel}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

/** The question on the left, the navigator on the right (below it on a phone). */
export function SittingColumns({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}

/** A question's words and image, as a sitting shows them (the image loads at once: it is on screen). */
export function QuestionStem({
  question,
  headingId,
}: {
  question: { _id: string; question: string; image?: QuestionImageData | null | undefined };
  headingId: string;
}) {
  return (
    <>
      <Typography
        id={headingId}
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
    </>
  );
}

/**
 * A question's words and image where it is read rather than sat (a review, a sample): plain text, the
 * image loaded when scrolled to. `gap` is the space below each; `bold` sets the words apart from the options.
 */
export function ReviewedStem({
  question,
  gap = 2,
  bold = false,
}: {
  question: { question: string; image?: QuestionImageData | null | undefined };
  gap?: number;
  bold?: boolean;
}) {
  return (
    <>
      <Typography
        sx={{
          ...(bold && { fontWeight: 600 }),
          mb: gap,
          whiteSpace: 'pre-line',
          wordBreak: 'break-word',
        }}
      >
        {question.question}
      </Typography>
      {question.image && (
        <Box sx={{ mb: gap }}>
          <QuestionImage image={question.image} />
        </Box>
      )}
    </>
  );
}

/** The current question: its topic and flag, its words and image, then `children` (the choices, and more). */
export function QuestionPanel({
  question,
  headingId,
  flagged,
  onFlag,
  children,
}: {
  question: { _id: string; topic: string; question: string; image?: QuestionImageData | null | undefined };
  headingId: string;
  flagged: boolean;
  onFlag: () => void;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}
      >
        <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          Topic: {question.topic}
        </Typography>
        <Button
          size="small"
          variant={flagged ? 'contained' : 'outlined'}
          aria-pressed={flagged}
          startIcon={flagged ? <FlagIcon /> : <OutlinedFlagIcon />}
          onClick={onFlag}
          sx={{ flexShrink: 0 }}
        >
          {flagged ? 'Flagged' : 'Flag'}
        </Button>
      </Stack>
      <QuestionStem question={question} headingId={headingId} />
      {children}
    </Paper>
  );
}

/** How a sitting ends (Submit, Check answers): the button's words and icon, and what it does. */
export interface SittingFinish {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}

/** A way to finish as a button in the secondary colour, its icon after the words. */
function FinishButton({
  finish,
  ...button
}: { finish: SittingFinish } & Pick<ButtonProps, 'variant' | 'fullWidth' | 'sx'>) {
  return (
    <Button
      {...button}
      color="secondary"
      endIcon={finish.icon}
      onClick={finish.onClick}
      disabled={finish.disabled ?? false}
    >
      {finish.label}
    </Button>
  );
}

/** Previous, and Next — or, on the last question, the `finish` button (Submit, Check answers). */
export function PreviousNext({
  index,
  total,
  onGo,
  finish,
}: {
  index: number;
  total: number;
  onGo: (index: number) => void;
  finish: SittingFinish;
}) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between', mt: 3 }}>
      <Button
        variant="outlined"
        startIcon={<ChevronLeftIcon />}
        onClick={() => onGo(index - 1)}
        disabled={index === 0}
      >
        Previous
      </Button>
      {index >= total - 1 ? (
        <FinishButton finish={finish} variant="contained" />
      ) : (
        <Button variant="contained" endIcon={<ChevronRightIcon />} onClick={() => onGo(index + 1)}>
          Next
        </Button>
      )}
    </Stack>
  );
}

/** The navigator beside the question: how many are answered and flagged, and a button for each question. */
export function NavigatorPanel({
  headingId,
  questions,
  answers,
  flags,
  current,
  onSelect,
  finishEarly,
}: {
  headingId: string;
  questions: ReadonlyArray<{ _id: string }>;
  answers: Answers;
  flags: readonly string[];
  current: number;
  onSelect: (index: number) => void;
  /** below the grid, when there is more than one question: a button to finish before the last */
  finishEarly: SittingFinish;
}) {
  const total = questions.length;
  // Counted among the served questions only: a stored answer or flag of another question does not count.
  const answered = questions.filter((question) => answers[question._id] !== undefined).length;
  const flagged = questions.filter((question) => flags.includes(question._id)).length;
  return (
    <Paper variant="outlined" component="aside" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Questions
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {answered} of {total} answered
        {flagged > 0 ? ` · ${flagged} flagged` : ''}
      </Typography>
      <QuestionNavigator
        questions={questions}
        answers={answers}
        flags={flags}
        current={current}
        onSelect={onSelect}
      />
      {total > 1 && <FinishButton finish={finishEarly} variant="outlined" sx={{ mt: 2 }} fullWidth />}
    </Paper>
  );
}
