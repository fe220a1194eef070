import { useId } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * An on/off field bound to react-hook-form: a labelled MUI switch, with what it means under it, linked to
 * the switch for screen readers. `label` may follow the value ('Status: Published').
 */
export function FormSwitchField<TValues extends FieldValues, TOutput>({
  control,
  name,
  label,
  helperText,
}: {
  control: Control<TValues, unknown, TOutput>;
  name: FieldPath<TValues>;
  label: string | ((checked: boolean) => string);
  helperText?: string;
}) {
  const { field } = useController({ control, name });
  const helperId = useId();
  const checked = Boolean(field.value);
  return (
    <Box sx={{ mt: 1 }}>
      <FormControlLabel
        label={typeof label === 'function' ? label(checked) : label}
        control={
          <Switch
            name={field.name}
            checked={checked}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { 'aria-describedby': helperText ? helperId : undefined } }}
          />
        }
      />
      {helperText && (
        <FormHelperText id={helperId} sx={{ mt: 0 }}>
          {helperText}
        </FormHelperText>
      )}
    </Box>
  );
}
