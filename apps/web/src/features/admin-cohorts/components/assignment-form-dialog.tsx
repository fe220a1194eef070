import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import MenuItem from '@mui/material/MenuItem';
import { AssignmentBodySchema, COHORT_LIMITS, type AssignmentBody, type SittingMode } from '@mlp/contract';
import { ExamSelectField } from '../../../components/form/exam-select-field.tsx';
import { SaveFormDialog, type SaveDialogProps } from '../../../components/dialogs/save-form-dialog.tsx';
import { DATE_TIME_INPUT, FormTextField } from '../../../components/form/form-text-field.tsx';
import {
  firstOfferedMode,
  SizeAndModeFields,
  TopicsSelect,
} from '../../../components/form/practice-draw-fields.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { assignableExamsQueryOptions, useCreateAssignmentMutation } from '../api/cohorts-api.ts';

/** What the "Sitting" select can say besides a mock's id. */
const THE_EXAM = '';
const A_PRACTICE_SET = 'practice';

type AssignmentFormValues = {
  examId: string;
  /** THE_EXAM, A_PRACTICE_SET or a mock's id */
  what: string;
  topics: string[];
  size: string;
  mode: SittingMode;
  title: string;
  dueAt: string;
};

/** The form's values as the contract's body: the due time typed in local time becomes an instant. */
export function toAssignmentBody(values: AssignmentFormValues): Record<string, unknown> {
  const due = values.dueAt ? new Date(values.dueAt) : null;
  const practice = values.what === A_PRACTICE_SET;
  return {
    examId: values.examId,
    mockId: practice || values.what === THE_EXAM ? null : values.what,
    practice: practice
      ? {
          topics: values.topics,
          size: values.size.trim() === '' ? Number.NaN : Number(values.size),
          mode: values.mode,
        }
      : null,
    title: values.title.trim() || null,
    dueAt: due && !Number.isNaN(due.getTime()) ? due.toISOString() : values.dueAt,
  };
}

/** Where a problem of the body shows in the form: a practice set's under its own field. */
function fieldOf(path: readonly PropertyKey[]): string {
  const [first, second] = path.map(String);
  if (first === 'practice') return second ?? 'what';
  if (first === 'mockId') return 'what';
  return first ?? 'examId';
}

/** The contract's AssignmentBodySchema as the form's resolver: each problem under its own field. */
const assignmentResolver: Resolver<AssignmentFormValues, unknown, AssignmentBody> = (values, _c, options) => {
  const parsed = AssignmentBodySchema.safeParse(toAssignmentBody(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const flat: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    flat[fieldOf(issue.path)] ??= { type: 'contract', message: issue.message };
  }
  return { values: {}, errors: toNestErrors(flat, options) };
};

/** Assign an exam, a mock of it or a practice set drawn from it to the cohort, with a due time (0079). */
export function AssignmentFormDialog({
  cohortId,
  ...dialog
}: SaveDialogProps & {
  cohortId: string;
}) {
  const exams = useQuery(assignableExamsQueryOptions());
  const save = useCreateAssignmentMutation(cohortId);
  const form = useForm<AssignmentFormValues, unknown, AssignmentBody>({
    resolver: assignmentResolver,
    defaultValues: {
      examId: '',
      what: THE_EXAM,
      topics: [],
      size: '20',
      mode: 'tutor',
      title: '',
      dueAt: '',
    },
  });
  const { control, setValue, getValues } = form;
  const examId = useWatch({ control, name: 'examId' });
  const what = useWatch({ control, name: 'what' });
  const exam = exams.data?.find((row) => row._id === examId);
  const mocks = exam?.mocks ?? [];
  // Another exam: its mocks and topics are others, and the mode must be one it offers.
  const shownExam = useRef(examId);
  useEffect(() => {
    if (shownExam.current === examId) return;
    shownExam.current = examId;
    if (getValues('what') !== A_PRACTICE_SET) setValue('what', THE_EXAM);
    setValue('topics', []);
    const modes = exam?.modes ?? [];
    const first = firstOfferedMode(modes);
    if (first && !modes.includes(getValues('mode'))) setValue('mode', first);
  }, [examId, exam, getValues, setValue]);

  return (
    <SaveFormDialog
      {...dialog}
      save={save}
      handleSubmit={form.handleSubmit}
      failed="The assignment could not be saved. Please try again."
      needs={[{ query: exams, failed: 'The exams could not be loaded.' }]}
      title="New assignment"
      submitLabel="Assign"
    >
      <ExamSelectField control={control} name="examId" exams={exams} />
      <FormTextField control={control} name="what" label="What to do" select required={false}>
        <MenuItem value={THE_EXAM}>The exam itself, at any time</MenuItem>
        <MenuItem value={A_PRACTICE_SET}>A practice set drawn from it</MenuItem>
        {mocks.map((mock) => (
          <MenuItem key={mock._id} value={mock._id}>
            Mock: {mock.title} (opens {formatDateTime(mock.opensAt)})
          </MenuItem>
        ))}
      </FormTextField>
      {what === A_PRACTICE_SET && (
        <>
          <TopicsSelect
            control={control}
            name="topics"
            examTopics={exam?.topics ?? []}
            examChosen={Boolean(exam)}
          />
          <SizeAndModeFields control={control} sizeName="size" modeName="mode" offered={exam?.modes} />
        </>
      )}
      <FormTextField
        control={control}
        name="title"
        label="Title"
        required={false}
        helperText={
          what === A_PRACTICE_SET
            ? 'The exam, the size and the topics when left empty'
            : "The exam's or mock's title when left empty"
        }
        slotProps={{ htmlInput: { maxLength: COHORT_LIMITS.assignmentTitle } }}
      />
      <FormTextField
        control={control}
        name="dueAt"
        label="Due"
        {...DATE_TIME_INPUT}
        helperText="In your time zone"
      />
    </SaveFormDialog>
  );
}
