import { useEffect, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { AdminExamSummary } from '@mlp/contract';
import { errorMessage } from '../../../lib/api-client.ts';
import { adminExamsQueryOptions, useDeleteExamMutation, useExamCreationEnabled } from '../api/exams-api.ts';
import { DataTable, type TableColumn } from '../../../components/table/data-table.tsx';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useConfirmTarget } from '../../../components/dialogs/use-confirm-target.ts';
import { formatPounds } from '../exam-rules.ts';

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
    render: (exam) => (
      <Chip
        size="small"
        label={exam.isActive ? 'Published' : 'Draft'}
        color={exam.isActive ? 'success' : 'default'}
        variant={exam.isActive ? 'filled' : 'outlined'}
      />
    ),
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
 * reason under it and a link to Settings (issue 15.11; the server refuses with 403 anyway).
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
  const deleteExam = useDeleteExamMutation();
  const { feedback, show } = useFeedback();
  const confirm = useConfirmTarget<AdminExamSummary>();
  const location = useLocation();
  const navigate = useNavigate();
  const rows = exams.data?.exams ?? [];

  // A message from the create screen is shown once, then dropped from history so a reload does not repeat it.
  const incoming = (location.state as ExamsPageState | null)?.message;
  useEffect(() => {
    if (!incoming) return;
    show(incoming);
    void navigate(location.pathname, { replace: true, state: null });
  }, [incoming, show, navigate, location.pathname]);

  const confirmDelete = () => {
    if (!confirm.target) return;
    deleteExam.mutate(confirm.target._id, {
      onSuccess: (result) => {
        confirm.close();
        show(result.message || 'Exam deleted successfully');
      },
    });
  };

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
        rows={rows}
        rowKey={(exam) => exam._id}
        actions={(exam) => (
          <>
            <IconButton
              component={RouterLink}
              to={`/admin/exams/${exam._id}/edit`}
              aria-label={`Edit exam ${exam.title}`}
              color="primary"
            >
              <EditOutlinedIcon />
            </IconButton>
            <IconButton
              aria-label={`Delete exam ${exam.title}`}
              color="error"
              onClick={() => {
                deleteExam.reset();
                confirm.ask(exam);
              }}
            >
              <DeleteOutlinedIcon />
            </IconButton>
          </>
        )}
        loading={exams.isPending}
        error={
          exams.isError
            ? { message: errorMessage(exams.error, 'Failed to load exams'), onRetry: exams.refetch }
            : null
        }
        emptyText="No exams found"
        minWidth={800}
      />
      <ConfirmDialog
        open={confirm.open}
        title="Delete Exam"
        message="Delete this exam?"
        details={confirm.target && <strong>{confirm.target.title}</strong>}
        busy={deleteExam.isPending}
        error={deleteExam.isError ? errorMessage(deleteExam.error, 'Failed to delete exam') : null}
        onConfirm={confirmDelete}
        onClose={confirm.close}
      />
      {feedback}
    </>
  );
}
