import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import { Outlet, useNavigation } from 'react-router';
import { TopNav } from './TopNav.tsx';
import { SiteFooter } from './site-footer.tsx';
import { MaintenanceGate } from './maintenance-notice.tsx';
import { SkipLink } from './skip-link.tsx';
import { OfflineNotice } from './offline-notice.tsx';

const MAIN_CONTENT_ID = 'main-content';

/** The learner-facing page frame: sticky navigation, main content (or the maintenance page), footer. */
export function AppLayout() {
  const navigation = useNavigation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <TopNav />
      {/* While the next page's chunk loads the current page stays; this bar shows something is happening. */}
      <Box sx={{ height: 4 }}>
        {navigation.state !== 'idle' && <LinearProgress aria-label="Loading page" color="secondary" />}
      </Box>
      <OfflineNotice />
      {/* At least a screen tall: the footer starts below the fold, so content arriving never pushes it
          down in view (a layout shift). */}
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, minHeight: '100vh', outline: 'none' }}
      >
        <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
          <MaintenanceGate>
            <Outlet />
          </MaintenanceGate>
        </Container>
      </Box>
      <SiteFooter />
    </Box>
  );
}
