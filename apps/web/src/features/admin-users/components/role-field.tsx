import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  ADMIN_ROLE_DESCRIPTIONS,
  ADMIN_ROLE_LABELS,
  ADMIN_ROLES,
  type AdminRole,
} from '@mlp/contract/constants';

/** A role picker with what the chosen role may do underneath (decision 0067). */
export function RoleField({
  value,
  onChange,
  disabled,
}: {
  value: AdminRole;
  onChange: (role: AdminRole) => void;
  disabled?: boolean;
}) {
  return (
    <TextField
      select
      label="Role"
      fullWidth
      margin="normal"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as AdminRole)}
      helperText={ADMIN_ROLE_DESCRIPTIONS[value]}
    >
      {ADMIN_ROLES.map((role) => (
        <MenuItem key={role} value={role}>
          {ADMIN_ROLE_LABELS[role]}
        </MenuItem>
      ))}
    </TextField>
  );
}
