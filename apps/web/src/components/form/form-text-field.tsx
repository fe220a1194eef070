import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/** The props of a date field whose label stays above the browser's own 'dd/mm/yyyy'. */
export const DATE_INPUT = { type: 'date', slotProps: { inputLabel: { shrink: true } } } as const;

/** The props of a moment's field (a date and a time, in the user's own time zone), its label above. */
export const DATE_TIME_INPUT = {
  type: 'datetime-local',
  slotProps: { inputLabel: { shrink: true } },
} as const;

export type FormTextFieldProps<TValues extends FieldValues, TOutput> = {
  control: Control<TValues, unknown, TOutput>;
  name: FieldPath<TValues>;
} & Omit<TextFieldProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'>;

/**
 * A labelled MUI text field bound to react-hook-form. Spec §5: every form field is marked required, so
 * `required` is on unless a caller says otherwise; the field's validation message shows under it and is
 * linked to the input for screen readers.
 */
export function FormTextField<TValues extends FieldValues, TOutput>({
  control,
  name,
  helperText,
  required = true,
  ...props
}: FormTextFieldProps<TValues, TOutput>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      margin="normal"
      fullWidth
      {...props}
      required={required}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}

/**
 * The props that bind a field of one's own making to react-hook-form (`useController`'s `field`): its
 * name, value and handlers, and with `state` its validation message. The input's ref is left to the caller.
 */
export function fieldBinding<TValue>(
  field: { name: string; value: TValue; onChange: (...event: unknown[]) => void; onBlur: () => void },
  state?: { error?: { message?: string | undefined } | undefined },
) {
  const { name, value, onChange, onBlur } = field;
  return {
    name,
    value,
    onChange,
    onBlur,
    ...(state && { error: Boolean(state.error), helperText: state.error?.message }),
  };
}
