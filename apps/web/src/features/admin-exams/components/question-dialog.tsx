import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { MAX_OPTIONS, MIN_OPTIONS, type AdminQuestion } from '@mlp/contract';
import { FormAlert } from '../../../components/form/form-controls.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useSaveQuestionMutation } from '../api/exams-api.ts';
import { DialogForm } from '../../../components/dialogs/form-dialog.tsx';
import { ResponsiveDialog } from '../../../components/dialogs/responsive-dialog.tsx';
import { QuestionImageField } from './question-image-field.tsx';
import {
  addOption,
  canAddOption,
  canRemoveOption,
  draftFromQuestion,
  hasErrors,
  newQuestionDraft,
  removeOption,
  toQuestionBody,
  validateQuestionDraft,
  type QuestionDraft,
  type QuestionDraftErrors,
} from '../exam-rules.ts';

/** The server's field messages (e.g. 'Options must all be different'), when it sent any. */
function serverDetails(error: unknown): string[] {
  if (!(error instanceof ApiError) || !error.errors) return [];
  return [...new Set(error.errors.map((item) => item.message))].filter(
    (message) => message !== error.serverMessage,
  );
}

function QuestionForm({
  titleId,
  save,
  question,
  onCancel,
  onSaved,
}: {
  titleId: string;
  save: ReturnType<typeof useSaveQuestionMutation>;
  question: AdminQuestion | null;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const correctLabelId = useId();
  const [draft, setDraft] = useState<QuestionDraft>(() =>
    question ? draftFromQuestion(question) : newQuestionDraft(),
  );
  const [errors, setErrors] = useState<QuestionDraftErrors>({});
  const [uploading, setUploading] = useState(0);
  const onUploadBusy = (busy: boolean) => setUploading((count) => count + (busy ? 1 : -1));

  const setOption = (index: number, text: string) =>
    setDraft((current) => ({
      ...current,
      options: current.options.map((option, i) => (i === index ? text : option)),
    }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: QuestionDraftErrors = {
      ...(uploading > 0 ? { form: 'Wait for the image to finish uploading.' } : {}),
      ...validateQuestionDraft(draft),
    };
    setErrors(found);
    if (hasErrors(found)) return;
    save.mutate({ questionId: question?._id ?? null, body: toQuestionBody(draft) }, { onSuccess: onSaved });
  };

  const details = serverDetails(save.error);

  return (
    <DialogForm
      titleId={titleId}
      title={question ? 'Edit Question' : 'Add Question'}
      onSubmit={submit}
      onCancel={onCancel}
      busy={save.isPending}
      submit={{ label: 'Save Question', busyLabel: 'Saving...', spinner: true }}
    >
      {save.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorMessage(save.error, 'Error saving question')}
          {details.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {details.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      <FormAlert message={errors.form} />
      <TextField
        label="Question"
        required
        fullWidth
        multiline
        minRows={2}
        margin="normal"
        value={draft.question}
        onChange={(event) => setDraft((current) => ({ ...current, question: event.target.value }))}
        error={Boolean(errors.question)}
        helperText={errors.question}
      />
      <QuestionImageField
        label="Image for the question"
        name="question image"
        value={draft.image}
        onChange={(image) => {
          setDraft((current) => ({ ...current, image }));
          setErrors(({ image: _fixed, ...rest }) => rest);
        }}
        altError={errors.image}
        onBusyChange={onUploadBusy}
      />
      <FormControl component="fieldset" fullWidth error={Boolean(errors.correctAnswer)} sx={{ mt: 2 }}>
        <FormLabel component="legend" id={correctLabelId}>
          Options (choose the correct answer)
        </FormLabel>
        <FormHelperText sx={{ mx: 0 }}>
          {`Between ${MIN_OPTIONS} and ${MAX_OPTIONS} options. Select the radio button beside the correct one.`}
        </FormHelperText>
        <RadioGroup
          aria-labelledby={correctLabelId}
          value={draft.correctAnswer === null ? '' : String(draft.correctAnswer)}
          onChange={(event) =>
            setDraft((current) => ({ ...current, correctAnswer: Number(event.target.value) }))
          }
        >
          {draft.options.map((option, index) => (
            // Options have no id of their own; the position is their identity while editing.
            <Stack key={index} direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
              <Radio
                value={String(index)}
                slotProps={{ input: { 'aria-label': `Option ${index + 1} is the correct answer` } }}
                sx={{ mt: 2 }}
              />
              <TextField
                label={`Option ${index + 1}`}
                required
                fullWidth
                margin="dense"
                value={option}
                onChange={(event) => setOption(index, event.target.value)}
                error={Boolean(errors.options?.[index])}
                helperText={errors.options?.[index]}
              />
              <IconButton
                aria-label={`Remove option ${index + 1}`}
                disabled={!canRemoveOption(draft)}
                onClick={() => setDraft((current) => removeOption(current, index))}
                sx={{ mt: 2 }}
              >
                <RemoveCircleOutlineIcon />
              </IconButton>
            </Stack>
          ))}
        </RadioGroup>
        {errors.correctAnswer && <FormHelperText sx={{ mx: 0 }}>{errors.correctAnswer}</FormHelperText>}
      </FormControl>
      <Button
        startIcon={<AddIcon />}
        disabled={!canAddOption(draft)}
        onClick={() => setDraft((current) => addOption(current))}
        sx={{ mt: 1 }}
      >
        Add option
      </Button>
      <TextField
        label="Explanation"
        fullWidth
        multiline
        minRows={2}
        margin="normal"
        value={draft.explanation}
        onChange={(event) => setDraft((current) => ({ ...current, explanation: event.target.value }))}
        helperText="Optional. Shown to learners in their results."
      />
      <QuestionImageField
        label="Image for the explanation"
        name="explanation image"
        value={draft.explanationImage}
        onChange={(explanationImage) => {
          setDraft((current) => ({ ...current, explanationImage }));
          setErrors(({ explanationImage: _fixed, ...rest }) => rest);
        }}
        altError={errors.explanationImage}
        onBusyChange={onUploadBusy}
      />
    </DialogForm>
  );
}

/**
 * Spec §2 question add/edit dialog: the question, 4 to 6 options with the correct one chosen by radio
 * button, and an optional explanation; optional images with the question and the explanation, each
 * with alt text (issue 20). `question` null means a new question.
 */
export function QuestionDialog({
  open,
  examId,
  question,
  onClose,
  onSaved,
}: {
  open: boolean;
  examId: string;
  question: AdminQuestion | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const titleId = useId();
  const save = useSaveQuestionMutation(examId);
  const close = () => {
    if (save.isPending) return;
    save.reset();
    onClose();
  };
  return (
    <ResponsiveDialog open={open} onClose={close} maxWidth="md" aria-labelledby={titleId}>
      {/* The dialog unmounts its content when closed, so each opening starts from that question's values. */}
      <QuestionForm
        key={question?._id ?? 'new'}
        titleId={titleId}
        save={save}
        question={question}
        onCancel={close}
        onSaved={() => {
          save.reset();
          onSaved();
        }}
      />
    </ResponsiveDialog>
  );
}
