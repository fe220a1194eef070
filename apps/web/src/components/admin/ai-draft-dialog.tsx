import { useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import DialogContentText from '@mui/material/DialogContentText';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { FormAlert } from '../form/form-controls.tsx';
import { FormDialog } from '../dialogs/form-dialog.tsx';

/**
 * The prompt and the form's own problem of an AiDraftDialog, and its close: refused while the draft is
 * being written; otherwise it clears the problem and the request's failure. `dialog` holds the props of
 * the AiDraftDialog these make (spread it there).
 */
export function useAiDraftForm(mutation: { isPending: boolean; reset: () => void }, onClose: () => void) {
  const [prompt, setPrompt] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    if (mutation.isPending) return;
    setProblem(null);
    mutation.reset();
    onClose();
  };
  return {
    prompt,
    setPrompt,
    problem,
    setProblem,
    dialog: { prompt, onPromptChange: setPrompt, busy: mutation.isPending, onCancel: close },
  };
}

/**
 * A dialog that asks the AI for a draft (questions, an article): what it does, the prompt, any other
 * fields, then 'Generate'. The call can take up to a minute, so while it runs the fields are disabled
 * and a progress bar says what is happening.
 */
export function AiDraftDialog({
  open,
  title,
  description,
  prompt,
  onPromptChange,
  promptInvalid,
  placeholder,
  error,
  busy,
  progress,
  onSubmit,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  description: string;
  prompt: string;
  onPromptChange: (prompt: string) => void;
  promptInvalid: boolean;
  placeholder: string;
  /** The form's own problem or the request's failure. */
  error: string | null;
  busy: boolean;
  /** The progress bar's name, the line under it, and where it sits. */
  progress: { label: string; text: string; sx: SxProps<Theme> };
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  /** More fields, after the prompt. */
  children?: ReactNode;
}) {
  return (
    <FormDialog
      open={open}
      title={title}
      onSubmit={onSubmit}
      onCancel={onCancel}
      busy={busy}
      submit={{ label: 'Generate', busyLabel: 'Generating...', startIcon: <AutoAwesomeIcon /> }}
    >
      <DialogContentText>{description}</DialogContentText>
      <FormAlert message={error} sx={{ mt: 2 }} />
      <TextField
        label="Prompt"
        required
        fullWidth
        multiline
        minRows={3}
        margin="normal"
        value={prompt}
        onChange={(event) => onPromptChange(event.target.value)}
        disabled={busy}
        error={promptInvalid}
        placeholder={placeholder}
      />
      {children}
      {busy && (
        <Box role="status" sx={progress.sx}>
          <LinearProgress aria-label={progress.label} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {progress.text}
          </Typography>
        </Box>
      )}
    </FormDialog>
  );
}
