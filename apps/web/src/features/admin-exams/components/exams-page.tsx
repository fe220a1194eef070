import { useEffect, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { AdminExamSummary, MessageResponse } from '@mlp/contract';
import { PageHeader } from '../../../components/page-sections.tsx';
import { adminExamsQueryOptions, useDeleteExamMutation, useExamCreationEnabled } from '../api/exams-api.ts';
import { DataTable, tableLoadError, type TableColumn } from '../../../components/table/data-table.tsx';
import { DeleteRowButton, EditRowLink, StateChip } from '../../../components/table/cells.tsx';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { useConfirmedDelete } from '../../../components/dialogs/use-confirmed-delete.ts';
import { formatPounds } from '../pounds.ts';

const COLUMNS: Array<TableColumn<AdminExamSummary>> = [
  { label: 'Title', render: (exam) => exam.title, cellSx: { fontWeight: 600, minWidth: 180 } },
  { label: 'Category', render: (exam) => exam.category, cellSx: { textTransform: 'capitalize' } },
  {
    label: 'Questions',
    render: (exam) => (
      <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <span>{`${exam.questionCount}/${exam.numberOfQuestions}`}</span>
        {exam.pendingCount > 0 && (
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            label={`${exam.pendingCount} pending`}
            sx={{ color: '#8a4b00' }}
          />
        )}
      </Stack>
    ),
  },
  { label: 'Subscription Fee', render: (exam) => formatPounds(exam.price) },
  {
    label: 'Status',
    render: (exam) => <StateChip on={exam.isActive} label={exam.isActive ? 'Published' : 'Draft'} />,
  },
];

/** EXAM_CREATION_OFF, with 'Settings' a link to the settings page. */
export function ExamCreationOffText() {
  return (
    <>
      Exam creation is turned off in{' '}
      <Link component={RouterLink} to="/admin/settings">
        Settings
      </Link>
      .
    </>
  );
}

/**
 * 'Create Exam', or, while site settings turn exam creation off, the same button disabled with the
 * reason under it and a link to Settings (decision 0024; the server refuses with 403 anyway).
 */
function CreateExamButton() {
  const { enabled } = useExamCreationEnabled();
  const reasonId = useId();
  if (enabled !== false) {
    return (
      <Button component={RouterLink} to="/admin/exams/create" variant="contained" startIcon={<AddIcon />}>
        Create Exam
      </Button>
    );
  }
  return (
    <Stack spacing={0.5} sx={{ alignItems: { sm: 'flex-end' } }}>
      <Box>
        <Button variant="contained" startIcon={<AddIcon />} disabled aria-describedby={reasonId}>
          Create Exam
        </Button>
      </Box>
      <Typography id={reasonId} variant="body2" color="text.secondary">
        <ExamCreationOffText />
      </Typography>
    </Stack>
  );
}

/** What another admin screen may hand this list through navigation state (e.g. after creating an exam). */
export interface ExamsPageState {
  message?: string;
}

/** Spec §2 'Manage Exams': every exam, draft or published, with its question count against the target. */
export function ExamsPage() {
  const exams = useQuery(adminExamsQueryOptions());
  const { feedback, show } = useFeedback();
  const remove = useConfirmedDelete<AdminExamSummary, MessageResponse>(useDeleteExamMutation(), {
    failure: 'Failed to delete exam',
    onDeleted: (result) => show(result.message || 'Exam deleted successfully'),
  });
  const location = useLocation();
  const navigate = useNavigate();

  // A message from the create screen is shown once, then dropped from history so a reload does not repeat it.
  const incoming = (location.state as ExamsPageState | null)?.message;
  useEffect(() => {
    if (!incoming) return;
    show(incoming);
    void navigate(location.pathname, { replace: true, state: null });
  }, [incoming, show, navigate, location.pathname]);

  return (
    <>
      <PageHeader
        title="Manage Exams"
        subtitle="Create exams, write or generate their questions, then publish them"
        actions={<CreateExamButton />}
      />
      <DataTable
        label="Exams"
        columns={COLUMNS}
        rows={exams.data?.exams ?? []}
        rowKey={(exam) => exam._id}
        actions={(exam) => (
          <>
            <EditRowLink label={`Edit exam ${exam.title}`} to={`/admin/exams/${exam._id}/edit`} />
            <DeleteRowButton label={`Delete exam ${exam.title}`} onClick={() => remove.ask(exam)} />
          </>
        )}
        loading={exams.isPending}
        error={tableLoadError(exams, 'Failed to load exams')}
        emptyText="No exams found"
        minWidth={800}
      />
      <ConfirmDialog
        {...remove.dialog}
        title="Delete Exam"
        message="Delete this exam?"
        details={remove.target && <strong>{remove.target.title}</strong>}
      />
      {feedback}
    </>
  );
}
