import { useId, type Ref } from 'react';
import Alert from '@mui/material/Alert';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import type { Certainty, Reveal } from '@mlp/contract';
import { CentredPanel } from '../../../components/centred-panel.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { formatDuration } from '../../../lib/format.ts';
import { SAVE_STATE_TEXT, type SaveState } from '../use-answer-autosave.ts';
import { useCountdown } from '../use-countdown.ts';
import { DecisionDialog } from '../../../components/dialogs/decision-dialog.tsx';

export function SaveIndicator({ state }: { state: SaveState }) {
  const text = SAVE_STATE_TEXT[state];
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minHeight: 24 }} role="status">
      {state === 'saved' && <CloudDoneOutlinedIcon fontSize="small" color="success" aria-hidden="true" />}
      {(state === 'retrying' || state === 'stale') && (
        <CloudOffOutlinedIcon fontSize="small" color="warning" aria-hidden="true" />
      )}
      {state === 'saving' && <CircularProgress size={14} aria-hidden="true" />}
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Stack>
  );
}

/** The elapsed clock (the spec's exam, tutor) or, for a timed sitting, the time left (decision 0037). */
export function SittingClock({ elapsed, left }: { elapsed: number; left: number | null }) {
  const timed = left !== null;
  const low = timed && left <= 60;
  return (
    <Chip
      icon={timed ? <HourglassBottomIcon /> : <TimerOutlinedIcon />}
      label={
        <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
          <VisuallyHidden>{timed ? 'Time left ' : 'Elapsed time '}</VisuallyHidden>
          {formatDuration(timed ? left : elapsed)}
        </Box>
      }
      variant={low ? 'filled' : 'outlined'}
      color={low ? 'error' : 'default'}
      role="timer"
      sx={{ fontSize: '1rem' }}
    />
  );
}

/** Says, once, when 5 minutes and 1 minute are left (the timer itself is not announced every second). */
export function TimeWarning({ left }: { left: number | null }) {
  const text = left === null ? '' : left <= 60 ? '1 minute left.' : left <= 300 ? '5 minutes left.' : '';
  return (
    <VisuallyHidden>
      <span aria-live="polite">{text}</span>
    </VisuallyHidden>
  );
}

/**
 * Tutor mode: right or wrong and, when wrong, the correct answer, said first (focus moves here when the
 * answer is checked); the options, their rationales and the explanation follow in `AnswerReview`.
 */
export function TutorFeedback({ reveal, ref }: { reveal: Reveal; ref?: Ref<HTMLDivElement> }) {
  return (
    <Alert
      severity={reveal.isCorrect ? 'success' : 'error'}
      ref={ref}
      tabIndex={-1}
      sx={{ mb: 1.5, '& .MuiAlert-message': { minWidth: 0 } }}
    >
      <AlertTitle sx={{ mb: reveal.isCorrect ? 0 : undefined }}>
        {reveal.isCorrect ? 'Correct' : 'Incorrect'}
      </AlertTitle>
      {!reveal.isCorrect && (
        <Typography sx={{ wordBreak: 'break-word' }}>
          Correct answer: <strong>{reveal.correctAnswer}</strong>
        </Typography>
      )}
    </Alert>
  );
}

/** A timed sitting's pause time left, counting down while paused (decision 0064). */
function PauseTimeLeft({ seconds }: { seconds: number }) {
  const left = useCountdown(seconds, () => undefined) ?? 0;
  const minutes = Math.ceil(left / 60);
  return (
    <Typography sx={{ mb: 3 }}>
      {left > 0
        ? `The clock is stopped. Pause time left: ${minutes} minute${minutes === 1 ? '' : 's'}.`
        : 'Your pause time is used up, so the clock is running again. Resume to go on.'}
    </Typography>
  );
}

/**
 * What a paused sitting shows instead of the question (the question stays hidden while paused); a timed
 * sitting also its pause time left.
 */
export function PausedPanel({
  pauseLeftSeconds = null,
  busy,
  error,
  onResume,
  ref,
}: {
  pauseLeftSeconds?: number | null;
  busy: boolean;
  error: string | null;
  onResume: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <CentredPanel headingId="paused-heading">
      <PauseCircleOutlineIcon color="action" sx={{ fontSize: 48 }} aria-hidden="true" />
      <Typography id="paused-heading" component="h2" variant="h5" sx={{ mt: 1 }}>
        Paused
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: pauseLeftSeconds === null ? 3 : 1 }}>
        Your answers are saved, and time does not count while paused. Resume here or on another device.
      </Typography>
      {pauseLeftSeconds !== null && <PauseTimeLeft seconds={pauseLeftSeconds} />}
      {error && (
        <Alert severity="error" sx={{ mb: 2, textAlign: 'left' }}>
          {error}
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        startIcon={<PlayArrowIcon />}
        onClick={onResume}
        disabled={busy}
        ref={ref}
      >
        Resume
      </Button>
    </CentredPanel>
  );
}

/** A timed sitting at zero: the answers go in and the result opens. */
export function TimeUpPanel({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  return (
    <CentredPanel headingId="time-up-heading">
      <Typography id="time-up-heading" component="h2" variant="h5" role="alert">
        Time is up
      </Typography>
      {error ? (
        <>
          <Alert severity="error" sx={{ my: 2, textAlign: 'left' }}>
            {error}
          </Alert>
          <Button variant="contained" onClick={onRetry}>
            Show my result
          </Button>
        </>
      ) : (
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center', alignItems: 'center', mt: 2 }}>
          <CircularProgress size={20} aria-hidden="true" />
          <Typography>Submitting your answers…</Typography>
        </Stack>
      )}
    </CentredPanel>
  );
}

/**
 * A submit that did not reach the server (decision 0066): the answers stay on this device, the page sends it
 * again by itself, and 'Try now' sends it at once.
 */
export function WaitingToSubmitPanel({
  online,
  busy,
  onRetry,
}: {
  online: boolean;
  busy: boolean;
  onRetry: () => void;
}) {
  return (
    <CentredPanel headingId="waiting-heading">
      <Typography id="waiting-heading" component="h2" variant="h5">
        {online ? 'Waiting for the server' : 'Waiting for the connection'}
      </Typography>
      <Typography sx={{ mt: 2 }} role="alert">
        Your exam is not submitted yet: {online ? 'the server cannot be reached' : 'you are offline'}. Your
        answers are kept on this device, and the exam is submitted as soon as the server answers. Keep this
        page open.
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center', alignItems: 'center', mt: 3 }}>
        <Button variant="contained" onClick={onRetry} disabled={busy}>
          {busy ? 'Trying...' : 'Try now'}
        </Button>
      </Stack>
    </CentredPanel>
  );
}

const CERTAINTY_CHOICES: Array<{ value: Certainty; label: string }> = [
  { value: 'sure', label: 'Sure' },
  { value: 'fairly-sure', label: 'Fairly sure' },
  { value: 'guessing', label: 'Guessing' },
];

/**
 * 'How sure are you?' (decision 0035, for learners who mark certainty): three toggle buttons, one of which
 * may be pressed; pressing the pressed one clears it. Locked once a tutor answer is checked.
 */
export function CertaintyPicker({
  value,
  onChange,
  disabled = false,
}: {
  value: Certainty | undefined;
  onChange: (value: Certainty | undefined) => void;
  disabled?: boolean;
}) {
  const labelId = useId();
  return (
    <Box sx={{ mt: 2 }}>
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ mb: 0.75 }}>
        How sure are you?
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={value ?? null}
        onChange={(_event, next: Certainty | null) => onChange(next ?? undefined)}
        aria-labelledby={labelId}
        disabled={disabled}
        sx={{ flexWrap: 'wrap' }}
      >
        {CERTAINTY_CHOICES.map((choice) => (
          <ToggleButton key={choice.value} value={choice.value} sx={{ textTransform: 'none', px: 2 }}>
            {choice.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

/**
 * Tutor mode: moving on from a question whose pick was never checked asks first (decision 0062), since an
 * answer counts only once it is checked. Staying is the default: Enter or Escape keeps the learner there.
 */
export function UncheckedMoveDialog({
  open,
  onStay,
  onMove,
}: {
  open: boolean;
  onStay: () => void;
  onMove: () => void;
}) {
  return (
    <DecisionDialog
      open={open}
      id="unchecked-move"
      title="Move on without checking?"
      question="You chose an answer to this question but have not checked it. In tutor mode an answer counts only once it is checked."
      busy={false}
      onClose={onStay}
      actions={
        <>
          <Button onClick={onMove}>Move on</Button>
          <Button onClick={onStay} variant="contained" autoFocus>
            Stay and check
          </Button>
        </>
      }
    />
  );
}
