import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import MenuItem from '@mui/material/MenuItem';
import { MOCK_LATE_START, MOCK_LIMITS, MOCK_RELEASES, type AdminMock, type MockBody } from '@mlp/contract';
import { ExamSelectField } from '../../../components/form/exam-select-field.tsx';
import { SaveFormDialog, type SaveDialogProps } from '../../../components/dialogs/save-form-dialog.tsx';
import { DATE_TIME_INPUT, FormTextField } from '../../../components/form/form-text-field.tsx';
import { mockExamsQueryOptions, useSaveMockMutation } from '../api/mocks-api.ts';
import {
  checkMockForm,
  LATE_START_LABELS,
  mockFormValues,
  RELEASE_LABELS,
  type MockFormValues,
} from '../mock-rules.ts';

/** The contract's MockBodySchema as the form's resolver: each problem under its own field. */
const mockResolver: Resolver<MockFormValues, unknown, MockBody> = (values, _context, options) => {
  const checked = checkMockForm(values);
  if (checked.ok) return { values: checked.body, errors: {} };
  const flat = Object.fromEntries(
    checked.issues.map((issue) => [issue.path, { type: 'contract', message: issue.message }]),
  );
  return { values: {}, errors: toNestErrors(flat, options) };
};

/**
 * Schedule a mock, or edit one before it opens (decision 0077): the exam (published ones), a title, the
 * window in the administrator's own time, the time limit, what late starters get and when results come
 * out. The server's refusal shows above the fields.
 */
export function MockFormDialog({
  mock,
  ...dialog
}: SaveDialogProps & {
  mock?: AdminMock;
}) {
  const exams = useQuery(mockExamsQueryOptions());
  const save = useSaveMockMutation(mock?._id);
  const form = useForm<MockFormValues, unknown, MockBody>({
    resolver: mockResolver,
    defaultValues: mockFormValues(mock),
  });
  const release = useWatch({ control: form.control, name: 'release' });
  const { control } = form;

  return (
    <SaveFormDialog
      {...dialog}
      save={save}
      handleSubmit={form.handleSubmit}
      failed="The mock could not be saved. Please try again."
      needs={[{ query: exams, failed: 'The exams could not be loaded.' }]}
      title={mock ? 'Edit mock exam' : 'Schedule a mock exam'}
      submitLabel={mock ? 'Save changes' : 'Schedule mock'}
    >
      {/* Editing a mock whose exam is no longer published still shows its exam. */}
      <ExamSelectField control={control} name="examId" exams={exams} kept={mock?.exam} />
      <FormTextField
        control={control}
        name="title"
        label="Title"
        slotProps={{ htmlInput: { maxLength: MOCK_LIMITS.title } }}
      />
      <FormTextField
        control={control}
        name="opensAt"
        label="Opens"
        {...DATE_TIME_INPUT}
        helperText="In your time zone"
      />
      <FormTextField
        control={control}
        name="closesAt"
        label="Closes"
        {...DATE_TIME_INPUT}
        helperText={`At most ${MOCK_LIMITS.maxWindowDays} days after it opens`}
      />
      <FormTextField
        control={control}
        name="timeLimitMinutes"
        label="Time limit (minutes)"
        type="number"
        slotProps={{ htmlInput: { min: MOCK_LIMITS.minMinutes, max: MOCK_LIMITS.maxMinutes, step: 1 } }}
        helperText="One attempt each, timed; it cannot be paused"
      />
      <FormTextField control={control} name="lateStart" label="Late starters get" select>
        {MOCK_LATE_START.map((value) => (
          <MenuItem key={value} value={value}>
            {LATE_START_LABELS[value]}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField control={control} name="release" label="Results are released" select>
        {MOCK_RELEASES.map((value) => (
          <MenuItem key={value} value={value}>
            {RELEASE_LABELS[value]}
          </MenuItem>
        ))}
      </FormTextField>
      {release === 'at' && (
        <FormTextField
          control={control}
          name="releaseAt"
          label="Release time"
          {...DATE_TIME_INPUT}
          helperText="When the mock closes or later"
        />
      )}
    </SaveFormDialog>
  );
}
