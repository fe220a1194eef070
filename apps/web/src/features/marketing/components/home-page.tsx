import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArticleIcon from '@mui/icons-material/Article';
import GroupsIcon from '@mui/icons-material/Groups';
import QuizIcon from '@mui/icons-material/Quiz';
import SchoolIcon from '@mui/icons-material/School';
import { useAuth } from '../../../lib/auth.tsx';
import { useSiteSettings } from '../../../lib/site-settings.tsx';
import {
  HERO_BROWSE,
  HERO_GET_STARTED,
  HERO_SIGN_IN,
  HERO_SUBTITLE,
  HERO_TITLE,
  REGISTRATION_CLOSED_NOTE,
  WHY_CHOOSE_TITLE,
} from '../home-copy.ts';
import { FeatureSection, type Feature } from './feature-card.tsx';

/** Spec §1: the landing copy names four offerings. */
const offerings: Feature[] = [
  {
    title: 'Comprehensive Learning',
    icon: <SchoolIcon />,
    text: 'Structured courses and study materials on medical, nursing and pharmacy topics, so you can build your knowledge step by step.',
  },
  {
    title: 'Medical Articles',
    icon: <ArticleIcon />,
    text: 'Curated articles on current research and clinical practice that help you keep up with how care is delivered today.',
  },
  {
    title: 'Practice Exams',
    icon: <QuizIcon />,
    text: 'Multiple-choice practice exams with instant scoring, answer explanations and a history of your results to track your progress.',
  },
  {
    title: 'Community Learning',
    icon: <GroupsIcon />,
    text: 'Learn alongside other medical, nursing and pharmacy students and professionals, and share what you know.',
  },
];

// White buttons on the blue hero; dark blue text keeps a 7:1 contrast.
const heroButtonSx = {
  bgcolor: 'common.white',
  color: 'primary.dark',
  '&:hover': { bgcolor: 'grey.100' },
} as const;

/** The hero's outlined buttons, light-edged on its gradient. */
function HeroOutlinedLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button
      component={RouterLink}
      to={to}
      size="large"
      variant="outlined"
      color="inherit"
      sx={{ borderColor: 'rgba(255,255,255,0.8)' }}
    >
      {children}
    </Button>
  );
}

export function HomePage() {
  const { isSignedIn } = useAuth();
  const { registrationEnabled } = useSiteSettings();
  return (
    <Stack spacing={{ xs: 6, md: 8 }}>
      <Paper
        component="section"
        aria-labelledby="home-hero-title"
        elevation={0}
        sx={{
          px: { xs: 3, md: 8 },
          py: { xs: 6, md: 10 },
          textAlign: 'center',
          color: 'primary.contrastText',
          background: 'linear-gradient(135deg, #0d47a1 0%, #1565c0 55%, #00695c 100%)',
        }}
      >
        <Typography
          id="home-hero-title"
          component="h1"
          variant="h2"
          sx={{ fontSize: { xs: '2.1rem', sm: '3rem', md: '3.5rem' } }}
        >
          {HERO_TITLE}
        </Typography>
        <Typography
          component="p"
          variant="h5"
          sx={{ mt: 2, mx: 'auto', maxWidth: 720, fontSize: { xs: '1.1rem', md: '1.5rem' } }}
        >
          {HERO_SUBTITLE}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4, justifyContent: 'center' }}>
          {isSignedIn ? (
            <Button component={RouterLink} to="/dashboard" size="large" variant="contained" sx={heroButtonSx}>
              Go to Dashboard
            </Button>
          ) : (
            <>
              {registrationEnabled ? (
                <Button
                  component={RouterLink}
                  to="/register"
                  size="large"
                  variant="contained"
                  sx={heroButtonSx}
                >
                  {HERO_GET_STARTED}
                </Button>
              ) : (
                <Typography sx={{ alignSelf: 'center', fontWeight: 500 }}>
                  {REGISTRATION_CLOSED_NOTE}
                </Typography>
              )}
              <HeroOutlinedLink to="/exams">{HERO_BROWSE}</HeroOutlinedLink>
              <HeroOutlinedLink to="/login">{HERO_SIGN_IN}</HeroOutlinedLink>
            </>
          )}
        </Stack>
      </Paper>

      <FeatureSection headingId="why-choose-title" title={WHY_CHOOSE_TITLE} features={offerings} />

      <Paper
        component="section"
        aria-labelledby="journey-title"
        variant="outlined"
        sx={{ px: { xs: 3, md: 8 }, py: { xs: 5, md: 7 }, textAlign: 'center' }}
      >
        <Typography
          id="journey-title"
          component="h2"
          variant="h4"
          sx={{ fontSize: { xs: '1.6rem', md: '2.125rem' } }}
        >
          Ready to Start Your Medical Learning Journey?
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 2, mb: 4, mx: 'auto', maxWidth: 640 }}>
          Join thousands of medical professionals and students who are already learning with us.
        </Typography>
        {isSignedIn ? (
          <Button component={RouterLink} to="/exams" size="large" variant="contained">
            Browse Available Exams
          </Button>
        ) : registrationEnabled ? (
          <Button component={RouterLink} to="/register" size="large" variant="contained">
            Create Your Account
          </Button>
        ) : (
          <Typography sx={{ fontWeight: 500 }}>{REGISTRATION_CLOSED_NOTE}</Typography>
        )}
      </Paper>
    </Stack>
  );
}
