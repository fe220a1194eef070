import { memo, useCallback, useId, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import MenuItem from '@mui/material/MenuItem';
import Link from '@mui/material/Link';
import {
  DUPLICATE_QUESTION_CODE,
  GENERAL_TOPIC,
  MAX_OPTIONS,
  MAX_SAMPLE_QUESTIONS,
  MIN_OPTIONS,
  OBJECTIVE_MAX,
  RATIONALE_MAX,
  type AdminQuestion,
  type QuestionImage,
} from '@mlp/contract';
import { useQuery } from '@tanstack/react-query';
import { FormAlert } from '../../../components/form/form-controls.tsx';
import { ApiError, errorMessage, hasErrorCode } from '../../../lib/api-client.ts';
import { similarQuestionsQueryOptions, useSaveQuestionMutation } from '../api/exams-api.ts';
import { ReferencesField } from './references-field.tsx';
import { DialogForm } from '../../../components/dialogs/form-dialog.tsx';
import { ResponsiveDialog } from '../../../components/dialogs/responsive-dialog.tsx';
import { QuestionImageField } from './question-image-field.tsx';
import {
  addOption,
  canAddOption,
  canRemoveOption,
  draftFromQuestion,
  duplicateSearchLink,
  hasErrors,
  newQuestionDraft,
  removeOption,
  toQuestionBody,
  validateQuestionDraft,
  type QuestionDraft,
  type QuestionDraftErrors,
  type ReferenceDraft,
} from '../exam-rules.ts';

/*
 * Typing in one field re-renders only that field (decision 0052): the fields below are memoised and get
 * stable handlers, so a keystroke in the question does not re-render the options, rationales and the
 * explanation (each multi-line field measures its text height on every render, which is slow on a phone
 * and in the web tests' jsdom).
 */
const MemoTextField = memo(TextField);
const MemoReferencesField = memo(ReferencesField);
const MemoQuestionImageField = memo(QuestionImageField);
const RATIONALE_INPUT = { htmlInput: { maxLength: RATIONALE_MAX } };
const OBJECTIVE_INPUT = { htmlInput: { maxLength: OBJECTIVE_MAX } };
const TOPIC_SLOTS = { select: { displayEmpty: true }, inputLabel: { shrink: true } };
const RADIO_SX = { mt: 2 };
const RATIONALE_BOX_SX = { pl: { xs: 0, sm: 5.25 }, pr: { xs: 0, sm: 5.5 }, mt: 0.5 };

/** One option: its radio, its text, its remove button and, under it, its rationale. */
const OptionRow = memo(function OptionRow({
  index,
  option,
  rationale,
  correct,
  canRemove,
  optionError,
  rationaleError,
  onOption,
  onRationale,
  onRemove,
}: {
  index: number;
  option: string;
  rationale: string;
  correct: boolean;
  canRemove: boolean;
  optionError: string | undefined;
  rationaleError: string | undefined;
  onOption: (index: number, text: string) => void;
  onRationale: (index: number, text: string) => void;
  onRemove: (index: number) => void;
}) {
  // Typing the option leaves its rationale field as it is (and the other way round).
  const changeOption = useCallback(
    (event: ChangeEvent<HTMLInputElement>) => onOption(index, event.target.value),
    [index, onOption],
  );
  const changeRationale = useCallback(
    (event: ChangeEvent<HTMLInputElement>) => onRationale(index, event.target.value),
    [index, onRationale],
  );
  return (
    <Box sx={{ mb: 1 }}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <Radio
          value={String(index)}
          slotProps={{ input: { 'aria-label': `Option ${index + 1} is the correct answer` } }}
          sx={RADIO_SX}
        />
        <MemoTextField
          label={`Option ${index + 1}`}
          required
          fullWidth
          margin="dense"
          value={option}
          onChange={changeOption}
          error={Boolean(optionError)}
          helperText={optionError}
        />
        <IconButton
          aria-label={`Remove option ${index + 1}`}
          disabled={!canRemove}
          onClick={() => onRemove(index)}
          sx={RADIO_SX}
        >
          <RemoveCircleOutlineIcon />
        </IconButton>
      </Stack>
      {/* Under its option, in line with its text (full width on a phone), so each pair reads together. */}
      <Box sx={RATIONALE_BOX_SX}>
        <MemoTextField
          label={`Rationale ${index + 1} (why it is ${correct ? 'right' : 'wrong'})`}
          size="small"
          fullWidth
          multiline
          minRows={1}
          value={rationale}
          onChange={changeRationale}
          error={Boolean(rationaleError)}
          helperText={rationaleError}
          slotProps={RATIONALE_INPUT}
        />
      </Box>
    </Box>
  );
});

/** The topic select: the exam's topics, or none. */
const TopicField = memo(function TopicField({
  topic,
  choices,
  examHasTopics,
  onChange,
}: {
  topic: string;
  choices: string[];
  examHasTopics: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <TextField
      select
      label="Topic"
      fullWidth
      margin="normal"
      value={topic}
      onChange={onChange}
      helperText={
        examHasTopics
          ? "Learners' scores and weak areas are grouped by topic."
          : "This exam has no topics yet: add them in the exam's information to group its questions."
      }
      slotProps={TOPIC_SLOTS}
    >
      <MenuItem value="">{`No topic (${GENERAL_TOPIC})`}</MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {choice}
        </MenuItem>
      ))}
    </TextField>
  );
});

/** The server's field messages (e.g. 'Options must all be different'), when it sent any. */
function serverDetails(error: unknown): string[] {
  if (!(error instanceof ApiError) || !error.errors) return [];
  return [...new Set(error.errors.map((item) => item.message))].filter(
    (message) => message !== error.serverMessage,
  );
}

/**
 * Said when the exam has a question with nearly the same text (decision 0050): the server's message, the
 * similar question with a link that opens it in the bank (a new tab, so this form is kept), and 'Add
 * anyway' ('Save anyway' for an edit).
 */
function DuplicateWarning({
  examId,
  text,
  excludeId,
  message,
  busy,
  adding,
  onSaveAnyway,
}: {
  examId: string;
  text: string;
  excludeId: string | null;
  message: string;
  busy: boolean;
  /** a new question ('Add anyway'), or an edit ('Save anyway') */
  adding: boolean;
  onSaveAnyway: () => void;
}) {
  const similar = useQuery(similarQuestionsQueryOptions(examId, text, excludeId));
  const match = similar.data?.similar[0];
  return (
    <Alert
      severity="warning"
      sx={{ mb: 1, wordBreak: 'break-word' }}
      action={
        <Button
          color="inherit"
          size="small"
          onClick={onSaveAnyway}
          disabled={busy}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {adding ? 'Add anyway' : 'Save anyway'}
        </Button>
      }
    >
      {message}
      {match && (
        <>
          {' '}
          <Link href={duplicateSearchLink(examId, match.question)} target="_blank" rel="noopener">
            {`Open question ${match.number} in a new tab`}
          </Link>
        </>
      )}
    </Alert>
  );
}

function QuestionForm({
  titleId,
  examId,
  topics,
  save,
  question,
  onCancel,
  onSaved,
}: {
  titleId: string;
  examId: string;
  topics: string[];
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
  const onUploadBusy = useCallback((busy: boolean) => setUploading((count) => count + (busy ? 1 : -1)), []);

  // Stable handlers (the memoised fields above re-render only when their own value changes).
  const handlers = useMemo(() => {
    const field =
      (name: 'question' | 'explanation' | 'objective' | 'topic') => (event: ChangeEvent<HTMLInputElement>) =>
        setDraft((current) => ({ ...current, [name]: event.target.value }));
    return {
      question: field('question'),
      explanation: field('explanation'),
      objective: field('objective'),
      topic: field('topic'),
      option: (index: number, text: string) =>
        setDraft((current) => ({
          ...current,
          options: current.options.map((option, i) => (i === index ? text : option)),
        })),
      rationale: (index: number, text: string) =>
        setDraft((current) => ({
          ...current,
          rationales: current.rationales.map((rationale, i) => (i === index ? text : rationale)),
        })),
      removeOption: (index: number) => setDraft((current) => removeOption(current, index)),
      isSample: (event: ChangeEvent<HTMLInputElement>) =>
        setDraft((current) => ({ ...current, isSample: event.target.checked })),
      correctAnswer: (event: ChangeEvent<HTMLInputElement>) =>
        setDraft((current) => ({ ...current, correctAnswer: Number(event.target.value) })),
      references: (references: ReferenceDraft[]) => setDraft((current) => ({ ...current, references })),
      image: (image: QuestionImage | null) => {
        setDraft((current) => ({ ...current, image }));
        setErrors(({ image: _fixed, ...rest }) => rest);
      },
      explanationImage: (explanationImage: QuestionImage | null) => {
        setDraft((current) => ({ ...current, explanationImage }));
        setErrors(({ explanationImage: _fixed, ...rest }) => rest);
      },
    };
  }, []);

  const send = (allowDuplicate: boolean) => {
    const found: QuestionDraftErrors = {
      ...(uploading > 0 ? { form: 'Wait for the image to finish uploading.' } : {}),
      ...validateQuestionDraft(draft),
    };
    setErrors(found);
    if (hasErrors(found)) return;
    const body = { ...toQuestionBody(draft), ...(allowDuplicate ? { allowDuplicate: true } : {}) };
    save.mutate({ questionId: question?._id ?? null, body }, { onSuccess: onSaved });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(false);
  };

  const details = serverDetails(save.error);
  const duplicate = hasErrorCode(save.error, DUPLICATE_QUESTION_CODE);
  // A topic the question has that the exam no longer lists stays choosable (saving would then say why).
  const topicChoices = useMemo(
    () => (draft.topic && !topics.includes(draft.topic) ? [...topics, draft.topic] : topics),
    [draft.topic, topics],
  );
  const canRemove = canRemoveOption(draft);

  return (
    <DialogForm
      titleId={titleId}
      title={question ? 'Edit Question' : 'Add Question'}
      onSubmit={submit}
      onCancel={onCancel}
      busy={save.isPending}
      submit={{ label: 'Save Question', busyLabel: 'Saving...', spinner: true }}
    >
      {duplicate && (
        <DuplicateWarning
          examId={examId}
          text={draft.question.trim()}
          excludeId={question?._id ?? null}
          message={errorMessage(save.error, 'This question is nearly the same as another in this exam.')}
          busy={save.isPending}
          adding={question === null}
          onSaveAnyway={() => send(true)}
        />
      )}
      {save.isError && !duplicate && (
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
      <MemoTextField
        label="Question"
        required
        fullWidth
        multiline
        minRows={2}
        margin="normal"
        value={draft.question}
        onChange={handlers.question}
        error={Boolean(errors.question)}
        helperText={errors.question}
      />
      <TopicField
        topic={draft.topic}
        choices={topicChoices}
        examHasTopics={topics.length > 0}
        onChange={handlers.topic}
      />
      <Box sx={{ mt: 1 }}>
        <FormControlLabel
          control={<Switch checked={draft.isSample} onChange={handlers.isSample} />}
          label="Sample question"
        />
        <FormHelperText sx={{ mx: 0, mt: 0 }}>
          {`Shown on the exam's page for anyone to try before subscribing, with its answer once checked. At most ${MAX_SAMPLE_QUESTIONS} per exam.`}
        </FormHelperText>
      </Box>
      <MemoQuestionImageField
        label="Image for the question"
        name="question image"
        value={draft.image}
        onChange={handlers.image}
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
          onChange={handlers.correctAnswer}
        >
          {draft.options.map((option, index) => (
            <OptionRow
              // Options have no id of their own; the position is their identity while editing.
              key={index}
              index={index}
              option={option}
              rationale={draft.rationales[index] ?? ''}
              correct={draft.correctAnswer === index}
              canRemove={canRemove}
              optionError={errors.options?.[index]}
              rationaleError={errors.rationales?.[index]}
              onOption={handlers.option}
              onRationale={handlers.rationale}
              onRemove={handlers.removeOption}
            />
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
      <MemoTextField
        label="Explanation"
        fullWidth
        multiline
        minRows={2}
        margin="normal"
        value={draft.explanation}
        onChange={handlers.explanation}
        helperText="Optional. Shown to learners in their results."
      />
      <MemoTextField
        label="Learning objective"
        fullWidth
        margin="normal"
        value={draft.objective}
        onChange={handlers.objective}
        error={Boolean(errors.objective)}
        helperText={errors.objective ?? 'Optional. One sentence: what the learner should remember.'}
        slotProps={OBJECTIVE_INPUT}
      />
      <MemoReferencesField
        references={draft.references}
        errors={errors.references}
        onChange={handlers.references}
      />
      <MemoQuestionImageField
        label="Image for the explanation"
        name="explanation image"
        value={draft.explanationImage}
        onChange={handlers.explanationImage}
        altError={errors.explanationImage}
        onBusyChange={onUploadBusy}
      />
    </DialogForm>
  );
}

/**
 * Spec §2 question add/edit dialog: the question, 4 to 6 options with the correct one chosen by radio
 * button, and an optional explanation; optional images with the question and the explanation, each
 * with alt text (decision 0040); its topic, each option's rationale, the learning objective and references
 * (decision 0050). `question` null means a new question.
 */
export function QuestionDialog({
  open,
  examId,
  topics,
  question,
  onClose,
  onSaved,
}: {
  open: boolean;
  examId: string;
  /** the exam's topics, which the question may be filed under */
  topics: string[];
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
        examId={examId}
        topics={topics}
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
