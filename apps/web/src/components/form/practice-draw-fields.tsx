import Box from '@mui/material/Box';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import CheckIcon from '@mui/icons-material/Check';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { PRACTICE_SIZE, type SittingMode } from '@mlp/contract';
import { FormTextField } from './form-text-field.tsx';

/*
 * What a practice set drawn from one exam asks for: its topics, its size and its mode. A course's practice
 * unit (decision 0053) and a cohort's practice-set assignment (decision 0079) both set these.
 */

/** The practice set's modes, in the order the select offers them. */
export const PRACTICE_MODES: ReadonlyArray<{ value: SittingMode; label: string }> = [
  { value: 'tutor', label: 'Tutor' },
  { value: 'timed', label: 'Timed' },
  { value: 'exam', label: 'Exam' },
];

/** The first mode the exam offers, in the select's order (undefined when it offers none). */
export function firstOfferedMode(modes: readonly SittingMode[]): SittingMode | undefined {
  return PRACTICE_MODES.find((mode) => modes.includes(mode.value))?.value;
}

/**
 * Several of the exam's topics, or none for all of them. Topics chosen earlier stay listed even if the
 * exam no longer has them, so they can be unticked.
 */
export function TopicsSelect<TValues extends FieldValues, TOutput>({
  control,
  name,
  examTopics,
  examChosen,
}: {
  control: Control<TValues, unknown, TOutput>;
  name: FieldPath<TValues>;
  examTopics: readonly string[];
  examChosen: boolean;
}) {
  const { field, fieldState } = useController({ control, name });
  const chosen = (field.value ?? []) as string[];
  const options = [...examTopics, ...chosen.filter((topic) => !examTopics.includes(topic))];
  const helper = !examChosen
    ? 'Choose the exam first.'
    : options.length === 0
      ? 'This exam has no topics: questions come from all of it.'
      : 'None chosen: questions from all topics.';

  return (
    <TextField
      select
      label="Topics"
      fullWidth
      margin="normal"
      name={field.name}
      value={chosen}
      onChange={(event) => {
        const picked = event.target.value as unknown as string[] | string;
        field.onChange(typeof picked === 'string' ? picked.split(',') : picked);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={options.length === 0}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helper}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) => {
            const topics = selected as string[];
            return topics.length === 0 ? 'All topics' : topics.join(', ');
          },
        },
      }}
    >
      {options.map((topic) => (
        <MenuItem key={topic} value={topic}>
          <ListItemIcon>
            {chosen.includes(topic) && <CheckIcon fontSize="small" aria-hidden="true" />}
          </ListItemIcon>
          <ListItemText primary={topic} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A practice set's size and mode, side by side from 600 px; modes the exam does not offer are off. */
export function SizeAndModeFields<TValues extends FieldValues, TOutput>({
  control,
  sizeName,
  modeName,
  offered,
}: {
  control: Control<TValues, unknown, TOutput>;
  sizeName: FieldPath<TValues>;
  modeName: FieldPath<TValues>;
  /** the modes the chosen exam offers (undefined before one is chosen) */
  offered: readonly SittingMode[] | undefined;
}) {
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, columnGap: 2 }}>
      <FormTextField
        control={control}
        name={sizeName}
        label="Questions"
        type="number"
        helperText={`${PRACTICE_SIZE.min} to ${PRACTICE_SIZE.max} questions.`}
        slotProps={{
          htmlInput: { min: PRACTICE_SIZE.min, max: PRACTICE_SIZE.max, step: 1, inputMode: 'numeric' },
        }}
      />
      <FormTextField
        control={control}
        name={modeName}
        label="Mode"
        select
        helperText={
          offered
            ? `This exam offers ${PRACTICE_MODES.filter((mode) => offered.includes(mode.value))
                .map((mode) => mode.label)
                .join(', ')}.`
            : 'How learners sit the practice set.'
        }
      >
        {PRACTICE_MODES.map((mode) => (
          <MenuItem
            key={mode.value}
            value={mode.value}
            disabled={offered ? !offered.includes(mode.value) : false}
          >
            {mode.label}
          </MenuItem>
        ))}
      </FormTextField>
    </Box>
  );
}
