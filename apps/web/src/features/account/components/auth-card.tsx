import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** The centered card every account screen uses; fits a 375 px wide phone. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 480, p: { xs: 2.5, sm: 4 } }}>
        <Typography
          component="h1"
          variant="h4"
          sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, mb: subtitle ? 1 : 2 }}
        >
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </Paper>
    </Box>
  );
}

/** The full-width way to the login page: 'Go to Login' when done, 'Back to Login' from a form or error. */
export function LoginLink({
  label,
  variant,
}: {
  label: 'Go to Login' | 'Back to Login';
  variant: 'contained' | 'outlined' | 'text';
}) {
  return (
    <Button component={RouterLink} to="/login" variant={variant} size="large" fullWidth>
      {label}
    </Button>
  );
}
