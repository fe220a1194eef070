import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ASSIGNMENT_STATUS_LABELS, type AssignmentStatus, type LearnerAssignment } from '@mlp/contract';
import { OutlinedRow } from '../../../components/outlined-row.tsx';
import { SectionCard } from '../../../components/page-sections.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { cohortAssignmentsQueryOptions, useStartAssignedSetMutation } from '../api/cohorts-api.ts';

const STATUS_COLOUR: Record<AssignmentStatus, 'default' | 'primary' | 'success' | 'error'> = {
  not_started: 'default',
  in_progress: 'primary',
  done: 'success',
  overdue: 'error',
};

/** Where an assignment's button goes: the mock's sitting, or the exam's page (its modes and start). */
export function assignmentLink(assignment: Pick<LearnerAssignment, 'examId' | 'mockId'>): string {
  return assignment.mockId
    ? `/mocks/${encodeURIComponent(assignment.mockId)}/take`
    : `/exams/${encodeURIComponent(assignment.examId)}`;
}

/** What a practice set asks, under its title: "20 questions · Tutor mode · Cardiology, Renal". */
export function practiceSummary(practice: NonNullable<LearnerAssignment['practice']>): string {
  const mode = `${practice.mode.charAt(0).toUpperCase()}${practice.mode.slice(1)} mode`;
  const topics = practice.topics.length > 0 ? practice.topics.join(', ') : 'All topics';
  return `${practice.size} questions · ${mode} · ${topics}`;
}

/** A practice set's button: starts the set (or resumes the one begun) and opens it. */
function PracticeButton({ assignment, titleId }: { assignment: LearnerAssignment; titleId: string }) {
  const start = useStartAssignedSetMutation();
  const navigate = useNavigate();
  const errorId = `${titleId}-error`;
  return (
    <Box sx={{ flexShrink: 0, display: 'grid', gap: 1, justifyItems: { sm: 'end' } }}>
      <Button
        variant="contained"
        size="small"
        aria-describedby={start.isError ? `${titleId} ${errorId}` : titleId}
        disabled={start.isPending}
        onClick={() =>
          start.mutate(assignment._id, {
            onSuccess: (set) => void navigate(`/practice/${encodeURIComponent(set._id)}`),
          })
        }
      >
        {start.isPending
          ? 'Starting...'
          : assignment.status === 'in_progress'
            ? 'Resume practice set'
            : 'Start practice set'}
      </Button>
      {start.isError && (
        <Alert severity="error" id={errorId} sx={{ maxWidth: 360 }}>
          {errorMessage(start.error, 'The practice set could not be started. Please try again.')}
          {start.error instanceof ApiError && start.error.status === 403 && (
            <>
              {' '}
              <Link component={RouterLink} to={assignmentLink(assignment)}>
                Open the exam's page
              </Link>
            </>
          )}
        </Alert>
      )}
    </Box>
  );
}

function AssignmentRow({ assignment }: { assignment: LearnerAssignment }) {
  const titleId = `assignment-${assignment._id}`;
  const label = assignment.mockId ? 'Open mock' : 'Open exam';
  return (
    <OutlinedRow layout="stack">
      <Box sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography id={titleId} sx={{ fontWeight: 600 }}>
          {assignment.title}
        </Typography>
        {assignment.practice && (
          <Typography variant="body2">Practice set: {practiceSummary(assignment.practice)}</Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {assignment.cohortName} · Due {formatDateTime(assignment.dueAt)}
        </Typography>
        <Chip
          size="small"
          sx={{ mt: 0.5 }}
          color={STATUS_COLOUR[assignment.status]}
          variant={assignment.status === 'not_started' ? 'outlined' : 'filled'}
          label={ASSIGNMENT_STATUS_LABELS[assignment.status]}
        />
      </Box>
      {assignment.status !== 'done' && assignment.practice && (
        <PracticeButton assignment={assignment} titleId={titleId} />
      )}
      {assignment.status !== 'done' && !assignment.practice && (
        <Button
          component={RouterLink}
          to={assignmentLink(assignment)}
          variant="contained"
          size="small"
          aria-describedby={titleId}
          sx={{ flexShrink: 0 }}
        >
          {label}
        </Button>
      )}
    </OutlinedRow>
  );
}

/**
 * The dashboard's cohort assignments (decision 0079): each with its cohort, the due time in the learner's
 * own time zone, its status and a button to open the exam or mock, or to start the practice set. Nothing shows while there are none, or if
 * they cannot be read (the rest of the dashboard stands).
 */
export function CohortAssignments() {
  const assignments = useQuery(cohortAssignmentsQueryOptions());
  if (!assignments.data || assignments.data.length === 0) return null;
  return (
    <Box sx={{ mb: 3 }}>
      <SectionCard title="Assignments">
        <Box component="ul" sx={{ m: 0, mt: 1.5, p: 0, display: 'grid', gap: 1.5 }}>
          {assignments.data.map((assignment) => (
            <AssignmentRow key={assignment._id} assignment={assignment} />
          ))}
        </Box>
      </SectionCard>
    </Box>
  );
}
