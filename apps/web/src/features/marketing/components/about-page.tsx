import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import GroupsIcon from '@mui/icons-material/Groups';
import QuizIcon from '@mui/icons-material/Quiz';
import SchoolIcon from '@mui/icons-material/School';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { FeatureSection, type Feature } from './feature-card.tsx';

const features: Feature[] = [
  {
    title: 'Comprehensive Learning',
    icon: <SchoolIcon />,
    text: 'Study materials and exams that cover medicine, nursing and pharmacy, from core science to clinical practice.',
  },
  {
    title: 'Community Driven',
    icon: <GroupsIcon />,
    text: 'Made for learners who share what they know: study alongside peers in medicine, nursing and pharmacy and help each other prepare.',
  },
  {
    title: 'Practice Exams',
    icon: <QuizIcon />,
    text: 'Multiple-choice exams scored the moment you submit, with a review of every question and explanations to learn from.',
  },
  {
    title: 'Secure Platform',
    icon: <VerifiedUserIcon />,
    text: 'Passwords are stored with modern hashing, payments go through a trusted payment provider, and you control which devices are signed in.',
  },
];

const benefits = [
  'Practice exams for medical, nursing and pharmacy topics',
  'Instant scores and a question-by-question review after every exam',
  'A history of your results, so you can see where you are improving',
  'Monthly subscriptions per exam that you can cancel at any time',
  'Articles on medical research and clinical practice',
  'Study on any device, with up to three devices on your account',
];

/** A part of the about page: an outlined card under its h2. */
function AboutSection({
  headingId,
  title,
  children,
}: {
  headingId: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 3, md: 5 } }}>
      <Typography id={headingId} component="h2" variant="h4" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export function AboutPage() {
  return (
    <Stack spacing={{ xs: 5, md: 7 }}>
      <Box component="section" aria-labelledby="about-title" sx={{ textAlign: 'center', pt: { md: 2 } }}>
        <Typography
          id="about-title"
          component="h1"
          variant="h3"
          sx={{ fontSize: { xs: '2rem', md: '3rem' } }}
        >
          About Medical Learning Platform
        </Typography>
        <Typography
          component="p"
          variant="h6"
          color="text.secondary"
          sx={{ mt: 2, mx: 'auto', maxWidth: 720, fontWeight: 400 }}
        >
          An online place to study, practise and keep learning for medical, nursing and pharmacy professionals
          and students.
        </Typography>
      </Box>

      <AboutSection headingId="mission-title" title="Our Mission">
        <Typography sx={{ mb: 2 }}>
          Good care depends on people who keep learning. Our mission is to make high-quality study and exam
          practice easy to reach for everyone training for or working in healthcare, wherever and whenever
          they study.
        </Typography>
        <Typography>
          We bring practice exams, clear explanations and reading on research and clinical practice together
          in one place, so you spend less time searching for material and more time learning from it.
        </Typography>
      </AboutSection>

      <FeatureSection headingId="what-we-offer-title" title="What We Offer" features={features} />

      <AboutSection headingId="benefits-title" title="Platform Benefits">
        <List>
          {benefits.map((benefit) => (
            <ListItem key={benefit} disableGutters>
              <ListItemIcon sx={{ minWidth: 40 }}>
                <CheckCircleIcon color="secondary" aria-hidden="true" />
              </ListItemIcon>
              <ListItemText primary={benefit} />
            </ListItem>
          ))}
        </List>
      </AboutSection>

      <Box component="section" aria-labelledby="join-title" sx={{ textAlign: 'center', pb: 2 }}>
        <Typography id="join-title" component="h2" variant="h4" gutterBottom>
          Join Our Community
        </Typography>
        <Typography color="text.secondary" sx={{ mx: 'auto', maxWidth: 720 }}>
          Whether you are preparing for your first exam or keeping your practice up to date, you are welcome
          here. Create a free account to subscribe to practice exams and track your progress as you learn; our
          articles are open to everyone.
        </Typography>
      </Box>
    </Stack>
  );
}
