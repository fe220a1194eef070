import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import { useFormContext } from 'react-hook-form';
import { EXAM_CATEGORIES } from '@mlp/contract';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import type { ExamFieldValues } from '../exam-rules.ts';

/** The fields in their order on screen, for the first with a problem to take the focus. */
export const EXAM_FIELD_ORDER = {
  create: ['title', 'category', 'description', 'numberOfQuestions', 'price'],
  edit: ['title', 'description', 'category', 'numberOfQuestions', 'price'],
} as const satisfies Record<'create' | 'edit', ReadonlyArray<keyof ExamFieldValues>>;

const categoryLabel = (category: string) => category.charAt(0).toUpperCase() + category.slice(1);

/**
 * The exam's own fields, in 'Create New Exam' and in the edit form's 'Exam Information', bound to the
 * surrounding react-hook-form (FormProvider); each shows its message in place of its hint. Creating
 * (spec §2 Create New Exam) picks the category from the list, leaves the description optional and names
 * the price 'Monthly Subscription Fee'; editing (spec §2 Edit Exam) asks for the description before a
 * free-text category and names it 'Price'.
 */
export function ExamFields({ mode }: { mode: 'create' | 'edit' }) {
  const creating = mode === 'create';
  // Both forms' values hold these fields; the fields need no more of them.
  const { control } = useFormContext<ExamFieldValues>();

  const description = (
    <FormTextField
      control={control}
      name="description"
      label="Description"
      required={!creating}
      multiline
      minRows={creating ? 4 : 3}
      helperText={creating ? 'Optional. Shown to learners on the exam page.' : undefined}
    />
  );
  const category = creating ? (
    <FormTextField control={control} name="category" label="Category" select>
      {EXAM_CATEGORIES.map((option) => (
        <MenuItem key={option} value={option}>
          {categoryLabel(option)}
        </MenuItem>
      ))}
    </FormTextField>
  ) : (
    <FormTextField
      control={control}
      name="category"
      label="Category"
      helperText="For example medical, nursing, pharmacy"
    />
  );

  return (
    <>
      <FormTextField control={control} name="title" label={creating ? 'Exam Title' : 'Title'} />
      {creating ? category : description}
      {creating ? description : category}
      {/* Side by side from 600 px; a Box with a gap keeps the fields' own margins (Stack would reset them). */}
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, columnGap: 2 }}>
        <FormTextField
          control={control}
          name="numberOfQuestions"
          label="Number of Questions"
          type="number"
          helperText={creating ? 'Questions a learner answers in one attempt' : undefined}
          slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
        />
        <FormTextField
          control={control}
          name="price"
          label={creating ? 'Monthly Subscription Fee' : 'Price'}
          type="number"
          helperText={
            creating ? 'In pounds; 0 makes the exam free' : 'Monthly, in pounds; 0 makes the exam free'
          }
          slotProps={{
            htmlInput: { min: 0, step: 0.01, inputMode: 'decimal' },
            input: { startAdornment: <InputAdornment position="start">£</InputAdornment> },
          }}
        />
      </Box>
    </>
  );
}
