import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';

export interface Feature {
  title: string;
  icon: ReactNode;
  text: string;
}

/**
 * A section of the home and about pages: its centred h2 over feature cards, four across on wide screens,
 * two on tablets, one on phones.
 */
export function FeatureSection({
  headingId,
  title,
  features,
}: {
  headingId: string;
  title: string;
  features: Feature[];
}) {
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h4" align="center" sx={{ mb: 4 }}>
        {title}
      </Typography>
      <Grid container spacing={3}>
        {features.map(({ title, icon, text }) => (
          <Grid key={title} size={{ xs: 12, sm: 6, md: 3 }}>
            <FeatureCard icon={icon} title={title}>
              {text}
            </FeatureCard>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}

/** A titled card with an icon and one or two sentences. */
function FeatureCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ p: 3 }}>
        <Avatar
          sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', width: 48, height: 48, mb: 2 }}
          aria-hidden="true"
        >
          {icon}
        </Avatar>
        <Typography component="h3" variant="h6" gutterBottom>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {children}
        </Typography>
      </CardContent>
    </Card>
  );
}
