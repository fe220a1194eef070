import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FlagOutlinedIcon from '@mui/icons-material/OutlinedFlag';
import { REPORT_DETAILS_MAX, REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason } from '@mlp/contract';
import { api } from '@mlp/contract/routes';
import { apiRequest, errorMessage } from '../../lib/api-client.ts';
import { useMutation } from '../../lib/use-mutation.ts';
import { FormDialog } from '../dialogs/form-dialog.tsx';
import { FormAlert } from '../form/form-controls.tsx';

/*
 * 'Report a problem with this question' (decision 0041): on the result review and in tutor mode.
 * Shared by both, so it lives here rather than in either feature.
 */

interface Draft {
  reason: ReportReason | '';
  details: string;
  notify: boolean;
}
const EMPTY: Draft = { reason: '', details: '', notify: true };

/** The form's own checks, before a request: the same rules and texts as the server's. */
export function reportDraftError(draft: Draft): { field: 'reason' | 'details'; message: string } | null {
  if (!draft.reason) return { field: 'reason', message: 'Choose what is wrong with the question' };
  if (draft.reason === 'other' && !draft.details.trim())
    return { field: 'details', message: 'Tell us what is wrong with the question' };
  if (draft.details.trim().length > REPORT_DETAILS_MAX)
    return { field: 'details', message: `Details must be ${REPORT_DETAILS_MAX} characters or less` };
  return null;
}

export function ReportQuestionButton({
  questionId,
  resultId,
  questionNumber,
}: {
  questionId: string;
  /** the result being reviewed, when there is one */
  resultId?: string;
  /** for the button's accessible name: 'Report a problem with this question (question 3)' */
  questionNumber: number;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [checked, setChecked] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (body: { reason: ReportReason; details: string; notify: boolean }) =>
      apiRequest(api.reports.send, {
        params: { questionId },
        body: { ...body, ...(resultId ? { resultId } : {}) },
      }),
    onSuccess: (response) => {
      setSent(response.message);
      setOpen(false);
    },
  });
  const problem = checked ? reportDraftError(draft) : null;

  const close = () => {
    if (send.isPending) return;
    setOpen(false);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (reportDraftError(draft) || !draft.reason) return;
    send.mutate({ reason: draft.reason, details: draft.details.trim(), notify: draft.notify });
  };

  if (sent) {
    return (
      <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 1.5 }}>
        {sent}
      </Typography>
    );
  }

  return (
    <>
      <Button
        size="small"
        startIcon={<FlagOutlinedIcon />}
        onClick={() => {
          setDraft(EMPTY);
          setChecked(false);
          send.reset();
          setOpen(true);
        }}
        // The visible words start the accessible name (WCAG 2.5.3); the number tells the buttons apart.
        aria-label={`Report a problem with this question (question ${questionNumber})`}
        sx={{ mt: 1.5, alignSelf: 'flex-start' }}
      >
        Report a problem with this question
      </Button>
      <FormDialog
        open={open}
        title="Report a problem with this question"
        onSubmit={submit}
        onCancel={close}
        busy={send.isPending}
        submit={{ label: 'Send report' }}
        dialog={{ maxWidth: 'sm', fullWidth: true }}
      >
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <FormAlert
            message={send.isError ? errorMessage(send.error, 'The report could not be sent') : null}
          />
          <FormControl error={problem?.field === 'reason'} required>
            <FormLabel id={`report-reason-${questionId}`}>What is wrong?</FormLabel>
            <RadioGroup
              aria-labelledby={`report-reason-${questionId}`}
              value={draft.reason}
              onChange={(event) => setDraft({ ...draft, reason: event.target.value as ReportReason })}
            >
              {REPORT_REASONS.map((reason) => (
                <FormControlLabel
                  key={reason}
                  value={reason}
                  control={<Radio />}
                  label={REPORT_REASON_LABELS[reason]}
                />
              ))}
            </RadioGroup>
            {problem?.field === 'reason' && <FormHelperText>{problem.message}</FormHelperText>}
          </FormControl>
          <TextField
            label={draft.reason === 'other' ? 'Details' : 'Details (optional)'}
            multiline
            minRows={3}
            value={draft.details}
            onChange={(event) => setDraft({ ...draft, details: event.target.value })}
            error={problem?.field === 'details'}
            helperText={
              problem?.field === 'details'
                ? problem.message
                : 'What should it say? A reference helps us check quickly.'
            }
            slotProps={{ htmlInput: { maxLength: REPORT_DETAILS_MAX + 100 } }}
            fullWidth
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={draft.notify}
                onChange={(event) => setDraft({ ...draft, notify: event.target.checked })}
              />
            }
            label="Email me when it has been looked at"
          />
        </Stack>
      </FormDialog>
    </>
  );
}
