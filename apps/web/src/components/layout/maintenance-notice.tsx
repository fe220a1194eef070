import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { resetMaintenance } from '../../lib/maintenance.ts';
import { siteSettingsKeys, useSiteSettings } from '../../lib/site-settings.tsx';

export const MAINTENANCE_TEXT = 'The site is currently undergoing maintenance. Please check back soon.';
const MAINTENANCE_TITLE = 'Down for Maintenance';

/** The one page visitors and learners see while the site is in maintenance (decision 0022). */
function MaintenancePage() {
  const queryClient = useQueryClient();
  const tryAgain = () => {
    resetMaintenance();
    void queryClient.invalidateQueries({ queryKey: siteSettingsKeys.all });
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center', maxWidth: 640, mx: 'auto' }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {MAINTENANCE_TITLE}
      </Typography>
      <Typography role="status" sx={{ mb: 3 }}>
        {MAINTENANCE_TEXT}
      </Typography>
      <Button variant="contained" onClick={tryAgain}>
        Try again
      </Button>
    </Paper>
  );
}

/**
 * While site settings say maintenance mode, or once an API call answered 503, every learner-facing page
 * is replaced by the maintenance page: no forms that would fail, no banner on top of an error. The
 * administrator panel has its own layout and keeps working.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { maintenanceMode } = useSiteSettings();
  return maintenanceMode ? <MaintenancePage /> : children;
}
