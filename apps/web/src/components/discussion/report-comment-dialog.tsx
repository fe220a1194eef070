import { useId, useState, type FormEvent } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  COMMENT_REPORT_REASON_LABELS,
  COMMENT_REPORT_REASONS,
  COMMUNITY_LIMITS,
  ReportCommentBodySchema,
  type Comment,
  type CommentReportReason,
} from '@mlp/contract';
import { errorMessage } from '../../lib/api-client.ts';
import { FormDialog } from '../dialogs/form-dialog.tsx';
import { FormAlert } from '../form/form-controls.tsx';
import { useReportCommentMutation } from './discussion-api.ts';
import type { DiscussionTarget } from './discussion-keys.ts';

/** 'Report' on another learner's comment: why (the contract's reasons) and optional details for the moderators. */
export function ReportCommentDialog({
  target,
  comment,
  open,
  onClose,
  onReported,
}: {
  target: DiscussionTarget;
  /** the comment reported (kept while the dialog closes) */
  comment: Comment | null;
  open: boolean;
  onClose: () => void;
  onReported: (comment: Comment, message: string) => void;
}) {
  const report = useReportCommentMutation(target);
  const reasonLabelId = useId();
  const [reason, setReason] = useState<CommentReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState<{ field: 'reason' | 'details'; message: string } | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!comment) return;
    const parsed = ReportCommentBodySchema.safeParse({ reason: reason || undefined, details });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem({
        field: issue?.path[0] === 'details' ? 'details' : 'reason',
        message: issue?.message ?? 'Choose why you are reporting this comment',
      });
      return;
    }
    setProblem(null);
    report.mutate(
      { id: comment._id, reason: parsed.data.reason, details: parsed.data.details },
      { onSuccess: (response) => onReported(comment, response.message) },
    );
  };

  return (
    <FormDialog
      open={open}
      title="Report comment"
      onSubmit={submit}
      onCancel={() => {
        if (!report.isPending) onClose();
      }}
      busy={report.isPending}
      submit={{ label: 'Send report', busyLabel: 'Sending…' }}
      dialog={{
        slotProps: {
          transition: {
            onExited: () => {
              setReason('');
              setDetails('');
              setProblem(null);
              report.reset();
            },
          },
        },
      }}
    >
      <Stack spacing={2} sx={{ pt: 0.5 }}>
        <Typography variant="body2">
          {comment ? `A moderator will look at ${comment.author.displayName}'s comment.` : null}
        </Typography>
        <FormAlert
          message={report.isError ? errorMessage(report.error, 'The report could not be sent') : null}
        />
        <FormControl error={problem?.field === 'reason'} required>
          <FormLabel id={reasonLabelId}>Why are you reporting it?</FormLabel>
          <RadioGroup
            aria-labelledby={reasonLabelId}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value as CommentReportReason);
              if (problem?.field === 'reason') setProblem(null);
            }}
          >
            {COMMENT_REPORT_REASONS.map((value) => (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio />}
                label={COMMENT_REPORT_REASON_LABELS[value]}
              />
            ))}
          </RadioGroup>
          {problem?.field === 'reason' && <FormHelperText>{problem.message}</FormHelperText>}
        </FormControl>
        <TextField
          label="Details (optional)"
          multiline
          minRows={2}
          fullWidth
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          error={problem?.field === 'details'}
          helperText={
            problem?.field === 'details'
              ? problem.message
              : `What is wrong with it? Up to ${COMMUNITY_LIMITS.reportDetails} characters.`
          }
        />
      </Stack>
    </FormDialog>
  );
}
