import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DAILY_LIMIT_RANGE,
  REVIEW_SESSION_CAP,
  RETENTION_RANGE,
  type ReviewPreferences,
} from '@mlp/contract';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/page-sections.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { reviewPreferencesQueryOptions, useResetDeck, useSaveReviewPreferences } from '../api/reviews-api.ts';
import { retentionLabel } from '../review-timing.ts';

/** Reviews per day as typed: a whole number within DAILY_LIMIT_RANGE, else the reason (decision 0060). */
function dailyLimitError(text: string): string | null {
  const value = Number(text);
  if (
    text.trim() === '' ||
    !Number.isInteger(value) ||
    value < DAILY_LIMIT_RANGE.min ||
    value > DAILY_LIMIT_RANGE.max
  )
    return `Enter a whole number from ${DAILY_LIMIT_RANGE.min} to ${DAILY_LIMIT_RANGE.max}.`;
  return null;
}

function PreferencesForm({ saved }: { saved: ReviewPreferences }) {
  const [draft, setDraft] = useState(saved);
  const [limitText, setLimitText] = useState(String(saved.dailyLimit));
  const save = useSaveReviewPreferences();
  const { feedback, show } = useFeedback();
  const sliderLabelId = useId();
  const limitError = dailyLimitError(limitText);
  const changed =
    draft.desiredRetention !== saved.desiredRetention ||
    draft.certaintyEnabled !== saved.certaintyEnabled ||
    limitText.trim() !== String(saved.dailyLimit);

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (limitError) return;
        save.mutate(
          { ...draft, dailyLimit: Number(limitText) },
          { onSuccess: () => show('Review settings saved') },
        );
      }}
    >
      <Typography id={sliderLabelId} sx={{ fontWeight: 600 }}>
        Desired retention: {retentionLabel(draft.desiredRetention)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        How likely you want to be to remember a question when it comes back. Higher means more frequent
        reviews.
      </Typography>
      <Box sx={{ px: 1.5, maxWidth: 420 }}>
        <Slider
          value={draft.desiredRetention}
          min={RETENTION_RANGE.min}
          max={RETENTION_RANGE.max}
          step={0.01}
          marks={[
            { value: RETENTION_RANGE.min, label: retentionLabel(RETENTION_RANGE.min) },
            { value: RETENTION_RANGE.default, label: retentionLabel(RETENTION_RANGE.default) },
            { value: RETENTION_RANGE.max, label: retentionLabel(RETENTION_RANGE.max) },
          ]}
          getAriaValueText={retentionLabel}
          valueLabelFormat={retentionLabel}
          valueLabelDisplay="auto"
          aria-labelledby={sliderLabelId}
          onChange={(_event, value: number | number[]) =>
            setDraft((current) => ({
              ...current,
              desiredRetention: typeof value === 'number' ? value : (value[0] ?? current.desiredRetention),
            }))
          }
        />
      </Box>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Switch
            checked={draft.certaintyEnabled}
            onChange={(event) =>
              setDraft((current) => ({ ...current, certaintyEnabled: event.target.checked }))
            }
          />
        }
        label="Mark how sure I am of each answer (sure, fairly sure, guessing)"
      />
      <TextField
        label="Reviews per day"
        type="number"
        value={limitText}
        onChange={(event) => setLimitText(event.target.value)}
        error={limitError !== null}
        helperText={
          limitError ??
          `'Start review' stops after this many answers a day (${DAILY_LIMIT_RANGE.min} to ${DAILY_LIMIT_RANGE.max}); you can still review anyway or study ahead.`
        }
        slotProps={{ htmlInput: { min: DAILY_LIMIT_RANGE.min, max: DAILY_LIMIT_RANGE.max, step: 1 } }}
        sx={{ mt: 3, maxWidth: 420, display: 'flex' }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        A review session takes at most {REVIEW_SESSION_CAP} due questions.
      </Typography>
      {save.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(save.error, 'Your review settings could not be saved. Please try again.')}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        sx={{ mt: 2 }}
        disabled={!changed || limitError !== null || save.isPending}
        startIcon={
          save.isPending ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined
        }
      >
        {save.isPending ? 'Saving...' : 'Save review settings'}
      </Button>
      {feedback}
    </Box>
  );
}

function ResetDeck() {
  const [open, setOpen] = useState(false);
  const reset = useResetDeck();
  const { feedback, show } = useFeedback();
  return (
    <Box>
      <Typography sx={{ fontWeight: 600 }}>Reset review deck</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Removes every question from your review deck and its schedule. Your results stay.
      </Typography>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        Reset review deck
      </Button>
      <ConfirmDialog
        open={open}
        title="Reset review deck"
        message="Are you sure you want to reset your review deck? Every question and its schedule will be removed. This cannot be undone."
        confirmLabel="Reset deck"
        busy={reset.isPending}
        error={reset.isError ? errorMessage(reset.error, 'Your review deck could not be reset.') : null}
        onClose={() => {
          setOpen(false);
          reset.reset();
        }}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: ({ message }) => {
              setOpen(false);
              show(message);
            },
          })
        }
      />
      {feedback}
    </Box>
  );
}

/**
 * Settings → Review (decision 0038): desired retention, certainty on or off, reviews per day (decision
 * 0060), and resetting the deck.
 */
export function ReviewSettings() {
  const preferences = useQuery(reviewPreferencesQueryOptions());
  return (
    <SectionCard title="Review" gutterBottom>
      <Stack spacing={3} divider={<Divider flexItem />}>
        {preferences.isPending && (
          <Skeleton variant="rounded" height={120} aria-label="Loading review settings" />
        )}
        {preferences.isError && (
          <LoadError
            message={errorMessage(preferences.error, 'Failed to load your review settings.')}
            onRetry={() => preferences.refetch()}
          />
        )}
        {preferences.data && <PreferencesForm saved={preferences.data} />}
        <ResetDeck />
      </Stack>
    </SectionCard>
  );
}
