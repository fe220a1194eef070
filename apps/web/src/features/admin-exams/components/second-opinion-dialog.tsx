import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { AdminQuestion, SecondOpinion, SecondOpinionVerdict } from '@mlp/contract';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { BusyButton } from '../../../components/form/form-controls.tsx';
import { ResponsiveDialog } from '../../../components/dialogs/responsive-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { secondOpinionQueryOptions, useApplySecondOpinionMutation } from '../api/exams-api.ts';
import { suggestionChanges } from '../second-opinion-diff.ts';
import { ContentDiff } from './question-diff.tsx';

const VERDICT: Record<SecondOpinionVerdict, { severity: 'success' | 'warning' | 'info'; title: string }> = {
  agrees: { severity: 'success', title: 'The model agrees with the answer and explanation' },
  disagrees: { severity: 'warning', title: 'The model disagrees with the answer or explanation' },
  unsure: { severity: 'info', title: 'The model is not sure about this question' },
};

function OpinionView({ opinion, current }: { opinion: SecondOpinion; current: AdminQuestion }) {
  const verdict = VERDICT[opinion.verdict];
  const { suggestion } = opinion;
  return (
    <>
      <Alert severity={verdict.severity} role="status" sx={{ mb: 2 }}>
        <AlertTitle>{verdict.title}</AlertTitle>
        <Box sx={{ wordBreak: 'break-word' }}>{opinion.summary}</Box>
      </Alert>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Issues found
      </Typography>
      {opinion.issues.length > 0 ? (
        <Box component="ul" sx={{ mt: 0.5, mb: 2, pl: 3, wordBreak: 'break-word' }}>
          {opinion.issues.map((issue, index) => (
            <li key={index}>{issue}</li>
          ))}
        </Box>
      ) : (
        <Typography sx={{ mb: 2 }}>The model found no issues.</Typography>
      )}
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Suggested changes
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, wordBreak: 'break-word' }}>
        {`Current question compared with the suggestion of ${opinion.model}. Nothing changes until you apply it.`}
      </Typography>
      {opinion.note && (
        <Alert severity="info" sx={{ mb: 1, wordBreak: 'break-word' }}>
          {opinion.note}
        </Alert>
      )}
      {!suggestion ? (
        <Typography>There is no usable suggestion to apply.</Typography>
      ) : !suggestionChanges(current, suggestion) ? (
        <Typography>The suggestion makes no changes to the question.</Typography>
      ) : (
        <ContentDiff before={current} after={suggestion} />
      )}
    </>
  );
}

/** The dialog's content, mounted only while it is open: the opinion is asked for on opening. */
function SecondOpinionContent({
  examId,
  question,
  label,
  titleId,
  apply,
  onClose,
  onApplied,
}: {
  examId: string;
  question: AdminQuestion;
  label: string;
  titleId: string;
  apply: ReturnType<typeof useApplySecondOpinionMutation>;
  onClose: () => void;
  onApplied: (applied: AppliedSuggestion) => void;
}) {
  const opinion = useQuery(secondOpinionQueryOptions(examId, question._id));
  // 'Apply suggestion' asks first: it replaces stem, options, key and rationales in one go (decision 0050).
  const [confirming, setConfirming] = useState(false);
  const asking = opinion.isFetching;
  const answer = asking ? undefined : opinion.data;
  const suggestion = answer?.suggestion ?? null;
  const applicable = suggestion !== null && suggestionChanges(question, suggestion);
  const stale = apply.error instanceof ApiError && apply.error.status === 409;

  const askAgain = () => {
    apply.reset();
    setConfirming(false);
    void opinion.refetch();
  };

  const applySuggestion = () => {
    if (!answer || !suggestion) return;
    apply.mutate(
      {
        questionId: question._id,
        body: { version: answer.version, model: answer.model, verdict: answer.verdict, suggestion },
      },
      {
        onSuccess: (result) =>
          onApplied({
            message: result.message,
            questionId: question._id,
            previousVersion: result.previousVersion,
          }),
      },
    );
  };

  return (
    <>
      <DialogTitle id={titleId}>
        AI second opinion
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {label}
        </Typography>
      </DialogTitle>
      {/* Long answers scroll: keyboard users must be able to scroll it too (axe scrollable-region-focusable). */}
      <DialogContent tabIndex={0} role="region" aria-label="The model's answer">
        {asking ? (
          <Box role="status" sx={{ py: 2 }}>
            <LinearProgress aria-label="Asking the model" />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Asking the model… This can take up to a minute.
            </Typography>
          </Box>
        ) : opinion.isError ? (
          <LoadError
            message={errorMessage(
              opinion.error,
              'The second opinion could not be fetched. Please try again.',
            )}
            onRetry={askAgain}
          />
        ) : answer ? (
          <OpinionView opinion={answer} current={question} />
        ) : null}
        {apply.isError && (
          <Alert
            severity="error"
            sx={{ mt: 2 }}
            action={
              stale ? (
                <Button color="inherit" size="small" onClick={askAgain}>
                  Ask again
                </Button>
              ) : undefined
            }
          >
            {errorMessage(apply.error, 'The suggestion could not be applied. Please try again.')}
          </Alert>
        )}
      </DialogContent>
      {confirming && !apply.isError && (
        <Alert severity="warning" role="alert" sx={{ mx: 3, mb: 1 }}>
          Apply the suggestion to this question? It replaces what is shown above. The question as it is now
          stays in its history, where you can restore it.
        </Alert>
      )}
      <DialogActions>
        {confirming && !apply.isError ? (
          <>
            <Button onClick={() => setConfirming(false)} disabled={apply.isPending}>
              Back
            </Button>
            <BusyButton onClick={applySuggestion} busy={apply.isPending} busyLabel="Applying…" autoFocus>
              Yes, apply it
            </BusyButton>
          </>
        ) : (
          <>
            <Button onClick={onClose} disabled={apply.isPending}>
              Close
            </Button>
            <BusyButton
              onClick={() => {
                apply.reset();
                setConfirming(true);
              }}
              busy={apply.isPending}
              busyLabel="Applying…"
              disabled={!applicable || stale}
            >
              Apply suggestion
            </BusyButton>
          </>
        )}
      </DialogActions>
    </>
  );
}

/** An applied suggestion: the message, and the version before it, which restoring brings back (undo). */
export interface AppliedSuggestion {
  message: string;
  questionId: string;
  previousVersion: number;
}

/**
 * AI second opinion on one question (decision 0042): opening asks the configured model to check the key
 * and the explanation; the dialog shows its verdict, the issues it found and the difference between the
 * question and its suggested fix, which is written only when the administrator confirms applying it.
 */
export function SecondOpinionDialog({
  open,
  examId,
  question,
  label,
  onClose,
  onApplied,
}: {
  open: boolean;
  examId: string;
  question: AdminQuestion | null;
  /** The card's heading, e.g. 'Question 3'. */
  label: string;
  onClose: () => void;
  onApplied: (applied: AppliedSuggestion) => void;
}) {
  const titleId = useId();
  // Here rather than in the content, which unmounts on closing: an applied suggestion still reports.
  const apply = useApplySecondOpinionMutation(examId);
  const close = () => {
    if (apply.isPending) return;
    apply.reset();
    onClose();
  };
  return (
    <ResponsiveDialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="md">
      {question && (
        <SecondOpinionContent
          examId={examId}
          question={question}
          label={label}
          titleId={titleId}
          apply={apply}
          onClose={close}
          onApplied={(applied) => {
            apply.reset();
            onApplied(applied);
          }}
        />
      )}
    </ResponsiveDialog>
  );
}
