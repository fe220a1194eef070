import { lazy, Suspense, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import { useSiteSettings } from '../../lib/site-settings.tsx';
import { SectionCard } from '../page-sections.tsx';
import type { DiscussionTarget } from './discussion-keys.ts';

/*
 * Where discussions sit on a page (decision 0056). The thread itself (its forms check input with the
 * contract's schemas, and so bring zod) is a chunk of its own, loaded when a discussion is shown: the
 * pages that have one (an article, a result, a sitting) keep their first load as it was.
 */

const LazyDiscussion = lazy(() =>
  import('./discussion.tsx').then((module) => ({ default: module.Discussion })),
);

function Discussion({ target }: { target: DiscussionTarget }) {
  return (
    <Suspense
      fallback={<Skeleton variant="rounded" height={96} role="status" aria-label="Loading the discussion" />}
    >
      <LazyDiscussion target={target} />
    </Suspense>
  );
}

/** Under an article: a 'Discussion' section. */
export function ArticleDiscussion({ articleId }: { articleId: string }) {
  const { communityEnabled } = useSiteSettings();
  if (!communityEnabled) return null;
  return (
    <SectionCard title="Discussion" titleVariant="h5" titleSx={{ mb: 2 }} p={{ xs: 2, sm: 5 }} mt={3}>
      <Discussion target={{ kind: 'article', articleId }} />
    </SectionCard>
  );
}

/**
 * Under an answered question (the result review, a tutor-mode reveal): a 'Discussion' heading that is a
 * button showing and hiding the discussion, which loads only when first opened and then stays (a draft
 * survives closing it).
 */
export function QuestionDiscussionToggle({
  questionId,
  questionNumber,
  headingLevel,
}: {
  questionId: string;
  /** for the button's accessible name: 'Discussion (question 3)' */
  questionNumber: number;
  headingLevel: 3 | 4;
}) {
  const { communityEnabled } = useSiteSettings();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const regionId = useId();
  if (!communityEnabled) return null;
  const Heading = `h${headingLevel}` as const;
  return (
    <Box sx={{ mt: 1.5 }}>
      <Typography component={Heading} variant="subtitle2" sx={{ m: 0 }}>
        <Button
          size="small"
          aria-expanded={open}
          aria-controls={regionId}
          // The visible word starts the accessible name (WCAG 2.5.3); the number tells the buttons apart.
          aria-label={`Discussion (question ${questionNumber})`}
          startIcon={<ForumOutlinedIcon />}
          endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          onClick={() => {
            setOpen(!open);
            setOpened(true);
          }}
        >
          Discussion
        </Button>
      </Typography>
      <Box id={regionId} hidden={!open} sx={{ mt: 1 }}>
        {opened && <Discussion target={{ kind: 'question', questionId }} />}
      </Box>
    </Box>
  );
}
