import MenuItem from '@mui/material/MenuItem';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from './form-text-field.tsx';

/**
 * An administrator's form's 'Exam': a select of the exams it may use, each by its title, disabled until
 * they are loaded (`exams`, their query). `kept` is the exam a record being edited already has: offered
 * too when it is no longer among them (no longer published), so the record still shows it.
 */
export function ExamSelectField<TValues extends FieldValues, TOutput>({
  control,
  name,
  exams,
  kept,
}: {
  control: Control<TValues, unknown, TOutput>;
  name: FieldPath<TValues>;
  exams: { isPending: boolean; data?: ReadonlyArray<{ _id: string; title: string }> | undefined };
  kept?: { _id: string; title: string } | undefined;
}) {
  return (
    <FormTextField control={control} name={name} label="Exam" select disabled={exams.isPending}>
      {(exams.data ?? []).map((exam) => (
        <MenuItem key={exam._id} value={exam._id}>
          {exam.title}
        </MenuItem>
      ))}
      {kept && !exams.data?.some((exam) => exam._id === kept._id) && (
        <MenuItem value={kept._id}>{kept.title}</MenuItem>
      )}
    </FormTextField>
  );
}
