import Chip from '@mui/material/Chip';

/** A yes/no state as a small chip: filled green when on ('Published', 'Verified'), outlined when off. */
export function StateChip({ on, label }: { on: boolean; label: string }) {
  return (
    <Chip
      size="small"
      label={label}
      color={on ? 'success' : 'default'}
      variant={on ? 'filled' : 'outlined'}
    />
  );
}
