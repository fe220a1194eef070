import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ASSIGNMENT_STATUS_LABELS, type AdminAssignment } from '@mlp/contract';
import { ListCard } from '../../../components/cards/list-card.tsx';
import { useConfirmedRemoval } from '../../../components/dialogs/confirmed-removal.tsx';
import { SittingsItemReport } from '../../../components/item-analysis/sittings-item-report.tsx';
import { SectionCard } from '../../../components/page-sections.tsx';
import { bandCounts, ScoreDistribution } from '../../../components/score-distribution.tsx';
import { TwoLineCell } from '../../../components/table/cells.tsx';
import { DataTable } from '../../../components/table/data-table.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import {
  assignmentItemsQueryOptions,
  assignmentProgressQueryOptions,
  useRemoveAssignmentMutation,
} from '../api/cohorts-api.ts';
import { AssignmentFormDialog } from './assignment-form-dialog.tsx';

/** Who has done what of one assignment: each member's status and best score (decision 0079). */
function ProgressTable({ cohortId, assignment }: { cohortId: string; assignment: AdminAssignment }) {
  const progress = useQuery(assignmentProgressQueryOptions(cohortId, assignment._id));
  if (progress.isError)
    return (
      <Alert severity="error">{errorMessage(progress.error, 'The progress could not be loaded.')}</Alert>
    );
  if (!progress.data) return <Skeleton variant="rounded" height={48} aria-label="Loading progress" />;
  if (progress.data.members.length === 0)
    return <Typography color="text.secondary">The cohort has no member yet.</Typography>;
  const scores = progress.data.members.flatMap((member) => (member.score === null ? [] : [member.score]));
  return (
    <Stack spacing={2}>
      <ScoresOf title={assignment.title} scores={scores} />
      <DataTable
        label={`Progress on ${assignment.title}`}
        columns={[
          {
            label: 'Member',
            render: (member) => <TwoLineCell primary={member.name} secondary={member.email} />,
            cellSx: { overflowWrap: 'anywhere' },
          },
          { label: 'Status', render: (member) => ASSIGNMENT_STATUS_LABELS[member.status] },
          { label: 'Best score', render: (member) => (member.score === null ? '—' : `${member.score}%`) },
        ]}
        rows={progress.data.members}
        rowKey={(member) => member._id}
        loading={false}
        emptyText="The cohort has no member yet."
        minWidth={480}
      />
    </Stack>
  );
}

/** The best scores of the members who have done it: how many, their mean and median, and their bands. */
function ScoresOf({ title, scores }: { title: string; scores: number[] }) {
  if (scores.length === 0)
    return <Typography color="text.secondary">Nobody has a score on it yet.</Typography>;
  const sorted = [...scores].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
  const mean = Math.round(scores.reduce((sum, score) => sum + score, 0) / scores.length);
  return (
    <Box component="section" aria-label={`Scores on ${title}`}>
      <Typography sx={{ mb: 1 }}>
        {scores.length === 1 ? '1 member has a score' : `${scores.length} members have a score`}: mean {mean}
        %, median {median}%.
      </Typography>
      <ScoreDistribution counts={bandCounts(scores)} />
    </Box>
  );
}

/** "Mock of Finals paper", "Practice set of Finals paper: 20 questions, tutor mode, Cardiology". */
export function whatItAsks(assignment: Pick<AdminAssignment, 'exam' | 'mock' | 'practice'>): string {
  const { exam, mock, practice } = assignment;
  if (mock) return `Mock of ${exam.title}`;
  if (!practice) return exam.title;
  const topics = practice.topics.length > 0 ? practice.topics.join(', ') : 'all topics';
  return `Practice set of ${exam.title}: ${practice.size} questions, ${practice.mode} mode, ${topics}`;
}

/** The item analysis of the members' sittings of an assigned exam or mock. */
function AssignmentItems({ cohortId, assignment }: { cohortId: string; assignment: AdminAssignment }) {
  const items = useQuery(assignmentItemsQueryOptions(cohortId, assignment._id));
  return <SittingsItemReport label={`Questions of ${assignment.title}`} query={items} />;
}

function AssignmentRow({
  cohortId,
  assignment,
  onNotice,
}: {
  cohortId: string;
  assignment: AdminAssignment;
  onNotice: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [itemsOpen, setItemsOpen] = useState(false);
  const remove = useConfirmedRemoval<AdminAssignment>(useRemoveAssignmentMutation(cohortId), {
    title: 'Remove assignment',
    question: 'Remove this assignment? Members no longer see it; what they have done stays in their results.',
    details: (row) => <strong>{row.title}</strong>,
    confirmLabel: 'Remove',
    busyLabel: 'Removing...',
    failure: 'The assignment could not be removed.',
    onDone: onNotice,
  });
  const { counts } = assignment;
  return (
    <ListCard
      title={assignment.title}
      details={
        <>
          <Typography variant="body2" color="text.secondary">
            {whatItAsks(assignment)} · Due {formatDateTime(assignment.dueAt)}
          </Typography>
          <Typography variant="body2">
            Done {counts.done} · In progress {counts.inProgress} · Not started {counts.notStarted} · Overdue{' '}
            {counts.overdue}
          </Typography>
        </>
      }
      actions={
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          // On a phone the buttons wrap to a new line rather than break their words (decision 0058).
          sx={{ flexShrink: 0, flexWrap: 'wrap', '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
        >
          <Button variant="outlined" onClick={() => setOpen(!open)} aria-expanded={open}>
            {open ? 'Hide members' : 'Who has done what'}
          </Button>
          {assignment.kind !== 'practice' && (
            <Button
              variant="outlined"
              onClick={() => setItemsOpen(!itemsOpen)}
              aria-expanded={itemsOpen}
              aria-label={`${itemsOpen ? 'Hide questions of' : 'Questions of'} ${assignment.title}`}
            >
              {itemsOpen ? 'Hide questions' : 'Questions'}
            </Button>
          )}
          <Button
            color="error"
            disabled={remove.busy}
            aria-label={`Remove assignment ${assignment.title}`}
            onClick={() => remove.ask(assignment)}
          >
            Remove
          </Button>
        </Stack>
      }
    >
      {remove.dialog}
      {open && (
        <Box sx={{ mt: 2 }}>
          <ProgressTable cohortId={cohortId} assignment={assignment} />
        </Box>
      )}
      {itemsOpen && (
        <Box sx={{ mt: 2 }}>
          <AssignmentItems cohortId={cohortId} assignment={assignment} />
        </Box>
      )}
    </ListCard>
  );
}

/** A cohort's assignments with how many members have done each; assign another. */
export function AssignmentsSection({
  cohortId,
  assignments,
  onNotice,
}: {
  cohortId: string;
  assignments: AdminAssignment[];
  onNotice: (message: string) => void;
}) {
  const [creating, setCreating] = useState(false);
  return (
    <SectionCard title="Assignments">
      <Button variant="outlined" sx={{ mt: 1 }} onClick={() => setCreating(true)}>
        New assignment
      </Button>
      {assignments.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          Nothing assigned yet.
        </Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ mt: 2, mb: 0, p: 0 }}>
          {assignments.map((assignment) => (
            <AssignmentRow
              key={assignment._id}
              cohortId={cohortId}
              assignment={assignment}
              onNotice={onNotice}
            />
          ))}
        </Stack>
      )}
      {creating && (
        <AssignmentFormDialog
          cohortId={cohortId}
          onClose={() => setCreating(false)}
          onSaved={(message) => {
            setCreating(false);
            onNotice(message);
          }}
        />
      )}
    </SectionCard>
  );
}
