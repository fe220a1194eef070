import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/*
 * The parts of a card in a catalogue (the exams, the courses): the same summary, count and link on each.
 */

/** The card, an article named by its title (`titleId`), as tall as the others of its row. */
export function CatalogueCard({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      {children}
    </Card>
  );
}

/** A card's description, cut after three lines so the cards of a row keep one height. */
export function ClampedSummary({ children, mb = 0 }: { children: ReactNode; mb?: number }) {
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', mb }}
    >
      {children}
    </Typography>
  );
}

/** What the card holds, counted ('25 questions', '4 units'), after an icon that only decorates it. */
export function CardCount({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mr: 1 }}>
      {icon}
      <Typography variant="body2">{children}</Typography>
    </Stack>
  );
}

/** The card's one link, to its page; described by the card's title, so 'View Details' says of what. */
export function CardLink({ to, titleId, children }: { to: string; titleId: string; children: ReactNode }) {
  return (
    <CardActions sx={{ px: 2, pb: 2 }}>
      <Button component={RouterLink} to={to} variant="contained" aria-describedby={titleId}>
        {children}
      </Button>
    </CardActions>
  );
}
