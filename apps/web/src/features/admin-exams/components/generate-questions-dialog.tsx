import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import { AiDraftDialog, useAiDraftForm } from '../../../components/admin/ai-draft-dialog.tsx';
import { AI_QUESTION_COUNT } from '@mlp/contract';
import { errorMessage } from '../../../lib/api-client.ts';
import { useGenerateQuestionsMutation } from '../api/exams-api.ts';

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
  const generate = useGenerateQuestionsMutation(examId);
  const { prompt, setPrompt, problem, setProblem, dialog } = useAiDraftForm(generate, onClose);
  const [count, setCount] = useState(String(AI_QUESTION_COUNT.default));

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
    <AiDraftDialog
      {...dialog}
      open={open}
      title="Generate Questions"
      description="Describe the questions you want. They are added as pending drafts for you to approve or reject."
      promptInvalid={problem === 'Please enter a prompt'}
      placeholder="e.g. Questions on the management of acute asthma in adults"
      error={
        problem ?? (generate.isError ? errorMessage(generate.error, 'Error generating questions') : null)
      }
      progress={{
        label: 'Generating questions',
        text: 'Generating questions... This can take up to a minute.',
        sx: { mt: 2 },
      }}
      onSubmit={submit}
    >
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
    </AiDraftDialog>
  );
}
