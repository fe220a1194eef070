import { useState, type FormEvent } from 'react';
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
import {
  REPORT_DETAILS_MAX,
  REPORT_OUTCOME_LABELS,
  REPORT_OUTCOMES,
  REPORT_REASON_LABELS,
  type AdminReport,
  type ReportedQuestion,
  type ReportOutcome,
} from '@mlp/contract';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { FormAlert } from '../../../components/form/form-controls.tsx';

/**
 * Resolving a report: what was done (an outcome and a note), and whether to tell the learner, offered only
 * when they asked to hear. Editing or removing the question itself happens on the exam's page.
 */
export function ResolveReportDialog({
  report,
  group,
  open,
  busy,
  error,
  onCancel,
  onResolve,
}: {
  report: AdminReport | null;
  /** every open report of a question, resolved together (decision 0073), instead of one report */
  group?: ReportedQuestion | null;
  open: boolean;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onResolve: (body: { outcome: ReportOutcome; resolution: string; notifyLearner: boolean }) => void;
}) {
  const [outcome, setOutcome] = useState<ReportOutcome | ''>('');
  const [resolution, setResolution] = useState('');
  const [notify, setNotify] = useState(true);
  const [checked, setChecked] = useState(false);
  const outcomeProblem = checked && !outcome ? 'Choose what was done' : null;
  const noteProblem = !checked
    ? null
    : !resolution.trim()
      ? 'Say what was done'
      : resolution.trim().length > REPORT_DETAILS_MAX
        ? `The note must be ${REPORT_DETAILS_MAX} characters or less`
        : null;

  const asking = group ? group.notifyRequested : report?.notifyRequested ? 1 : 0;
  const someoneAsked = asking > 0;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (!outcome || !resolution.trim() || resolution.trim().length > REPORT_DETAILS_MAX) return;
    onResolve({ outcome, resolution: resolution.trim(), notifyLearner: someoneAsked && notify });
  };

  return (
    <FormDialog
      open={open}
      title={
        group
          ? `Resolve ${group.openReports === 1 ? '1 report' : `${group.openReports} reports`}`
          : 'Resolve report'
      }
      onSubmit={submit}
      onCancel={onCancel}
      busy={busy}
      submit={{ label: group ? 'Resolve all' : 'Resolve' }}
      dialog={{ maxWidth: 'sm', fullWidth: true }}
    >
      <Stack spacing={2} sx={{ pt: 0.5 }}>
        <FormAlert message={error} />
        {report && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            <strong>{REPORT_REASON_LABELS[report.reason]}</strong>
            {report.details ? `: ${report.details}` : ''}
          </Typography>
        )}
        {group && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            Every open report on this question gets the same outcome and note:{' '}
            {group.reasons
              .map(({ reason, count }) => `${REPORT_REASON_LABELS[reason]} (${count})`)
              .join(', ')}
            .
          </Typography>
        )}
        <FormControl error={Boolean(outcomeProblem)} required>
          <FormLabel id="resolve-outcome">What was done?</FormLabel>
          <RadioGroup
            aria-labelledby="resolve-outcome"
            value={outcome}
            onChange={(event) => setOutcome(event.target.value as ReportOutcome)}
          >
            {REPORT_OUTCOMES.map((value) => (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio />}
                label={REPORT_OUTCOME_LABELS[value]}
              />
            ))}
          </RadioGroup>
          {outcomeProblem && <FormHelperText>{outcomeProblem}</FormHelperText>}
        </FormControl>
        <TextField
          label="Note"
          required
          multiline
          minRows={3}
          value={resolution}
          onChange={(event) => setResolution(event.target.value)}
          error={Boolean(noteProblem)}
          helperText={noteProblem ?? 'Kept with the report; the learner reads it if you tell them.'}
          fullWidth
        />
        {someoneAsked ? (
          <FormControlLabel
            control={<Checkbox checked={notify} onChange={(event) => setNotify(event.target.checked)} />}
            label={
              group
                ? `Email the ${asking === 1 ? 'learner' : `${asking} learners`} who asked what was done`
                : 'Email the learner what was done'
            }
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {group ? 'None of the learners asked to hear back.' : 'The learner did not ask to hear back.'}
          </Typography>
        )}
      </Stack>
    </FormDialog>
  );
}
