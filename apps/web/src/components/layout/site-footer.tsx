import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useSiteSettings } from '../../lib/site-settings.tsx';

export function SiteFooter() {
  const { siteName, contactEmail } = useSiteSettings();
  return (
    <Box
      component="footer"
      sx={{ py: 3, mt: 'auto', borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Container maxWidth="lg">
        {contactEmail && (
          <Typography variant="body2" color="text.secondary" align="center" sx={{ mb: 1 }}>
            Contact us:{' '}
            <Link href={`mailto:${contactEmail}`} sx={{ overflowWrap: 'anywhere' }}>
              {contactEmail}
            </Link>
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" align="center">
          © {new Date().getFullYear()} {siteName}
        </Typography>
      </Container>
    </Box>
  );
}
