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
import { AI_QUESTION_COUNT } from '@mlp/contract';
import { errorMessage } from '../../../lib/api-client.ts';
import { useGenerateQuestionsMutation } from '../api/exams-api.ts';
import { ResponsiveDialog } from '../../../components/dialogs/responsive-dialog.tsx';

/** Spec §5: a prompt is required; 1 to 10 questions, 5 by default. Returns the message or null. */
export function generateProblem(prompt: string, count: string): string | null {
  if (!prompt.trim()) return 'Please enter a prompt';
  const number = Number(count);
  if (!Number.isInteger(number) || number < AI_QUESTION_COUNT.min || number > AI_QUESTION_COUNT.max) {
    return `Choose ${AI_QUESTION_COUNT.min} to ${AI_QUESTION_COUNT.max} questions`;
  }
  return null;
}

/**
 * Spec §2 AI generation dialog. Drafts come back as pending questions for approval. The call can take
 * up to a minute, so a progress bar shows and the dialog stays open until it answers.
 */
export function GenerateQuestionsDialog({
  open,
  examId,
  onClose,
  onGenerated,
}: {
  open: boolean;
  examId: string;
  onClose: () => void;
  onGenerated: (message: string) => void;
}) {
  const titleId = useId();
  const generate = useGenerateQuestionsMutation(examId);
  const [prompt, setPrompt] = useState('');
  const [count, setCount] = useState(String(AI_QUESTION_COUNT.default));
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    if (generate.isPending) return;
    setProblem(null);
    generate.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = generateProblem(prompt, count);
    setProblem(found);
    if (found) return;
    generate.mutate(
      { prompt: prompt.trim(), numQuestions: Number(count) },
      {
        onSuccess: (result) => {
          setPrompt('');
          setCount(String(AI_QUESTION_COUNT.default));
          generate.reset();
          onGenerated(result.message || 'Questions generated successfully');
        },
      },
    );
  };

  return (
    <ResponsiveDialog open={open} onClose={close} aria-labelledby={titleId}>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Generate Questions</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Describe the questions you want. They are added as pending drafts for you to approve or reject.
          </DialogContentText>
          {(problem ?? generate.isError) && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {problem ?? errorMessage(generate.error, 'Error generating questions')}
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
            error={problem === 'Please enter a prompt'}
            placeholder="e.g. Questions on the management of acute asthma in adults"
          />
          <TextField
            label="Number of Questions"
            type="number"
            required
            fullWidth
            margin="normal"
            value={count}
            onChange={(event) => setCount(event.target.value)}
            disabled={generate.isPending}
            helperText={`${AI_QUESTION_COUNT.min} to ${AI_QUESTION_COUNT.max}`}
            slotProps={{ htmlInput: { min: AI_QUESTION_COUNT.min, max: AI_QUESTION_COUNT.max, step: 1 } }}
          />
          {generate.isPending && (
            <Box role="status" sx={{ mt: 2 }}>
              <LinearProgress aria-label="Generating questions" />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Generating questions... This can take up to a minute.
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
