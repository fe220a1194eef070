import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import type { EnrolledCoursesResponse } from '@mlp/contract';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/page-sections.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { enrolledCoursesQueryOptions } from '../api/courses-api.ts';
import { CourseProgressBar } from './course-progress-bar.tsx';
import { OutlinedRow } from '../../../components/outlined-row.tsx';

type EnrolledCourse = EnrolledCoursesResponse['courses'][number];

function EnrolledCourseRow({ entry }: { entry: EnrolledCourse }) {
  const { course } = entry;
  const titleId = `enrolled-course-${course._id}`;
  const complete = entry.completedAt !== null;
  return (
    <OutlinedRow layout="stack">
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography id={titleId} sx={{ fontWeight: 600, mb: 0.5 }}>
          {course.title}
        </Typography>
        <CourseProgressBar completed={entry.completedUnits} total={entry.totalUnits} labelledBy={titleId} />
        {entry.completedAt && (
          <Typography variant="body2" color="success.main" sx={{ mt: 0.5 }}>
            Course complete · {formatDate(entry.completedAt)}
          </Typography>
        )}
      </Box>
      <Box sx={{ flexShrink: 0 }}>
        <Button
          component={RouterLink}
          to={`/courses/${encodeURIComponent(course._id)}`}
          variant={complete ? 'outlined' : 'contained'}
          size="small"
          startIcon={complete ? undefined : <PlayArrowIcon />}
          aria-describedby={titleId}
        >
          {complete ? 'View course' : 'Continue'}
        </Button>
      </Box>
    </OutlinedRow>
  );
}

/**
 * 'Your courses': the signed-in learner's courses, each with its progress and a link back into it (the
 * Courses page and the dashboard). Nothing while loading; with no course, nothing (the Courses page) or
 * `invitation`, a line and 'Browse courses' (the dashboard, like its other empty cards). A failure says so
 * here only, so the page around it stands.
 *
 * `loadedByPage`: the page has just read the list itself and waited for it (the dashboard, so the card
 * does not push the page down when it arrives); mounting here then asks nothing more, not even after a
 * failure ('Try again' does).
 */
export function EnrolledCourses({
  invitation = false,
  loadedByPage = false,
}: {
  invitation?: boolean;
  loadedByPage?: boolean;
}) {
  const enrolled = useQuery({
    ...enrolledCoursesQueryOptions(),
    ...(loadedByPage ? { refetchOnMount: false, retryOnMount: false } : {}),
  });

  if (enrolled.isError) {
    return (
      <SectionCard title="Your courses" gutterBottom mb={3}>
        <LoadError
          message={errorMessage(enrolled.error, 'Error fetching your courses')}
          onRetry={() => enrolled.refetch()}
        />
      </SectionCard>
    );
  }
  if (!enrolled.data) {
    // Loaded again after a failure ('Try again'): the card stays where it was.
    if (!enrolled.isFetched) return null;
    return (
      <SectionCard title="Your courses" gutterBottom mb={3}>
        <Skeleton variant="rounded" height={64} aria-label="Loading your courses" />
      </SectionCard>
    );
  }
  const { courses } = enrolled.data;
  if (courses.length === 0) {
    if (!invitation) return null;
    return (
      <SectionCard title="Your courses" gutterBottom mb={3}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>You haven&apos;t enrolled in any courses yet.</Typography>
          <Button component={RouterLink} to="/courses" variant="contained">
            Browse courses
          </Button>
        </Stack>
      </SectionCard>
    );
  }

  return (
    <SectionCard title="Your courses" gutterBottom mb={3}>
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
        {courses.map((entry) => (
          <EnrolledCourseRow key={entry.course._id} entry={entry} />
        ))}
      </Stack>
    </SectionCard>
  );
}
