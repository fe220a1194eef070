import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useSiteSettings } from '../../lib/site-settings.tsx';

export function SiteFooter() {
  const { siteName } = useSiteSettings();
  return (
    <Box
      component="footer"
      sx={{ py: 3, mt: 'auto', borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Container maxWidth="lg">
        <Typography variant="body2" color="text.secondary" align="center">
          © {new Date().getFullYear()} {siteName}
        </Typography>
      </Container>
    </Box>
  );
}
