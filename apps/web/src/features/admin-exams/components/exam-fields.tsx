import type { ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { EXAM_CATEGORIES } from '@mlp/contract';
import type { ExamFieldErrors, ExamFieldValues } from '../exam-rules.ts';

const categoryLabel = (category: string) => category.charAt(0).toUpperCase() + category.slice(1);

/**
 * The exam's own fields, in 'Create New Exam' and in the edit form's 'Exam Information'. Creating
 * (spec §2 Create New Exam) picks the category from the list, leaves the description optional and names
 * the price 'Monthly Subscription Fee'; editing (spec §2 Edit Exam) asks for the description before a
 * free-text category and names it 'Price'.
 */
export function ExamFields({
  mode,
  values,
  errors,
  onChange,
}: {
  mode: 'create' | 'edit';
  values: ExamFieldValues;
  errors: ExamFieldErrors;
  onChange: (field: keyof ExamFieldValues, value: string) => void;
}) {
  const creating = mode === 'create';
  const field = (name: keyof ExamFieldValues) => ({
    required: true,
    fullWidth: true,
    margin: 'normal' as const,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(name, event.target.value),
    error: Boolean(errors[name]),
  });

  const description = (
    <TextField
      label="Description"
      {...field('description')}
      required={!creating}
      multiline
      minRows={creating ? 4 : 3}
      helperText={creating ? 'Optional. Shown to learners on the exam page.' : errors.description}
    />
  );
  const category = creating ? (
    <TextField select label="Category" {...field('category')} helperText={errors.category}>
      {EXAM_CATEGORIES.map((option) => (
        <MenuItem key={option} value={option}>
          {categoryLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  ) : (
    <TextField
      label="Category"
      {...field('category')}
      helperText={errors.category ?? 'For example medical, nursing, pharmacy'}
    />
  );

  return (
    <>
      <TextField label={creating ? 'Exam Title' : 'Title'} {...field('title')} helperText={errors.title} />
      {creating ? category : description}
      {creating ? description : category}
      {/* Side by side from 600 px; a Box with a gap keeps the fields' own margins (Stack would reset them). */}
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, columnGap: 2 }}>
        <TextField
          label="Number of Questions"
          type="number"
          {...field('numberOfQuestions')}
          helperText={
            errors.numberOfQuestions ?? (creating ? 'Questions a learner answers in one attempt' : undefined)
          }
          slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
        />
        <TextField
          label={creating ? 'Monthly Subscription Fee' : 'Price'}
          type="number"
          {...field('price')}
          helperText={
            errors.price ??
            (creating ? 'In pounds; 0 makes the exam free' : 'Monthly, in pounds; 0 makes the exam free')
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
