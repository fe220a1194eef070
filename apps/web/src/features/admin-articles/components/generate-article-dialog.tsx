import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { ApiError } from '../../../lib/api-client.ts';
import { useGenerateArticleMutation } from '../api/articles-api.ts';
import { ResponsiveDialog } from '../../../components/dialogs/responsive-dialog.tsx';

/** Spec §8: 'Failed to generate article: {reason}', the reason being the server's message when it sent one. */
export function generateArticleError(error: unknown): string {
  const reason =
    error instanceof ApiError
      ? (error.serverMessage ?? error.message)
      : error instanceof Error
        ? error.message
        : 'Unknown error';
  return `Failed to generate article: ${reason}`;
}

export interface GeneratedArticle {
  title: string;
  summary: string;
  content: string;
}

/** Spec §2 'Generate with AI': a prompt (required); the draft fills the form for review. */
export function GenerateArticleDialog({
  open,
  onClose,
  onGenerated,
}: {
  open: boolean;
  onClose: () => void;
  onGenerated: (article: GeneratedArticle) => void;
}) {
  const titleId = useId();
  const generate = useGenerateArticleMutation();
  const [prompt, setPrompt] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    if (generate.isPending) return;
    setProblem(null);
    generate.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog is rendered inside the article form's React tree: keep this submit to ourselves.
    event.stopPropagation();
    if (!prompt.trim()) {
      setProblem('Please enter a prompt');
      return;
    }
    setProblem(null);
    generate.mutate(prompt.trim(), {
      onSuccess: (article) => {
        generate.reset();
        setPrompt('');
        onGenerated(article);
      },
    });
  };

  const error = problem ?? (generate.isError ? generateArticleError(generate.error) : null);

  return (
    <ResponsiveDialog open={open} onClose={close} aria-labelledby={titleId}>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Generate with AI</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Describe the article. The draft replaces the title, summary and content in the form, for you to
            review before saving.
          </DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            label="Prompt"
            required
            fullWidth
            multiline
            minRows={3}
            margin="normal"
            value={prompt}
            onChange={(event) => setPrompt(event.target.value)}
            disabled={generate.isPending}
            error={Boolean(problem)}
            placeholder="e.g. Revision tips for the MRCP Part 1 exam"
          />
          {generate.isPending && (
            <Box role="status" sx={{ mt: 1 }}>
              <LinearProgress aria-label="Generating article" />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Writing the article... This can take up to a minute.
              </Typography>
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={generate.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={generate.isPending}
            startIcon={<AutoAwesomeIcon />}
          >
            {generate.isPending ? 'Generating...' : 'Generate'}
          </Button>
        </DialogActions>
      </form>
    </ResponsiveDialog>
  );
}
