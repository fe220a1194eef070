import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { adminSettingsQueryOptions, useAdminCan } from '../../lib/admin/admin-api.ts';

/** What the panel says while learners can subscribe with the demo payment (decision 0019). */
export const TEST_PAYMENTS_ON =
  'Test payments are on: learners can subscribe to paid exams with the demo payment, and no money is taken.';

/**
 * The 'Test payments are on' warning of the admin dashboard (decision 0019): shown while the saved settings
 * let learners pay with the sandbox demo payment. Says nothing while the settings load or fail.
 */
export function TestPaymentsWarning({ linkToSettings = true }: { linkToSettings?: boolean }) {
  // Only a role that reads the settings asks for them (decision 0067); it is also the one that can act.
  const settings = useQuery({
    ...adminSettingsQueryOptions(),
    enabled: useAdminCan('adminSettings', 'read'),
  });
  if (!settings.data?.testPaymentsActive) return null;
  return (
    <Alert severity="warning" sx={{ mb: 3 }}>
      {TEST_PAYMENTS_ON}
      {linkToSettings && (
        <>
          {' '}
          <Link component={RouterLink} to="/admin/settings" color="inherit">
            Payment settings
          </Link>
        </>
      )}
    </Alert>
  );
}
