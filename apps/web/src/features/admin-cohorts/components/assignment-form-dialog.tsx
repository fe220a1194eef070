import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import MenuItem from '@mui/material/MenuItem';
import { AssignmentBodySchema, COHORT_LIMITS, type AssignmentBody } from '@mlp/contract';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { useSaveDialog } from '../../../components/dialogs/use-save-dialog.ts';
import { FormAlert } from '../../../components/form/form-controls.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { assignableExamsQueryOptions, useCreateAssignmentMutation } from '../api/cohorts-api.ts';

type AssignmentFormValues = { examId: string; mockId: string; title: string; dueAt: string };

/** The form's values as the contract's body: the due time typed in local time becomes an instant. */
export function toAssignmentBody(values: AssignmentFormValues): Record<string, unknown> {
  const due = values.dueAt ? new Date(values.dueAt) : null;
  return {
    examId: values.examId,
    mockId: values.mockId || null,
    title: values.title.trim() || null,
    dueAt: due && !Number.isNaN(due.getTime()) ? due.toISOString() : values.dueAt,
  };
}

/** The contract's AssignmentBodySchema as the form's resolver: each problem under its own field. */
const assignmentResolver: Resolver<AssignmentFormValues, unknown, AssignmentBody> = (values, _c, options) => {
  const parsed = AssignmentBodySchema.safeParse(toAssignmentBody(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const flat: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const path = String(issue.path[0] ?? 'examId');
    flat[path] ??= { type: 'contract', message: issue.message };
  }
  return { values: {}, errors: toNestErrors(flat, options) };
};

/** Assign an exam, or a mock of it, to the cohort with a due time (decision 0079). */
export function AssignmentFormDialog({
  cohortId,
  onClose,
  onSaved,
}: {
  cohortId: string;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const exams = useQuery(assignableExamsQueryOptions());
  const save = useCreateAssignmentMutation(cohortId);
  const form = useForm<AssignmentFormValues, unknown, AssignmentBody>({
    resolver: assignmentResolver,
    defaultValues: { examId: '', mockId: '', title: '', dueAt: '' },
  });
  const { control } = form;
  const examId = useWatch({ control, name: 'examId' });
  const mocks = exams.data?.find((exam) => exam._id === examId)?.mocks ?? [];
  const { formDialog, problem } = useSaveDialog({
    save,
    handleSubmit: form.handleSubmit,
    onClose,
    onSaved,
    failed: 'The assignment could not be saved. Please try again.',
    needs: [{ query: exams, failed: 'The exams could not be loaded.' }],
  });

  return (
    <FormDialog
      {...formDialog}
      title="Assign an exam"
      submit={{ label: 'Assign', busyLabel: 'Saving...', spinner: true }}
    >
      <FormAlert message={problem} />
      <FormTextField control={control} name="examId" label="Exam" select disabled={exams.isPending}>
        {(exams.data ?? []).map((exam) => (
          <MenuItem key={exam._id} value={exam._id}>
            {exam.title}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField control={control} name="mockId" label="Sitting" select required={false}>
        <MenuItem value="">The exam itself, at any time</MenuItem>
        {mocks.map((mock) => (
          <MenuItem key={mock._id} value={mock._id}>
            Mock: {mock.title} (opens {formatDateTime(mock.opensAt)})
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField
        control={control}
        name="title"
        label="Title"
        required={false}
        helperText="The exam's or mock's title when left empty"
        slotProps={{ htmlInput: { maxLength: COHORT_LIMITS.assignmentTitle } }}
      />
      <FormTextField
        control={control}
        name="dueAt"
        label="Due"
        type="datetime-local"
        slotProps={{ inputLabel: { shrink: true } }}
        helperText="In your time zone"
      />
    </FormDialog>
  );
}
