import { useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  COMMUNITY_LIMITS,
  COMMUNITY_MESSAGES,
  CommentBodySchema,
  DisplayNameSchema,
  type CommunityProfile,
} from '@mlp/contract';
import { errorMessage } from '../../lib/api-client.ts';
import { FormDialog } from '../dialogs/form-dialog.tsx';
import { BusyButton, FormAlert } from '../form/form-controls.tsx';
import { useSaveDisplayNameMutation } from './discussion-api.ts';

const SUSPENDED_TEXT = 'A moderator has suspended your commenting.';
const DISPLAY_NAME_INTRO =
  'Choose a public display name. Other learners see it beside your comments; your e-mail is never shown.';
const DISPLAY_NAME_HINT = `${COMMUNITY_LIMITS.displayNameMin} to ${COMMUNITY_LIMITS.displayNameMax} characters: letters, digits, spaces and . _ - '`;

/** The contract's first complaint about a comment's text, or null when it can be sent. */
function bodyProblem(body: string): string | null {
  const parsed = CommentBodySchema.safeParse(body);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? COMMUNITY_MESSAGES.bodyRequired);
}

/**
 * A comment's text field (a new comment, a reply or an edit): the character count against the limit, the
 * contract's checks before sending, the server's refusal above the field. `onSubmit` gets the trimmed text
 * and a function that empties the field (call it once the server took it).
 */
export function CommentComposer({
  inputId,
  label,
  submitLabel,
  initialBody = '',
  busy,
  error,
  onSubmit,
  onCancel,
  autoFocus = false,
}: {
  /** the text field's id, so the discussion can move focus to it */
  inputId: string;
  label: string;
  submitLabel: string;
  initialBody?: string;
  busy: boolean;
  /** the server's refusal, worded for the learner */
  error: string | null;
  onSubmit: (body: string, clear: () => void) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const [body, setBody] = useState(initialBody);
  const [problem, setProblem] = useState<string | null>(null);
  const tooLong = body.trim().length > COMMUNITY_LIMITS.body;
  const count = `${body.length} / ${COMMUNITY_LIMITS.body} characters`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = bodyProblem(body);
    setProblem(found);
    if (found) {
      document.getElementById(inputId)?.focus();
      return;
    }
    onSubmit(body.trim(), () => setBody(''));
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <FormAlert message={error} />
      <TextField
        id={inputId}
        label={label}
        multiline
        minRows={3}
        fullWidth
        autoFocus={autoFocus}
        value={body}
        onChange={(event) => {
          setBody(event.target.value);
          if (problem) setProblem(bodyProblem(event.target.value));
        }}
        error={Boolean(problem) || tooLong}
        helperText={
          problem ? `${problem} (${count})` : tooLong ? `${COMMUNITY_MESSAGES.bodyTooLong} (${count})` : count
        }
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
        <BusyButton type="submit" busy={busy} busyLabel="Posting…" size="small">
          {submitLabel}
        </BusyButton>
        {onCancel && (
          <Button size="small" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
      </Stack>
    </Box>
  );
}

/** The name as it will be sent, or the contract's complaint about it. */
function checkDisplayName(name: string): { name: string } | { problem: string } {
  const parsed = DisplayNameSchema.safeParse(name);
  if (parsed.success) return { name: parsed.data };
  return { problem: parsed.error.issues[0]?.message ?? COMMUNITY_MESSAGES.displayNameRequired };
}

/** A display-name field and what saving it needs; `onSaved` gets the server's message. */
function useDisplayNameDraft(initial: string, onSaved: (message: string) => void) {
  const save = useSaveDisplayNameMutation();
  const [name, setName] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkDisplayName(name);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    save.mutate(checked.name, { onSuccess: (response) => onSaved(response.message) });
  };

  const field = (
    <TextField
      label="Display name"
      required
      fullWidth
      value={name}
      onChange={(event) => {
        setName(event.target.value);
        if (problem) {
          const checked = checkDisplayName(event.target.value);
          setProblem('problem' in checked ? checked.problem : null);
        }
      }}
      error={Boolean(problem)}
      helperText={problem ?? DISPLAY_NAME_HINT}
      slotProps={{ htmlInput: { maxLength: COMMUNITY_LIMITS.displayNameMax + 10, autoComplete: 'nickname' } }}
    />
  );
  const failure = save.isError ? errorMessage(save.error, 'Your display name could not be saved') : null;

  return {
    field,
    failure,
    submit,
    busy: save.isPending,
    reset: () => {
      setName(initial);
      setProblem(null);
      save.reset();
    },
  };
}

/** Before the first post: the learner chooses the public name their comments show. */
export function DisplayNameForm({ onSaved }: { onSaved: (message: string) => void }) {
  const draft = useDisplayNameDraft('', onSaved);
  return (
    <Box component="form" noValidate onSubmit={draft.submit}>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {DISPLAY_NAME_INTRO}
      </Typography>
      <FormAlert message={draft.failure} />
      {draft.field}
      <BusyButton type="submit" busy={draft.busy} busyLabel="Saving…" size="small" sx={{ mt: 1 }}>
        Save display name
      </BusyButton>
    </Box>
  );
}

/** 'Change' beside 'Posting as …': the same field in a dialog, filled with the current name. */
export function ChangeDisplayNameDialog({
  open,
  current,
  onClose,
  onSaved,
}: {
  open: boolean;
  current: string;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const draft = useDisplayNameDraft(current, onSaved);
  return (
    <FormDialog
      open={open}
      title="Change your display name"
      onSubmit={draft.submit}
      onCancel={() => {
        if (!draft.busy) onClose();
      }}
      busy={draft.busy}
      submit={{ label: 'Save', busyLabel: 'Saving…' }}
      dialog={{ maxWidth: 'xs', slotProps: { transition: { onExited: draft.reset } } }}
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        Other learners see it beside your comments, the ones already posted too; your e-mail is never shown.
      </Typography>
      <FormAlert message={draft.failure} />
      {draft.field}
    </FormDialog>
  );
}

/**
 * What stands before a composer: a suspended learner gets the reason there is none, a learner without a
 * display name chooses one first (`onNamed` then moves focus to the composer that appears).
 */
export function ComposerGate({
  profile,
  onNamed,
  children,
}: {
  profile: CommunityProfile;
  onNamed: (message: string) => void;
  children: ReactNode;
}) {
  if (profile.commentingSuspended) return <Alert severity="info">{SUSPENDED_TEXT}</Alert>;
  if (profile.displayName === null) return <DisplayNameForm onSaved={onNamed} />;
  return <>{children}</>;
}
