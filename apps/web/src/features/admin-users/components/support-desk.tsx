import { useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import EditIcon from '@mui/icons-material/Edit';
import AlternateEmailIcon from '@mui/icons-material/AlternateEmail';
import LockResetIcon from '@mui/icons-material/LockReset';
import VerifiedIcon from '@mui/icons-material/Verified';
import { MAX_GRANT_DAYS, type AdminUser, type ExamPublic } from '@mlp/contract';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { FormAlert } from '../../../components/form/form-controls.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  grantableExamsQueryOptions,
  useChangeLearnerEmailMutation,
  useChangeLearnerNameMutation,
  useGrantAccessMutation,
  useSupportActionMutation,
} from '../api/users-api.ts';

/** A day `days` from today, as a date input holds it (YYYY-MM-DD, the browser's own day). */
function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The reason every support action asks for (the activity log keeps it with who acted). */
function ReasonField({
  value,
  onChange,
  helperText = 'Kept in the activity log with your name.',
}: {
  value: string;
  onChange: (value: string) => void;
  helperText?: string;
}) {
  return (
    <TextField
      label="Reason"
      required
      fullWidth
      multiline
      minRows={2}
      margin="normal"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      helperText={helperText}
      slotProps={{ htmlInput: { maxLength: 500 } }}
    />
  );
}

type DialogName = 'grant' | 'name' | 'email' | 'password-reset' | 'verify';

/** One dialog of the desk: its form, its busy state and its error, closed on success with a message. */
function DeskDialog({
  open,
  title,
  submitLabel,
  busy,
  error,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  busy: boolean;
  error: unknown;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <FormDialog
      open={open}
      title={title}
      busy={busy}
      onCancel={() => {
        if (!busy) onClose();
      }}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
      submit={{ label: submitLabel, busyLabel: 'Working...', spinner: true }}
    >
      <FormAlert message={error ? errorMessage(error, 'The action failed') : null} />
      {children}
    </FormDialog>
  );
}

function GrantAccessDialog({
  user,
  open,
  onClose,
  onDone,
}: {
  user: AdminUser;
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const grant = useGrantAccessMutation(user._id);
  const [search, setSearch] = useState('');
  const [exam, setExam] = useState<ExamPublic | null>(null);
  const [until, setUntil] = useState(() => dayFromToday(30));
  const [reason, setReason] = useState('');
  const exams = useQuery({ ...grantableExamsQueryOptions(search), enabled: open });
  const close = () => {
    grant.reset();
    onClose();
  };
  return (
    <DeskDialog
      open={open}
      title="Give access"
      submitLabel="Give access"
      busy={grant.isPending}
      error={grant.error}
      onClose={close}
      onSubmit={() => {
        if (!exam) return;
        grant.mutate(
          { examId: exam._id, until, reason },
          {
            onSuccess: ({ message }) => {
              grant.reset();
              setExam(null);
              setReason('');
              onDone(message);
            },
          },
        );
      }}
    >
      <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        Free access for {user.email} until the end of the day you choose. Nothing is charged; it is recorded
        as a £0 complimentary payment, and the learner is told by e-mail.
      </Typography>
      <Autocomplete
        options={exams.data?.exams ?? []}
        value={exam}
        onChange={(_event, value) => setExam(value)}
        onInputChange={(_event, value, why) => {
          if (why === 'input') setSearch(value);
        }}
        getOptionLabel={(option) => option.title}
        isOptionEqualToValue={(option, value) => option._id === value._id}
        filterOptions={(options) => options}
        loading={exams.isFetching}
        noOptionsText={search ? 'No published exam matches' : 'No published exams'}
        renderInput={(params) => (
          <TextField {...params} label="Exam" required margin="normal" helperText="Published exams only" />
        )}
      />
      <TextField
        label="Last day of access"
        type="date"
        required
        fullWidth
        margin="normal"
        value={until}
        onChange={(event) => setUntil(event.target.value)}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { min: dayFromToday(1), max: dayFromToday(MAX_GRANT_DAYS - 1) },
        }}
      />
      <ReasonField value={reason} onChange={setReason} />
    </DeskDialog>
  );
}

function ChangeNameDialog({
  user,
  open,
  onClose,
  onDone,
}: {
  user: AdminUser;
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const change = useChangeLearnerNameMutation(user._id);
  const [name, setName] = useState(user.name);
  const [reason, setReason] = useState('');
  const close = () => {
    change.reset();
    setName(user.name);
    onClose();
  };
  return (
    <DeskDialog
      open={open}
      title="Change name"
      submitLabel="Save name"
      busy={change.isPending}
      error={change.error}
      onClose={close}
      onSubmit={() =>
        change.mutate(
          { name, reason },
          {
            onSuccess: ({ message }) => {
              change.reset();
              setReason('');
              onDone(message);
            },
          },
        )
      }
    >
      <TextField
        label="Name"
        required
        fullWidth
        margin="normal"
        value={name}
        onChange={(event) => setName(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <ReasonField value={reason} onChange={setReason} />
    </DeskDialog>
  );
}

function ChangeEmailDialog({
  user,
  open,
  onClose,
  onDone,
}: {
  user: AdminUser;
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const change = useChangeLearnerEmailMutation(user._id);
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const close = () => {
    change.reset();
    onClose();
  };
  return (
    <DeskDialog
      open={open}
      title="Change email"
      submitLabel="Send confirmation link"
      busy={change.isPending}
      error={change.error}
      onClose={close}
      onSubmit={() =>
        change.mutate(
          { email: email.trim(), reason },
          {
            onSuccess: ({ message }) => {
              change.reset();
              setEmail('');
              setReason('');
              onDone(message);
            },
          },
        )
      }
    >
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        The new address gets a link; it replaces {user.email} only when the learner opens it, so a typo cannot
        lock them out. The current address is told.
      </Typography>
      <TextField
        label="New email address"
        type="email"
        required
        fullWidth
        margin="normal"
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <ReasonField value={reason} onChange={setReason} />
    </DeskDialog>
  );
}

function ReasonOnlyDialog({
  user,
  action,
  open,
  onClose,
  onDone,
}: {
  user: AdminUser;
  action: 'password-reset' | 'verify';
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const run = useSupportActionMutation(user._id, action);
  const [reason, setReason] = useState('');
  const close = () => {
    run.reset();
    onClose();
  };
  return (
    <DeskDialog
      open={open}
      title={action === 'password-reset' ? 'Send password reset' : 'Mark email as verified'}
      submitLabel={action === 'password-reset' ? 'Send link' : 'Mark verified'}
      busy={run.isPending}
      error={run.error}
      onClose={close}
      onSubmit={() =>
        run.mutate(
          { reason },
          {
            onSuccess: ({ message }) => {
              run.reset();
              setReason('');
              onDone(message);
            },
          },
        )
      }
    >
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        {action === 'password-reset'
          ? `${user.email} gets a link to choose a new password (valid for an hour). Their password stays as it is until they use it.`
          : `Only when ${user.email} has shown you they own this address another way.`}
      </Typography>
      <ReasonField value={reason} onChange={setReason} />
    </DeskDialog>
  );
}

/**
 * The support desk on a learner's page (decision 0072): what a learner asks the team for, without database
 * access. Each action asks for a reason, which the activity log keeps with who acted.
 */
export function SupportDesk({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState<DialogName | null>(null);
  const { feedback, show } = useFeedback();
  const done = (message: string) => {
    setOpen(null);
    show(message);
  };
  const buttons: Array<{ name: DialogName; label: string; icon: ReactNode }> = [
    { name: 'grant', label: 'Give access', icon: <CardGiftcardIcon /> },
    { name: 'name', label: 'Change name', icon: <EditIcon /> },
    { name: 'email', label: 'Change email', icon: <AlternateEmailIcon /> },
    { name: 'password-reset', label: 'Send password reset', icon: <LockResetIcon /> },
    ...(user.verified ? [] : [{ name: 'verify' as const, label: 'Mark verified', icon: <VerifiedIcon /> }]),
  ];
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {buttons.map(({ name, label, icon }) => (
          <Button key={name} variant="outlined" startIcon={icon} onClick={() => setOpen(name)}>
            {label}
          </Button>
        ))}
      </Stack>
      <GrantAccessDialog user={user} open={open === 'grant'} onClose={() => setOpen(null)} onDone={done} />
      <ChangeNameDialog
        key={user.name}
        user={user}
        open={open === 'name'}
        onClose={() => setOpen(null)}
        onDone={done}
      />
      <ChangeEmailDialog user={user} open={open === 'email'} onClose={() => setOpen(null)} onDone={done} />
      <ReasonOnlyDialog
        user={user}
        action="password-reset"
        open={open === 'password-reset'}
        onClose={() => setOpen(null)}
        onDone={done}
      />
      <ReasonOnlyDialog
        user={user}
        action="verify"
        open={open === 'verify'}
        onClose={() => setOpen(null)}
        onDone={done}
      />
      {feedback}
    </>
  );
}
