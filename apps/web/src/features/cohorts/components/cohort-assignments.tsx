import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { ASSIGNMENT_STATUS_LABELS, type AssignmentStatus, type LearnerAssignment } from '@mlp/contract';
import { OutlinedRow } from '../../../components/outlined-row.tsx';
import { SectionCard } from '../../../components/page-sections.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { cohortAssignmentsQueryOptions } from '../api/cohorts-api.ts';

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

function AssignmentRow({ assignment }: { assignment: LearnerAssignment }) {
  const titleId = `assignment-${assignment._id}`;
  const label = assignment.mockId ? 'Open mock' : 'Open exam';
  return (
    <OutlinedRow layout="stack">
      <Box sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography id={titleId} sx={{ fontWeight: 600 }}>
          {assignment.title}
        </Typography>
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
      {assignment.status !== 'done' && (
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
 * own time zone, its status and a button to open the exam or mock. Nothing shows while there are none, or if
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
