import { useState, type FormEvent, type ReactNode } from 'react';
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
import { ReasonField } from '../../../components/form/reason-field.tsx';
import { PublishedExamField } from './published-exam-field.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import {
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

type DialogName = 'grant' | 'name' | 'email' | 'password-reset' | 'verify';

/** What every dialog of the desk is given by the desk. */
interface DeskDialogProps {
  user: AdminUser;
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** A support action's mutation, as the desk drives it: one body in, a message out. */
interface DeskMutation<Body> {
  mutate: (body: Body, options: { onSuccess: (answer: { message: string }) => void }) => void;
  reset: () => void;
  isPending: boolean;
  error: unknown;
}

/**
 * One dialog of the desk: its form, then the reason every action asks for, its busy state and its error;
 * `body` reads the form with the reason (null: not ready), and on success the form and the reason are
 * cleared (`onSent`) and the dialog closes with the server's message.
 */
function DeskDialog<Body>({
  open,
  title,
  submitLabel,
  mutation,
  body,
  onSent,
  onClose,
  onDone,
  children,
}: Omit<DeskDialogProps, 'user'> & {
  title: string;
  submitLabel: string;
  mutation: DeskMutation<Body>;
  body: (reason: string) => Body | null;
  onSent?: () => void;
  children: ReactNode;
}) {
  const [reason, setReason] = useState('');
  return (
    <FormDialog
      open={open}
      title={title}
      busy={mutation.isPending}
      onCancel={() => {
        if (mutation.isPending) return;
        mutation.reset();
        onClose();
      }}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        const values = body(reason);
        if (values === null) return;
        mutation.mutate(values, {
          onSuccess: ({ message }) => {
            mutation.reset();
            setReason('');
            onSent?.();
            onDone(message);
          },
        });
      }}
      submit={{ label: submitLabel, busyLabel: 'Working...', spinner: true }}
    >
      <FormAlert message={mutation.error ? errorMessage(mutation.error, 'The action failed') : null} />
      {children}
      <ReasonField value={reason} onChange={setReason} />
    </FormDialog>
  );
}

function GrantAccessDialog({ user, ...dialog }: DeskDialogProps) {
  const grant = useGrantAccessMutation(user._id);
  const [exam, setExam] = useState<ExamPublic | null>(null);
  const [until, setUntil] = useState(() => dayFromToday(30));
  return (
    <DeskDialog
      {...dialog}
      title="Give access"
      submitLabel="Give access"
      mutation={grant}
      body={(reason) => (exam ? { examId: exam._id, until, reason } : null)}
      onSent={() => setExam(null)}
    >
      <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        Free access for {user.email} until the end of the day you choose. Nothing is charged; it is recorded
        as a £0 complimentary payment, and the learner is told by e-mail.
      </Typography>
      <PublishedExamField value={exam} onChange={setExam} enabled={dialog.open} />
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
    </DeskDialog>
  );
}

function ChangeNameDialog({ user, ...dialog }: DeskDialogProps) {
  const change = useChangeLearnerNameMutation(user._id);
  const [name, setName] = useState(user.name);
  return (
    <DeskDialog
      {...dialog}
      onClose={() => {
        setName(user.name);
        dialog.onClose();
      }}
      title="Change name"
      submitLabel="Save name"
      mutation={change}
      body={(reason) => ({ name, reason })}
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
    </DeskDialog>
  );
}

function ChangeEmailDialog({ user, ...dialog }: DeskDialogProps) {
  const change = useChangeLearnerEmailMutation(user._id);
  const [email, setEmail] = useState('');
  return (
    <DeskDialog
      {...dialog}
      title="Change email"
      submitLabel="Send confirmation link"
      mutation={change}
      body={(reason) => ({ email: email.trim(), reason })}
      onSent={() => setEmail('')}
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
    </DeskDialog>
  );
}

function ReasonOnlyDialog({
  user,
  action,
  ...dialog
}: DeskDialogProps & { action: 'password-reset' | 'verify' }) {
  const run = useSupportActionMutation(user._id, action);
  return (
    <DeskDialog
      {...dialog}
      title={action === 'password-reset' ? 'Send password reset' : 'Mark email as verified'}
      submitLabel={action === 'password-reset' ? 'Send link' : 'Mark verified'}
      mutation={run}
      body={(reason) => ({ reason })}
    >
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        {action === 'password-reset'
          ? `${user.email} gets a link to choose a new password (valid for an hour). Their password stays as it is until they use it.`
          : `Only when ${user.email} has shown you they own this address another way.`}
      </Typography>
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
  const dialogProps = (name: DialogName): DeskDialogProps => ({
    user,
    open: open === name,
    onClose: () => setOpen(null),
    onDone: done,
  });
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
      <GrantAccessDialog {...dialogProps('grant')} />
      <ChangeNameDialog key={user.name} {...dialogProps('name')} />
      <ChangeEmailDialog {...dialogProps('email')} />
      <ReasonOnlyDialog action="password-reset" {...dialogProps('password-reset')} />
      <ReasonOnlyDialog action="verify" {...dialogProps('verify')} />
      {feedback}
    </>
  );
}
