import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { CommunitySettings } from '../../components/discussion/community-settings.tsx';
import { ChangePasswordForm } from '../../features/account/components/change-password-form.tsx';
import { DeviceManagement } from '../../features/account/components/device-management.tsx';
import { YourData } from '../../features/account/components/your-data.tsx';
import { PaymentsSection } from '../../features/billing/components/payments-section.tsx';
import { ReviewSettings } from '../../features/reviews/components/review-settings.tsx';

export default function SettingsRoute() {
  usePageTitle('Settings');
  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4">
        Settings
      </Typography>
      <ChangePasswordForm />
      <DeviceManagement />
      <ReviewSettings />
      <CommunitySettings />
      <PaymentsSection />
      <YourData />
    </Stack>
  );
}
