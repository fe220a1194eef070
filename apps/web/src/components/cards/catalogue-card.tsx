import type { ComponentType, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { VisuallyHidden } from '../visually-hidden.tsx';

/*
 * The parts of a catalogue (the exams, the articles, the courses): its grid of cards, its placeholder
 * while the cards load, and the same summary, count and link on each card.
 */

/** One column on phones, two from 600 px, three from 900 px. */
const gridSx = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
} as const;

/** A catalogue while its first cards load: six `Placeholder` cards in the grid, announced as `label`. */
export function CatalogueSkeleton({ label, Placeholder }: { label: string; Placeholder: ComponentType }) {
  return (
    <Box aria-busy="true">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Box sx={gridSx}>
        {Array.from({ length: 6 }, (_, index) => (
          <Placeholder key={index} />
        ))}
      </Box>
    </Box>
  );
}

/**
 * A catalogue's cards: a section named `label`, dimmed and busy while the next page or search loads
 * (`updating`: the cards shown are the previous ones).
 */
export function CatalogueGrid({
  label,
  updating,
  children,
}: {
  label: string;
  updating: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      component="section"
      aria-label={label}
      aria-busy={updating}
      sx={{ ...gridSx, opacity: updating ? 0.6 : 1, transition: 'opacity 150ms' }}
    >
      {children}
    </Box>
  );
}

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
