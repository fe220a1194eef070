import Alert from '@mui/material/Alert';
import { useSiteSettings } from '../../lib/site-settings.tsx';

export const MAINTENANCE_TEXT = 'The site is currently undergoing maintenance. Please check back soon.';

/** Shown on public pages while site settings say maintenance mode, or once an API call answered 503. */
export function MaintenanceNotice() {
  const { maintenanceMode } = useSiteSettings();
  if (!maintenanceMode) return null;
  return (
    <Alert severity="warning" variant="filled" square sx={{ justifyContent: 'center' }}>
      {MAINTENANCE_TEXT}
    </Alert>
  );
}
