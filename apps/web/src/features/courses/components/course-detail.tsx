import { useEffect, useRef, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ViewListOutlinedIcon from '@mui/icons-material/ViewListOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import type {
  Course,
  CourseProgress,
  CourseUnit,
  StartUnitResponse,
  UnitProgress,
  UnitProgressStatus,
} from '@mlp/contract';
import { LoadError } from '../../../components/load-error.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { formatDate } from '../../../lib/format.ts';
import type { LoginRedirectState } from '../../../lib/login-redirect.ts';
import {
  courseProgressQueryOptions,
  courseQueryOptions,
  useEnrolMutation,
  useMarkReadMutation,
  useStartUnitMutation,
} from '../api/courses-api.ts';
import {
  courseAccessLabel,
  courseCategoryLabel,
  lockedLabel,
  unitCountLabel,
  unitDetails,
  unitStatusLabel,
  UNIT_KIND_LABELS,
} from '../course-text.ts';
import { CourseProgressBar } from './course-progress-bar.tsx';

/** Complete is green, a checkpoint not passed yet amber, an open practice set blue. */
const STATUS_COLORS: Record<UnitProgressStatus, ChipProps['color']> = {
  'not-started': 'default',
  'in-progress': 'info',
  read: 'success',
  done: 'success',
  passed: 'success',
  failed: 'warning',
};

const PROGRESS_HEADING_ID = 'course-progress-heading';
const ENROLLED_NOTE_ID = 'course-enrolled-note';

const unitTitleId = (unitId: string) => `unit-${unitId}-title`;
/** The unit's status, named by the status itself so focus waits for the new one ('Read'). */
const unitStatusId = (unitId: string, status: string) => `unit-${unitId}-status-${status}`;

/**
 * An article unit's link: with the course and the practice or checkpoint unit that follows it, so the
 * article offers "Test yourself on this" (decision 0053).
 */
function articleUnitPath(courseId: string, units: CourseUnit[], unit: CourseUnit): string {
  const path = `/articles/${encodeURIComponent(unit.articleId ?? '')}`;
  const after = units.slice(units.findIndex((candidate) => candidate._id === unit._id) + 1);
  const practice = after.find((candidate) => candidate.kind !== 'article');
  return practice
    ? `${path}?course=${encodeURIComponent(courseId)}&unit=${encodeURIComponent(practice._id)}`
    : path;
}

/** Where a started unit is sat: the practice set's page, or the checkpoint's exam in exam mode. */
function startedUnitPath(started: StartUnitResponse): string {
  return started.kind === 'practice'
    ? `/practice/${encodeURIComponent(started.attemptId)}`
    : `/exams/${encodeURIComponent(started.examId)}/take`;
}

/**
 * Focus that moves once the element it names is on screen: a write's answer re-renders the page, and
 * what the learner acted on (a button now gone) is replaced by what it became.
 */
function useFocusWhenShown() {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    const id = pending.current;
    if (!id) return;
    const element = document.getElementById(id);
    if (element) {
      pending.current = null;
      element.focus();
    }
  });
  return (id: string) => {
    pending.current = id;
  };
}

function BackToCourses() {
  return (
    <Button component={RouterLink} to="/courses" startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
      Back to Courses
    </Button>
  );
}

function CourseSkeleton() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }} aria-busy="true" aria-label="Loading course">
      <Skeleton variant="text" width="70%" height={48} />
      <Stack direction="row" spacing={1} sx={{ my: 1 }}>
        <Skeleton variant="rounded" width={90} height={24} />
        <Skeleton variant="rounded" width={70} height={24} />
      </Stack>
      <Skeleton variant="text" />
      <Skeleton variant="text" width="60%" />
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={88} sx={{ mt: 2 }} />
      ))}
    </Paper>
  );
}

/** What the page does with a unit; the page holds the writes, so 'Continue' and the unit share them. */
interface UnitActions {
  enrolled: boolean;
  /** an article unit's link (with its "Test yourself on this" practice unit) */
  articlePath: (unit: CourseUnit) => string;
  markRead: (unitId: string) => void;
  start: (unitId: string) => void;
  /** the unit whose write is being sent */
  busyUnitId: string | null;
  /** the refusal to show under a unit */
  errorFor: (unitId: string) => string | null;
}

/** A practice set starts, resumes or starts again; a checkpoint is started (until it is passed). */
function startLabel(unit: CourseUnit, progress: UnitProgress | undefined): string {
  if (unit.kind === 'checkpoint') return 'Start checkpoint';
  if (progress?.status === 'in-progress') return 'Resume';
  if (progress?.status === 'done') return 'Practise again';
  return 'Start';
}

function UnitRow({
  unit,
  number,
  progress,
  signedIn,
  actions,
}: {
  unit: CourseUnit;
  number: number;
  progress: UnitProgress | undefined;
  signedIn: boolean;
  actions: UnitActions;
}) {
  const titleId = unitTitleId(unit._id);
  // A visitor sees what needs a subscription; a learner is told by their progress.
  const locked = progress ? progress.locked : !signedIn && unit.requiresSubscription;
  const busy = actions.busyUnitId === unit._id;
  const error = actions.errorFor(unit._id);
  // Statuses are the enrolled learner's; before enrolling every unit would read 'Not started'.
  const status = actions.enrolled ? progress : undefined;
  const canAct = actions.enrolled && !locked;
  const checkpointPassed = progress?.status === 'passed';

  const buttons: ReactNode[] = [];
  if (unit.kind === 'article' && unit.articleId) {
    buttons.push(
      <Button
        key="read"
        component={RouterLink}
        to={actions.articlePath(unit)}
        variant="outlined"
        size="small"
        aria-describedby={titleId}
      >
        Read
      </Button>,
    );
    if (canAct && progress?.status !== 'read') {
      buttons.push(
        <Button
          key="mark-read"
          variant="contained"
          size="small"
          onClick={() => actions.markRead(unit._id)}
          disabled={busy}
          aria-describedby={titleId}
        >
          Mark as read
        </Button>,
      );
    }
  }
  if (unit.kind !== 'article' && canAct && !checkpointPassed) {
    buttons.push(
      <Button
        key="start"
        variant="contained"
        size="small"
        startIcon={<PlayArrowIcon />}
        onClick={() => actions.start(unit._id)}
        disabled={busy}
        aria-describedby={titleId}
      >
        {startLabel(unit, progress)}
      </Button>,
    );
  }
  if (unit.kind !== 'article' && actions.enrolled && progress?.resultId) {
    buttons.push(
      <Button
        key="result"
        component={RouterLink}
        to={`/exams/results/${encodeURIComponent(progress.resultId)}`}
        variant="outlined"
        size="small"
        aria-describedby={titleId}
      >
        Review result
      </Button>,
    );
  }

  return (
    <Box
      component="li"
      id={`unit-${unit._id}`}
      sx={{ listStyle: 'none', p: { xs: 1.5, sm: 2 }, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.6 }}>
        Unit {number} · {UNIT_KIND_LABELS[unit.kind]}
      </Typography>
      <Typography
        id={titleId}
        component="h3"
        variant="subtitle1"
        tabIndex={-1}
        sx={{ fontWeight: 600, lineHeight: 1.35, outline: 'none' }}
      >
        {unit.title}
      </Typography>
      {unitDetails(unit).map((line) => (
        <Typography key={line} variant="body2" color="text.secondary">
          {line}
        </Typography>
      ))}
      {(status || locked) && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 1 }}>
          {status && (
            <Box
              component="span"
              id={unitStatusId(unit._id, status.status)}
              tabIndex={-1}
              sx={{ outline: 'none' }}
            >
              <VisuallyHidden>Status: </VisuallyHidden>
              <Chip
                size="small"
                label={unitStatusLabel(status)}
                color={STATUS_COLORS[status.status]}
                variant={status.status === 'not-started' ? 'outlined' : 'filled'}
              />
            </Box>
          )}
          {locked && (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <LockOutlinedIcon fontSize="small" color="action" aria-hidden="true" />
              {unit.examId ? (
                <Link component={RouterLink} to={`/exams/${encodeURIComponent(unit.examId)}`} variant="body2">
                  {lockedLabel(unit.examTitle)}
                </Link>
              ) : (
                <Typography variant="body2">{lockedLabel(unit.examTitle)}</Typography>
              )}
            </Stack>
          )}
        </Stack>
      )}
      {buttons.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }}>
          {buttons}
        </Stack>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}

/** 'Log in to enrol' for a visitor: the login page brings them back here. */
function VisitorPanel() {
  const location = useLocation();
  const state: LoginRedirectState = { from: location };
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Typography color="text.secondary">
        Enrol to keep track of your progress and get a certificate when you finish.
      </Typography>
      <Button component={RouterLink} to="/login" state={state} variant="contained">
        Log in to enrol
      </Button>
    </Stack>
  );
}

/** The learner's standing in the course: enrol, or the progress bar with 'Continue' or the certificate. */
function ProgressPanel({
  course,
  progress,
  onEnrol,
  enrolling,
  enrolError,
  onContinue,
  continuing,
}: {
  course: Course;
  progress: CourseProgress;
  onEnrol: () => void;
  enrolling: boolean;
  enrolError: string | null;
  onContinue: (unit: CourseUnit) => void;
  continuing: boolean;
}) {
  if (!progress.enrolled) {
    return (
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Typography color="text.secondary">
          Enrol to keep track of your progress and get a certificate when you finish.
        </Typography>
        {enrolError && <Alert severity="error">{enrolError}</Alert>}
        <Button variant="contained" onClick={onEnrol} disabled={enrolling}>
          Enrol
        </Button>
      </Stack>
    );
  }

  const nextUnit = course.units.find((unit) => unit._id === progress.nextUnitId);
  let next: ReactNode = null;
  if (progress.completedAt === null && nextUnit) {
    next =
      nextUnit.kind === 'article' && nextUnit.articleId ? (
        <Button
          component={RouterLink}
          to={articleUnitPath(
            course._id,
            [...course.units].sort((a, b) => a.position - b.position),
            nextUnit,
          )}
          variant="contained"
          startIcon={<PlayArrowIcon />}
        >
          Continue
        </Button>
      ) : (
        <Button
          variant="contained"
          startIcon={<PlayArrowIcon />}
          onClick={() => onContinue(nextUnit)}
          disabled={continuing}
        >
          Continue
        </Button>
      );
  }

  return (
    <Stack spacing={1.5}>
      {progress.enrolledAt && (
        <Typography id={ENROLLED_NOTE_ID} tabIndex={-1} color="text.secondary" sx={{ outline: 'none' }}>
          Enrolled on {formatDate(progress.enrolledAt)}
        </Typography>
      )}
      <CourseProgressBar
        completed={progress.completedUnits}
        total={progress.totalUnits}
        labelledBy={PROGRESS_HEADING_ID}
      />
      {course.units.some((unit) => unit.kind !== 'article') && (
        <Box>
          <Button
            component={RouterLink}
            to={`/analytics?course=${encodeURIComponent(course._id)}`}
            size="small"
            startIcon={<InsightsOutlinedIcon />}
          >
            Your figures on its topics
          </Button>
        </Box>
      )}
      {progress.completedAt !== null ? (
        <Alert severity="success" icon={<WorkspacePremiumOutlinedIcon />}>
          <AlertTitle>Course complete</AlertTitle>
          <Typography variant="body2">Completed on {formatDate(progress.completedAt)}</Typography>
          <Button
            component={RouterLink}
            to={`/courses/${encodeURIComponent(course._id)}/certificate`}
            variant="outlined"
            color="success"
            size="small"
            sx={{ mt: 1.5 }}
          >
            View certificate
          </Button>
        </Alert>
      ) : (
        next && <Box>{next}</Box>
      )}
    </Stack>
  );
}

/**
 * A course: its cover, title, category and summary, the units in order (what each is, and for a
 * signed-in learner where they stand and what to do next), enrolment and the overall progress with
 * 'Continue', or 'Course complete' and the certificate. 'Course not found' when it is not published.
 */
export function CourseDetail({
  courseId,
  onUnitStarted,
}: {
  courseId: string;
  /** told before the page moves to the started unit (the route refreshes what else shows sittings) */
  onUnitStarted?: (started: StartUnitResponse) => void;
}) {
  const { isSignedIn } = useAuth();
  const navigate = useNavigate();
  const course = useQuery(courseQueryOptions(courseId));
  const progress = useQuery({ ...courseProgressQueryOptions(courseId), enabled: isSignedIn });
  const enrol = useEnrolMutation(courseId);
  const markRead = useMarkReadMutation(courseId);
  const startUnit = useStartUnitMutation(courseId);
  const focusWhenShown = useFocusWhenShown();
  const { hash } = useLocation();
  const loaded = course.isSuccess;
  useEffect(() => {
    // An article's "Test yourself on this" links to the practice unit that follows it here (#unit-<id>).
    if (!loaded || !hash.startsWith('#unit-')) return;
    document.getElementById(unitTitleId(decodeURIComponent(hash.slice('#unit-'.length))))?.focus();
  }, [loaded, hash]);

  if (course.isPending) {
    return (
      <Box>
        <BackToCourses />
        <CourseSkeleton />
      </Box>
    );
  }

  if (course.isError) {
    const notFound = course.error instanceof ApiError && course.error.status === 404;
    return (
      <Box>
        <BackToCourses />
        {notFound ? (
          <Alert severity="warning">Course not found</Alert>
        ) : (
          <LoadError
            message={errorMessage(course.error, 'Error fetching course')}
            onRetry={() => course.refetch()}
          />
        )}
      </Box>
    );
  }

  const data = course.data;
  const units = [...data.units].sort((a, b) => a.position - b.position);
  const learnerProgress = isSignedIn ? progress.data : undefined;
  const progressByUnit = new Map((learnerProgress?.units ?? []).map((unit) => [unit.unitId, unit]));
  const enrolled = learnerProgress?.enrolled ?? false;

  // One refusal shows at a time: a new write clears the other one's.
  const start = (unitId: string, fromContinue = false) => {
    markRead.reset();
    startUnit.mutate(unitId, {
      onSuccess: (started) => {
        onUnitStarted?.(started);
        void navigate(startedUnitPath(started));
      },
      // 'Continue' takes the learner to the unit that could not start, where the refusal is shown.
      onError: () => {
        if (fromContinue) focusWhenShown(unitTitleId(unitId));
      },
    });
  };

  const actions: UnitActions = {
    enrolled,
    articlePath: (unit) => articleUnitPath(data._id, units, unit),
    markRead: (unitId) => {
      startUnit.reset();
      markRead.mutate(unitId, { onSuccess: () => focusWhenShown(unitStatusId(unitId, 'read')) });
    },
    start: (unitId) => start(unitId),
    busyUnitId: markRead.isPending
      ? (markRead.variables ?? null)
      : startUnit.isPending
        ? (startUnit.variables ?? null)
        : null,
    errorFor: (unitId) => {
      if (markRead.isError && markRead.variables === unitId)
        return errorMessage(markRead.error, 'Could not mark the unit as read. Please try again.');
      if (startUnit.isError && startUnit.variables === unitId)
        return errorMessage(startUnit.error, 'Could not start the unit. Please try again.');
      return null;
    },
  };

  const continueWith = (unit: CourseUnit) => {
    if (unit.kind === 'article' || progressByUnit.get(unit._id)?.locked) {
      // Nothing to start: the unit shows what there is to do (or how to unlock it).
      document.getElementById(unitTitleId(unit._id))?.focus();
      return;
    }
    start(unit._id, true);
  };

  let progressBody: ReactNode;
  if (!isSignedIn) {
    progressBody = <VisitorPanel />;
  } else if (progress.isPending) {
    progressBody = (
      <Box aria-busy="true" aria-label="Loading your progress">
        <Skeleton variant="text" width={240} />
        <Skeleton variant="rounded" width={120} height={36} sx={{ mt: 1 }} />
      </Box>
    );
  } else if (progress.isError) {
    progressBody = (
      <LoadError
        message={errorMessage(progress.error, 'Error fetching your progress')}
        onRetry={() => progress.refetch()}
      />
    );
  } else {
    progressBody = (
      <ProgressPanel
        course={{ ...data, units }}
        progress={progress.data}
        onEnrol={() => enrol.mutate(undefined, { onSuccess: () => focusWhenShown(ENROLLED_NOTE_ID) })}
        enrolling={enrol.isPending}
        enrolError={enrol.isError ? errorMessage(enrol.error, 'Could not enrol. Please try again.') : null}
        onContinue={continueWith}
        continuing={startUnit.isPending}
      />
    );
  }

  return (
    <Box>
      <BackToCourses />
      <Paper
        variant="outlined"
        component="article"
        aria-labelledby="course-title"
        sx={{ overflow: 'hidden' }}
      >
        {data.coverImageUrl && (
          <Box
            component="img"
            src={data.coverImageUrl}
            alt={data.coverImageAlt}
            decoding="async"
            sx={{
              display: 'block',
              width: '100%',
              aspectRatio: { xs: '16 / 9', sm: '3 / 1' },
              objectFit: 'cover',
              bgcolor: 'grey.100',
            }}
          />
        )}
        <Box sx={{ p: { xs: 2, sm: 4 } }}>
          <Typography
            id="course-title"
            component="h1"
            variant="h4"
            sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
          >
            {data.title}
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'center', my: 1.5 }}
          >
            <Chip label={courseCategoryLabel(data.category)} size="small" variant="outlined" />
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mr: 1 }}>
              <ViewListOutlinedIcon fontSize="small" color="action" aria-hidden="true" />
              <Typography variant="body2">{unitCountLabel(units.length)}</Typography>
            </Stack>
            {data.paidExams.length === 0 ? (
              <Chip label="Free" size="small" color="success" />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {courseAccessLabel(data.paidExams)}
              </Typography>
            )}
          </Stack>
          {data.summary.trim() && <Typography sx={{ whiteSpace: 'pre-line' }}>{data.summary}</Typography>}

          <Divider sx={{ my: 3 }} />
          <Box component="section" aria-labelledby={PROGRESS_HEADING_ID}>
            <Typography id={PROGRESS_HEADING_ID} component="h2" variant="h6" gutterBottom>
              Your progress
            </Typography>
            {progressBody}
          </Box>

          <Divider sx={{ my: 3 }} />
          <Box component="section" aria-labelledby="course-units-heading">
            <Typography id="course-units-heading" component="h2" variant="h6" gutterBottom>
              Units
            </Typography>
            {units.length === 0 ? (
              <Typography color="text.secondary">This course has no units yet.</Typography>
            ) : (
              <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0 }}>
                {units.map((unit, index) => (
                  <UnitRow
                    key={unit._id}
                    unit={unit}
                    number={index + 1}
                    progress={progressByUnit.get(unit._id)}
                    signedIn={isSignedIn}
                    actions={actions}
                  />
                ))}
              </Stack>
            )}
          </Box>
        </Box>
      </Paper>
    </Box>
  );
}
