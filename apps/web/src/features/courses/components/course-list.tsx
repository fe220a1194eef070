import { memo, useId } from 'react';
import { CategoryChips } from '../../../components/navigation/category-chips.tsx';
import { useUrlSearch } from '../../../lib/use-url-search.ts';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ViewListOutlinedIcon from '@mui/icons-material/ViewListOutlined';
import type { CourseListItem } from '@mlp/contract';
import {
  CardCount,
  CardLink,
  CatalogueCard,
  CatalogueGrid,
  CatalogueSkeleton,
  ClampedSummary,
} from '../../../components/cards/catalogue-card.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { readPageParam, UrlPagination } from '../../../components/navigation/url-pagination.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useProgressiveList } from '../../../lib/use-progressive-list.ts';
import { coursesQueryOptions } from '../api/courses-api.ts';
import {
  COURSE_CATEGORIES,
  courseAccessLabel,
  courseCategoryLabel,
  emptyCoursesMessage,
  isCourseCategory,
  unitCountLabel,
} from '../course-text.ts';
import { EnrolledCourses } from './enrolled-courses.tsx';
import { ListSearchField } from '../../../components/form/search-form.tsx';

/** Typing pauses this long before the search runs (Enter searches at once), as on the articles page. */

const NO_COURSES: CourseListItem[] = [];

/** The cover's box keeps its shape before the image arrives (no layout shift). */
const coverSx = {
  display: 'block',
  width: '100%',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  bgcolor: 'grey.100',
} as const;

/** One course: cover, title, clipped summary, unit count, category and what it costs. Memoised like the exam cards. */
const CourseCard = memo(function CourseCard({ course }: { course: CourseListItem }) {
  const titleId = useId();
  const access = courseAccessLabel(course.paidExams);
  return (
    <CatalogueCard titleId={titleId}>
      {course.coverImageUrl && (
        <Box
          component="img"
          src={course.coverImageUrl}
          alt={course.coverImageAlt}
          loading="lazy"
          decoding="async"
          sx={coverSx}
        />
      )}
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ lineHeight: 1.3 }}>
          {course.title}
        </Typography>
        {course.summary.trim() && <ClampedSummary>{course.summary}</ClampedSummary>}
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 'auto', pt: 1 }}
        >
          <CardCount icon={<ViewListOutlinedIcon fontSize="small" color="action" aria-hidden="true" />}>
            {unitCountLabel(course.unitCount)}
          </CardCount>
          <Chip label={courseCategoryLabel(course.category)} size="small" variant="outlined" />
          {access === 'Free' && <Chip label="Free" size="small" color="success" />}
        </Stack>
        {access !== 'Free' && (
          <Typography variant="body2" color="text.secondary">
            {access}
          </Typography>
        )}
      </CardContent>
      <CardLink to={`/courses/${encodeURIComponent(course._id)}`} titleId={titleId}>
        View course
      </CardLink>
    </CatalogueCard>
  );
});

function CourseCardSkeleton() {
  return (
    <Card variant="outlined" aria-hidden="true">
      <Skeleton variant="rectangular" sx={{ width: '100%', height: 'auto', aspectRatio: '16 / 9' }} />
      <CardContent>
        <Skeleton variant="text" width="85%" height={32} />
        <Skeleton variant="text" />
        <Skeleton variant="text" width="70%" />
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Skeleton variant="rounded" width={70} height={24} />
          <Skeleton variant="rounded" width={80} height={24} />
        </Stack>
      </CardContent>
    </Card>
  );
}

function courseFilters(searchParams: URLSearchParams) {
  const category = searchParams.get('category') ?? '';
  return {
    search: (searchParams.get('search') ?? '').trim(),
    // A category the API does not know (an old or edited link) lists every course.
    category: isCourseCategory(category) ? category : '',
  };
}

/** The courses query for a URL's `?search=&category=&page=` (the page and its first-load prefetch share it). */
export function courseListQuery(searchParams: URLSearchParams) {
  return coursesQueryOptions({ ...courseFilters(searchParams), page: readPageParam(searchParams) });
}

/**
 * The Courses page: for a signed-in learner their courses first ('Your courses'), then every published
 * course, searched on the server (debounced, or at once on Enter) and filtered by category chips. Search,
 * category and page live in the URL, as on the articles page.
 */
export function CourseList() {
  const { isSignedIn } = useAuth();
  const [searchParams] = useSearchParams();
  const { search, category } = courseFilters(searchParams);
  const courses = useQuery(courseListQuery(searchParams));
  const cards = useProgressiveList(courses.data?.courses ?? NO_COURSES);

  const { text, setText, submit, chooseCategory } = useUrlSearch(search);

  return (
    <Box>
      <Typography component="h1" variant="h4" gutterBottom>
        Courses
      </Typography>

      {isSignedIn && <EnrolledCourses />}

      <ListSearchField
        label="Search courses"
        placeholder="Search courses..."
        value={text}
        onChange={setText}
        onSubmit={submit}
      />

      <CategoryChips
        values={COURSE_CATEGORIES}
        selected={category}
        labelOf={courseCategoryLabel}
        onChoose={chooseCategory}
      />

      {courses.isPending && <CatalogueSkeleton label="Loading courses" Placeholder={CourseCardSkeleton} />}

      {courses.isError && (
        <LoadError
          message={errorMessage(courses.error, 'Error fetching courses')}
          onRetry={() => courses.refetch()}
        />
      )}

      {courses.data && courses.data.courses.length === 0 && (
        <Alert severity="info" variant="outlined">
          {emptyCoursesMessage(search, category)}
        </Alert>
      )}

      {courses.data && courses.data.courses.length > 0 && (
        <>
          <CatalogueGrid label="Course list" updating={courses.isPlaceholderData}>
            {cards.map((course) => (
              <CourseCard key={course._id} course={course} />
            ))}
          </CatalogueGrid>
          <UrlPagination page={courses.data.page} pages={courses.data.pages} label="Course pages" />
        </>
      )}
    </Box>
  );
}
