import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  FormProvider,
  useController,
  useForm,
  useFormContext,
  useFormState,
  useWatch,
  type Control,
  type FieldPath,
  type Resolver,
} from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
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
  type QuestionBody,
} from '@mlp/contract';
import { useQuery } from '@tanstack/react-query';
import { FormAlert } from '../../../components/form/form-controls.tsx';
import { fieldBinding, FormTextField } from '../../../components/form/form-text-field.tsx';
import { FormSwitchField } from '../../../components/form/form-switch-field.tsx';
import { useFocusFirstError } from '../../../components/form/focus-first-error.ts';
import { ApiError, errorMessage, hasErrorCode } from '../../../lib/api-client.ts';
import { similarQuestionsQueryOptions, useSaveQuestionMutation } from '../api/exams-api.ts';
import { ReferencesField } from './references-field.tsx';
import { DialogForm } from '../../../components/dialogs/form-dialog.tsx';
import { ResponsiveDialog } from '../../../components/dialogs/responsive-dialog.tsx';
import { QuestionImageField } from './question-image-field.tsx';
import {
  addOption,
  draftFromQuestion,
  duplicateSearchLink,
  hasErrors,
  newQuestionDraft,
  questionBodyIssues,
  questionDraftIssues,
  removeOption,
  repeatedOptionsProblem,
  toQuestionBody,
  validateQuestionDraft,
  type QuestionDraft,
} from '../exam-rules.ts';

/*
 * Typing in one field re-renders only that field (decision 0052): each field reads its own value from the
 * form (useController), and the memoised fields below get stable props, so a keystroke in the question does
 * not re-render the options, rationales and the explanation (each multi-line field measures its text
 * height on every render, which is slow on a phone and in the web tests' jsdom).
 */
const MemoFormTextField = memo(FormTextField) as typeof FormTextField;
const MemoReferencesField = memo(ReferencesField);
const MemoQuestionImageField = memo(QuestionImageField);
const RATIONALE_INPUT = { htmlInput: { maxLength: RATIONALE_MAX } };
const OBJECTIVE_INPUT = { htmlInput: { maxLength: OBJECTIVE_MAX } };
const TOPIC_SLOTS = { select: { displayEmpty: true }, inputLabel: { shrink: true } };
const RADIO_SX = { mt: 2 };
const SAMPLE_HINT = `Shown on the exam's page for anyone to try before subscribing, with its answer once checked. At most ${MAX_SAMPLE_QUESTIONS} per exam.`;
const RATIONALE_BOX_SX = { pl: { xs: 0, sm: 5.25 }, pr: { xs: 0, sm: 5.5 }, mt: 0.5 };

/**
 * The fields in their order on screen, for the first with a problem to take the focus (up to the most
 * options a question has; missing ones have no problem).
 */
const FIELD_ORDER: ReadonlyArray<FieldPath<QuestionDraft>> = [
  'question',
  'image',
  ...Array.from({ length: MAX_OPTIONS }, (_unused, index) => [
    `options.${index}` as const,
    `rationales.${index}` as const,
  ]).flat(),
  'correctAnswer',
  'explanation',
  'objective',
  'references',
  'explanationImage',
];

/**
 * validateQuestionDraft, then the contract's QuestionBodySchema (questionBodyIssues), as the form's
 * resolver: each message under its own field ('options.2'); the options' 'all different' beside them
 * (OPTIONS_AS_A_WHOLE). After a refused save each change checks the form again, so a message goes as soon
 * as its field is fixed.
 */
const questionResolver: Resolver<QuestionDraft, unknown, QuestionBody> = (values, _context, options) => {
  const found = validateQuestionDraft(values);
  const body = toQuestionBody(values);
  const issues = hasErrors(found) ? questionDraftIssues(found) : questionBodyIssues(body);
  if (issues.length === 0) return { values: body, errors: {} };
  const flat = Object.fromEntries(
    issues.map((issue) => [issue.path, { type: 'validate', message: issue.message }]),
  );
  return { values: {}, errors: toNestErrors(flat, options) };
};

/** One option: its radio, its text, its remove button and, under it, its rationale. */
const OptionRow = memo(function OptionRow({
  control,
  index,
  correct,
  canRemove,
  onRemove,
}: {
  control: Control<QuestionDraft, unknown, QuestionBody>;
  index: number;
  correct: boolean;
  canRemove: boolean;
  onRemove: (index: number) => void;
}) {
  // The option and its rationale are fields of their own: typing one leaves the other as it is.
  return (
    <Box sx={{ mb: 1 }}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <Radio
          value={String(index)}
          slotProps={{ input: { 'aria-label': `Option ${index + 1} is the correct answer` } }}
          sx={RADIO_SX}
        />
        <MemoFormTextField
          control={control}
          name={`options.${index}`}
          label={`Option ${index + 1}`}
          margin="dense"
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
        <MemoFormTextField
          control={control}
          name={`rationales.${index}`}
          label={`Rationale ${index + 1} (why it is ${correct ? 'right' : 'wrong'})`}
          required={false}
          margin="none"
          size="small"
          multiline
          minRows={1}
          slotProps={RATIONALE_INPUT}
        />
      </Box>
    </Box>
  );
});

/**
 * The options with the correct one chosen by radio button, 'Add option', and the options' problem as a
 * whole ('Options must all be different'). Re-renders when an option is added or removed or the correct
 * answer changes, not as an option is typed.
 */
function OptionsField({ control }: { control: Control<QuestionDraft, unknown, QuestionBody> }) {
  const labelId = useId();
  const group = useRef<HTMLDivElement>(null);
  const { getValues, setValue, trigger } = useFormContext<QuestionDraft, unknown, QuestionBody>();
  const count = useWatch({ control, name: 'options', compute: (options: string[]) => options.length });
  const { field: correct, fieldState: correctState } = useController({ control, name: 'correctAnswer' });
  const repeated = useWatch({ control, name: 'options', compute: repeatedOptionsProblem });
  const { isSubmitted } = useFormState({ control });
  const { ref: registerCorrect } = correct;
  // A refused save focuses the first radio when no answer is chosen.
  useEffect(() => {
    registerCorrect({ focus: () => group.current?.querySelector('input')?.focus() });
  }, [registerCorrect]);

  /** Options, rationales and the correct answer change together (exam-rules' addOption, removeOption). */
  const change = useCallback(
    (next: Pick<QuestionDraft, 'options' | 'rationales' | 'correctAnswer'>) => {
      setValue('options', next.options);
      setValue('rationales', next.rationales);
      setValue('correctAnswer', next.correctAnswer);
      // After a refused save, the moved messages follow their options.
      if (isSubmitted) void trigger(['options', 'rationales', 'correctAnswer']);
    },
    [setValue, trigger, isSubmitted],
  );
  const remove = useCallback(
    (index: number) => change(removeOption(getValues(), index)),
    [change, getValues],
  );
  // After a refused save, as the options change (the resolver's own copy waits for the next save).
  const wholeProblem = isSubmitted ? repeated : undefined;

  return (
    <>
      <FormAlert message={wholeProblem} sx={{ mt: 2, mb: 0 }} />
      <FormControl component="fieldset" fullWidth error={Boolean(correctState.error)} sx={{ mt: 2 }}>
        <FormLabel component="legend" id={labelId}>
          Options (choose the correct answer)
        </FormLabel>
        <FormHelperText sx={{ mx: 0 }}>
          {`Between ${MIN_OPTIONS} and ${MAX_OPTIONS} options. Select the radio button beside the correct one.`}
        </FormHelperText>
        <RadioGroup
          ref={group}
          aria-labelledby={labelId}
          value={correct.value === null ? '' : String(correct.value)}
          onChange={(event) => correct.onChange(Number(event.target.value))}
        >
          {Array.from({ length: count }, (_unused, index) => (
            <OptionRow
              // Options have no id of their own; the position is their identity while editing.
              key={index}
              control={control}
              index={index}
              correct={correct.value === index}
              canRemove={count > MIN_OPTIONS}
              onRemove={remove}
            />
          ))}
        </RadioGroup>
        {correctState.error && <FormHelperText sx={{ mx: 0 }}>{correctState.error.message}</FormHelperText>}
      </FormControl>
      <Button
        startIcon={<AddIcon />}
        disabled={count >= MAX_OPTIONS}
        onClick={() => change(addOption(getValues()))}
        sx={{ mt: 1 }}
      >
        Add option
      </Button>
    </>
  );
}

/** The topic select: the exam's topics, or none. */
const TopicField = memo(function TopicField({
  control,
  topics,
}: {
  control: Control<QuestionDraft, unknown, QuestionBody>;
  topics: string[];
}) {
  const { field } = useController({ control, name: 'topic' });
  // A topic the question has that the exam no longer lists stays choosable (saving would then say why).
  const choices = useMemo(
    () => (field.value && !topics.includes(field.value) ? [...topics, field.value] : topics),
    [field.value, topics],
  );
  return (
    <TextField
      select
      label="Topic"
      fullWidth
      margin="normal"
      {...fieldBinding(field)}
      helperText={
        topics.length > 0
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

/** An image of the question or of its explanation, with its alt text's problem. */
const ImageField = memo(function ImageField({
  control,
  name,
  label,
  what,
  onBusyChange,
}: {
  control: Control<QuestionDraft, unknown, QuestionBody>;
  name: 'image' | 'explanationImage';
  label: string;
  what: string;
  onBusyChange: (busy: boolean) => void;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <MemoQuestionImageField
      label={label}
      name={what}
      value={field.value}
      onChange={field.onChange}
      altError={fieldState.error?.message}
      altRef={field.ref}
      onBusyChange={onBusyChange}
    />
  );
});

/** The references, each row's problems beside it; a refused save focuses the first row with one. */
const ReferencesRows = memo(function ReferencesRows({
  control,
}: {
  control: Control<QuestionDraft, unknown, QuestionBody>;
}) {
  const { field, fieldState } = useController({ control, name: 'references' });
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const { ref: registerReferences } = field;
  useEffect(() => {
    registerReferences({
      focus: () => fieldset.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    });
  }, [registerReferences]);
  // The rows' errors as react-hook-form nests them: per row, a title's and a link's.
  const rows = fieldState.error as unknown as
    Array<{ title?: { message?: string }; url?: { message?: string } } | undefined> | undefined;
  const errors = useMemo(
    () => rows?.map((row) => (row ? { title: row.title?.message, url: row.url?.message } : undefined)),
    [rows],
  );
  return (
    <MemoReferencesField ref={fieldset} references={field.value} errors={errors} onChange={field.onChange} />
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
  const form = useForm<QuestionDraft, unknown, QuestionBody>({
    resolver: questionResolver,
    defaultValues: question ? draftFromQuestion(question) : newQuestionDraft(),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // Focused once its message shows (useFocusFirstError).
    shouldFocusError: false,
  });
  useFocusFirstError(form, FIELD_ORDER);
  const { control } = form;
  const [uploading, setUploading] = useState(0);
  // Saving while an image uploads is refused until it has finished.
  const [waitForUpload, setWaitForUpload] = useState(false);
  const onUploadBusy = useCallback((busy: boolean) => setUploading((count) => count + (busy ? 1 : -1)), []);

  const send = (allowDuplicate: boolean) =>
    form.handleSubmit(
      (body) => {
        setWaitForUpload(uploading > 0);
        if (uploading > 0) return;
        save.mutate(
          {
            questionId: question?._id ?? null,
            body: allowDuplicate ? { ...body, allowDuplicate: true } : body,
          },
          { onSuccess: onSaved },
        );
      },
      () => setWaitForUpload(uploading > 0),
    );

  const details = serverDetails(save.error);
  const duplicate = hasErrorCode(save.error, DUPLICATE_QUESTION_CODE);

  return (
    <FormProvider {...form}>
      <DialogForm
        titleId={titleId}
        title={question ? 'Edit Question' : 'Add Question'}
        onSubmit={(event) => void send(false)(event)}
        onCancel={onCancel}
        busy={save.isPending}
        submit={{ label: 'Save Question', busyLabel: 'Saving...', spinner: true }}
      >
        {duplicate && (
          <DuplicateWarning
            examId={examId}
            text={form.getValues('question').trim()}
            excludeId={question?._id ?? null}
            message={errorMessage(save.error, 'This question is nearly the same as another in this exam.')}
            busy={save.isPending}
            adding={question === null}
            onSaveAnyway={() => void send(true)()}
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
        <FormAlert message={waitForUpload ? 'Wait for the image to finish uploading.' : null} />
        <MemoFormTextField control={control} name="question" label="Question" multiline minRows={2} />
        <TopicField control={control} topics={topics} />
        <FormSwitchField control={control} name="isSample" label="Sample question" helperText={SAMPLE_HINT} />
        <ImageField
          control={control}
          name="image"
          label="Image for the question"
          what="question image"
          onBusyChange={onUploadBusy}
        />
        <OptionsField control={control} />
        <MemoFormTextField
          control={control}
          name="explanation"
          label="Explanation"
          required={false}
          multiline
          minRows={2}
          helperText="Optional. Shown to learners in their results."
        />
        <MemoFormTextField
          control={control}
          name="objective"
          label="Learning objective"
          required={false}
          helperText="Optional. One sentence: what the learner should remember."
          slotProps={OBJECTIVE_INPUT}
        />
        <ReferencesRows control={control} />
        <ImageField
          control={control}
          name="explanationImage"
          label="Image for the explanation"
          what="explanation image"
          onBusyChange={onUploadBusy}
        />
      </DialogForm>
    </FormProvider>
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
