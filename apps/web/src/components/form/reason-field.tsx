import TextField from '@mui/material/TextField';

/**
 * The reason an administrator's action asks for (the activity log keeps it with who acted): a required
 * multi-line field, with a problem shown in place of the helper text.
 */
export function ReasonField({
  value,
  onChange,
  label = 'Reason',
  helperText = 'Kept in the activity log with your name.',
  problem = null,
  maxLength = 500,
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  helperText?: string | undefined;
  problem?: string | null;
  maxLength?: number;
}) {
  return (
    <TextField
      label={label}
      required
      fullWidth
      multiline
      minRows={2}
      margin="normal"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(problem)}
      helperText={problem ?? helperText}
      slotProps={{ htmlInput: { maxLength } }}
    />
  );
}
