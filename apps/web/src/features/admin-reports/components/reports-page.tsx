import { useState, type ChangeEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { PageHeader } from '../../../components/page-sections.tsx';
import { FilterPanel, FilterSelect } from '../../../components/form/filters.tsx';
import { DEFAULT_ROWS_PER_PAGE } from '../../../components/table/data-table.tsx';
import type { ReportFilters } from '../api/reports-api.ts';
import { ReportsTable } from './reports-table.tsx';
import { ReportedQuestionsTable } from './reported-questions-table.tsx';

const STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
];

/**
 * The administrators' queue of learner reports (decision 0041): open ones first come, first served; resolved
 * ones newest first. `?examId=` narrows it to one exam (the exam page links here). By question (decision
 * 0073, the default) shows one row per question, resolved together; Each report lists them one by one
 * (`?view=reports`), or one question's (`&questionId=`).
 */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const examId = params.get('examId') ?? '';
  const questionId = params.get('questionId') ?? '';
  const view = params.get('view') === 'reports' || questionId ? 'reports' : 'questions';
  const setView = (next: 'reports' | 'questions', question = '') =>
    setParams(
      (before) => {
        const after = new URLSearchParams(before);
        if (next === 'reports') after.set('view', 'reports');
        else after.delete('view');
        if (question) after.set('questionId', question);
        else after.delete('questionId');
        return after;
      },
      { replace: false },
    );
  const [filters, setFilters] = useState<ReportFilters>({
    page: 0,
    rowsPerPage: DEFAULT_ROWS_PER_PAGE,
    status: 'open',
    examId,
    userId: '',
  });
  const current = { ...filters, examId, questionId, page: filters.page };
  const setStatus = (event: ChangeEvent<HTMLInputElement>) =>
    setFilters((before) => ({
      ...before,
      status: (event.target.value || 'all') as ReportFilters['status'],
      page: 0,
    }));

  return (
    <>
      <PageHeader
        title="Learner reports"
        subtitle="Problems learners found in questions. Fix the question on its exam's page, then resolve the report."
      />
      <ToggleButtonGroup
        exclusive
        size="small"
        value={view}
        onChange={(_event, next: 'reports' | 'questions' | null) => {
          if (!next) return;
          setFilters((before) => ({ ...before, page: 0 }));
          setView(next);
        }}
        aria-label="Show the reports"
        color="primary"
        // The unselected button's text at full strength: MUI's default grey is too faint on the page colour.
        sx={{ mb: 2, '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
      >
        <ToggleButton value="questions">By question</ToggleButton>
        <ToggleButton value="reports">Each report</ToggleButton>
      </ToggleButtonGroup>
      {questionId && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => setView('questions')}>
              Back to questions
            </Button>
          }
        >
          Showing the reports on one question.
        </Alert>
      )}
      {examId && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button component={RouterLink} to="/admin/reports" color="inherit" size="small">
              Show all exams
            </Button>
          }
        >
          Showing the reports on one exam.
        </Alert>
      )}
      <FilterPanel
        filtered={filters.status !== 'open'}
        onClear={() => setFilters((before) => ({ ...before, status: 'open', page: 0 }))}
        columns={{ xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }}
      >
        <FilterSelect
          label="Status"
          anyLabel="All"
          value={filters.status === 'all' ? '' : filters.status}
          onChange={setStatus}
          options={STATUS_OPTIONS}
        />
      </FilterPanel>
      {view === 'questions' ? (
        <ReportedQuestionsTable
          filters={current}
          setFilters={setFilters}
          emptyText={filters.status === 'open' ? 'No open reports' : 'No reports found'}
          onShowReports={(group) => {
            setFilters((before) => ({ ...before, page: 0 }));
            setView('reports', group.questionId);
          }}
        />
      ) : (
        <ReportsTable
          filters={current}
          setFilters={setFilters}
          emptyText={filters.status === 'open' ? 'No open reports' : 'No reports found'}
        />
      )}
    </>
  );
}

/** A learner's reports on their admin page (every status, newest first). */
export function LearnerReports({ userId }: { userId: string }) {
  const [filters, setFilters] = useState<ReportFilters>({
    page: 0,
    rowsPerPage: 5,
    status: 'all',
    examId: '',
    userId,
  });
  return (
    <ReportsTable filters={filters} setFilters={setFilters} emptyText="No reports" showLearner={false} />
  );
}
