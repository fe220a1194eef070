import { useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  COHORT_LIMITS,
  EXTRA_TIME_LABELS,
  EXTRA_TIME_PERCENTS,
  MEMBER_REFUSAL_TEXT,
  type CohortMember,
  type ExtraTimePercent,
  type MembersPreview,
} from '@mlp/contract';
import { useConfirmedRemoval } from '../../../components/dialogs/confirmed-removal.tsx';
import { SectionCard } from '../../../components/page-sections.tsx';
import { DataTable } from '../../../components/table/data-table.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import {
  useAddMembersMutation,
  usePreviewMembersMutation,
  useRemoveMemberMutation,
  useSetMemberTimeMutation,
} from '../api/cohorts-api.ts';
import { emailsFromRoster, ROSTER_FILE_MAX_BYTES } from '../roster-file.ts';

const EXTRA_TIME_HELP =
  "Extra time lengthens the member's timed sittings and mocks of this cohort's assigned exams, from the next one they start. A mock never runs past its closing time.";

/**
 * A cohort's members (decision 0079): paste e-mail addresses, preview what would happen (each refused one
 * with its reason), then add them all — or none, if any is refused. Members can be removed one by one.
 */
export function MembersSection({
  cohortId,
  members,
  onNotice,
}: {
  cohortId: string;
  members: CohortMember[];
  onNotice: (message: string) => void;
}) {
  const [emails, setEmails] = useState('');
  const [preview, setPreview] = useState<MembersPreview | null>(null);
  const previewing = usePreviewMembersMutation(cohortId);
  const adding = useAddMembersMutation(cohortId);
  const setTime = useSetMemberTimeMutation(cohortId);
  const changeTime = (member: CohortMember, extraTimePercent: ExtraTimePercent) =>
    setTime.mutate(
      { userId: member._id, extraTimePercent },
      { onSuccess: (result) => onNotice(result.message) },
    );
  const removal = useConfirmedRemoval<CohortMember>(useRemoveMemberMutation(cohortId), {
    title: 'Remove member',
    question: 'Remove this learner from the cohort? Their own results stay; they leave its assignments.',
    details: (member) => (
      <strong>
        {member.name} ({member.email})
      </strong>
    ),
    confirmLabel: 'Remove',
    busyLabel: 'Removing...',
    failure: 'The member could not be removed.',
    onDone: onNotice,
  });

  const fileInput = useRef<HTMLInputElement>(null);
  const [fileNote, setFileNote] = useState<{ ok: boolean; text: string } | null>(null);
  const readRoster = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again must fire a change.
    event.target.value = '';
    if (!file) return;
    if (file.size > ROSTER_FILE_MAX_BYTES) {
      setFileNote({
        ok: false,
        text: `${file.name} is larger than 1 MB. Choose a list of at most ${COHORT_LIMITS.emails} members.`,
      });
      return;
    }
    const found = emailsFromRoster(await file.text());
    if (found.length === 0) {
      setFileNote({ ok: false, text: `No e-mail address was found in ${file.name}.` });
      return;
    }
    setEmails(found.join('\n'));
    setPreview(null);
    adding.reset();
    setFileNote({
      ok: true,
      text: `${found.length} ${found.length === 1 ? 'address' : 'addresses'} read from ${file.name}. Preview them before adding.`,
    });
  };

  const runPreview = () => {
    adding.reset();
    previewing.mutate(emails, { onSuccess: setPreview });
  };
  const add = () =>
    adding.mutate(emails, {
      onSuccess: (result) => {
        setEmails('');
        setPreview(null);
        onNotice(result.message);
      },
    });
  const keepAddable = () => {
    if (!preview) return;
    setEmails(preview.add.map((row) => row.email).join('\n'));
    setPreview({ add: preview.add, refused: [] });
  };
  const addError = adding.isError
    ? errorMessage(adding.error, 'The members could not be added. Please try again.')
    : null;
  // The server checks the paste again: what it refused (someone joined meanwhile) is listed with the message.
  const addRefused = adding.error instanceof ApiError ? (adding.error.errors ?? []) : [];

  return (
    <SectionCard title="Members">
      <Box sx={{ mt: 1 }}>
        <TextField
          label="E-mail addresses"
          helperText={`One per line, or separated by commas. At most ${COHORT_LIMITS.emails} at a time.`}
          multiline
          minRows={3}
          fullWidth
          value={emails}
          onChange={(event) => {
            setEmails(event.target.value);
            setPreview(null);
            setFileNote(null);
          }}
        />
        <input
          ref={fileInput}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          aria-label="Choose a roster file"
          onChange={(event) => void readRoster(event)}
          hidden
        />
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={runPreview} disabled={!emails.trim() || previewing.isPending}>
            {previewing.isPending ? 'Checking...' : 'Preview'}
          </Button>
          <Button onClick={() => fileInput.current?.click()}>Read a CSV file</Button>
        </Stack>
        {fileNote && (
          <Alert
            severity={fileNote.ok ? 'info' : 'error'}
            sx={{ mt: 2 }}
            role={fileNote.ok ? 'status' : 'alert'}
          >
            {fileNote.text}
          </Alert>
        )}
        {previewing.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(previewing.error, 'The addresses could not be checked. Please try again.')}
          </Alert>
        )}
        {preview && (
          <Box sx={{ mt: 2 }} aria-live="polite">
            <Typography>
              {preview.add.length} to add · {preview.refused.length} refused
            </Typography>
            {preview.refused.length > 0 && (
              <>
                <TableContainer sx={{ mt: 1 }}>
                  <Table size="small" aria-label="Refused addresses">
                    <TableHead>
                      <TableRow>
                        <TableCell>E-mail</TableCell>
                        <TableCell>Reason</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {preview.refused.map((row, index) => (
                        <TableRow key={`${row.email}-${index}`}>
                          <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.email}</TableCell>
                          <TableCell>{MEMBER_REFUSAL_TEXT[row.reason]}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
                <Alert severity="warning" sx={{ mt: 1 }}>
                  Nobody is added while an address is refused.
                </Alert>
                {preview.add.length > 0 && (
                  <Button sx={{ mt: 1 }} onClick={keepAddable}>
                    Keep only the addresses that can be added
                  </Button>
                )}
              </>
            )}
            {preview.refused.length === 0 && preview.add.length > 0 && (
              <Button variant="contained" sx={{ mt: 1 }} onClick={add} disabled={adding.isPending}>
                {adding.isPending
                  ? 'Adding...'
                  : `Add ${preview.add.length} ${preview.add.length === 1 ? 'member' : 'members'}`}
              </Button>
            )}
          </Box>
        )}
        {addError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {addError}
            {addRefused.length > 0 && (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {addRefused.map((row) => (
                  <li key={row.path}>
                    {row.path}: {row.message}
                  </li>
                ))}
              </Box>
            )}
          </Alert>
        )}
      </Box>
      <Box sx={{ mt: 2 }}>
        <DataTable
          label="Members"
          columns={[
            { label: 'Name', render: (member) => member.name, cellSx: { overflowWrap: 'anywhere' } },
            { label: 'E-mail', render: (member) => member.email, cellSx: { overflowWrap: 'anywhere' } },
            { label: 'Joined', render: (member) => formatDate(member.joinedAt) },
            {
              label: 'Extra time',
              render: (member) => (
                <TextField
                  select
                  size="small"
                  value={member.extraTimePercent}
                  disabled={setTime.isPending}
                  onChange={(event) => changeTime(member, Number(event.target.value) as ExtraTimePercent)}
                  slotProps={{
                    select: { native: true },
                    htmlInput: { 'aria-label': `Extra time for ${member.name}` },
                  }}
                  sx={{ minWidth: 150 }}
                >
                  {EXTRA_TIME_PERCENTS.map((percent) => (
                    <option key={percent} value={percent}>
                      {EXTRA_TIME_LABELS[percent]}
                    </option>
                  ))}
                </TextField>
              ),
            },
          ]}
          rows={members}
          rowKey={(member) => member._id}
          actions={(member) => (
            <Button
              size="small"
              color="error"
              disabled={removal.busy}
              aria-label={`Remove ${member.name}`}
              onClick={() => removal.ask(member)}
            >
              Remove
            </Button>
          )}
          loading={false}
          emptyText="No member yet."
          minWidth={640}
        />
      </Box>
      {members.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {EXTRA_TIME_HELP}
        </Typography>
      )}
      {setTime.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(setTime.error, 'The extra time could not be saved. Please try again.')}
        </Alert>
      )}
      {removal.dialog}
    </SectionCard>
  );
}
