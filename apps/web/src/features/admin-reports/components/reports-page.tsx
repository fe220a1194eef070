import { useState, type ChangeEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { PageHeader } from '../../../components/page-sections.tsx';
import { FilterPanel, FilterSelect } from '../../../components/form/filters.tsx';
import { DEFAULT_ROWS_PER_PAGE } from '../../../components/table/data-table.tsx';
import type { ReportFilters } from '../api/reports-api.ts';
import { ReportsTable } from './reports-table.tsx';

const STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
];

/**
 * The administrators' queue of learner reports (decision 0041): open ones first come, first served; resolved
 * ones newest first. `?examId=` narrows it to one exam (the exam page links here).
 */
export function ReportsPage() {
  const [params] = useSearchParams();
  const examId = params.get('examId') ?? '';
  const [filters, setFilters] = useState<ReportFilters>({
    page: 0,
    rowsPerPage: DEFAULT_ROWS_PER_PAGE,
    status: 'open',
    examId,
    userId: '',
  });
  const current = { ...filters, examId };
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
      <ReportsTable
        filters={current}
        setFilters={setFilters}
        emptyText={filters.status === 'open' ? 'No open reports' : 'No reports found'}
      />
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
