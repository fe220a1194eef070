import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import { useState, type ChangeEvent } from 'react';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type AuditEntry } from '@mlp/contract';
import { PageHeader } from '../../../components/page-sections.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import type { AdminActivityFilters } from '../api/dashboard-keys.ts';
import { adminAccountsQueryOptions } from '../../../lib/admin/admin-api.ts';
import { adminActivityQueryOptions } from '../api/dashboard-api.ts';
import {
  DataTable,
  DEFAULT_ROWS_PER_PAGE,
  serverPaging,
  tableLoadError,
  type TableColumn,
} from '../../../components/table/data-table.tsx';
import { ACTION_LABELS, changeLine, ENTITY_TYPE_LABELS } from '../activity-text.ts';
import { dateRangeProblem } from '../../../lib/day-range.ts';
import { DayRangeFields, FilterPanel, FilterSelect } from '../../../components/form/filters.tsx';

export const NO_FILTERS: AdminActivityFilters = {
  page: 0,
  rowsPerPage: DEFAULT_ROWS_PER_PAGE,
  entityType: '',
  action: '',
  adminId: '',
  from: '',
  to: '',
};

type FilterField = 'entityType' | 'action' | 'adminId' | 'from' | 'to';

/** One entry: what was done, in words, and under it what changed. */
export function ActivityText({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
        {entry.summary}
      </Box>
      {entry.changes.length > 0 && (
        <Box
          component="ul"
          aria-label="Changes"
          sx={{ m: 0, mt: 0.5, pl: 2.5, fontWeight: 400, typography: 'body2', color: 'text.secondary' }}
        >
          {entry.changes.map((change, index) => (
            // Changes have no id; their order is the record's.
            <li key={`${index}-${change.field}`}>{changeLine(change)}</li>
          ))}
        </Box>
      )}
    </>
  );
}

const COLUMNS: Array<TableColumn<AuditEntry>> = [
  { label: 'Activity', render: (entry) => <ActivityText entry={entry} />, cellSx: { minWidth: 320 } },
  { label: 'Administrator', render: (entry) => entry.adminEmail, cellSx: { wordBreak: 'break-all' } },
  { label: 'When', render: (entry) => formatDateTime(entry.createdAt), cellSx: { whiteSpace: 'nowrap' } },
];

/**
 * The activity log (decision 0024): every administrator action in words, newest first, with what
 * edits changed; paged on the server and filtered by type, action, administrator and dates.
 */
export function ActivityPage() {
  const [filters, setFilters] = useState<AdminActivityFilters>(NO_FILTERS);
  const rangeProblem = dateRangeProblem(filters.from, filters.to);
  const activity = useQuery({ ...adminActivityQueryOptions(filters), enabled: rangeProblem === null });
  const admins = useQuery(adminAccountsQueryOptions());

  const set = (field: FilterField) => (event: ChangeEvent<HTMLInputElement>) =>
    setFilters((current) => ({ ...current, [field]: event.target.value, page: 0 }));
  const filtered = Boolean(
    filters.entityType || filters.action || filters.adminId || filters.from || filters.to,
  );

  return (
    <>
      <PageHeader title="Activity" subtitle="What administrators changed, newest first" />
      <FilterPanel
        filtered={filtered}
        onClear={() => setFilters({ ...NO_FILTERS, rowsPerPage: filters.rowsPerPage })}
        columns={{ xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' }}
      >
        <FilterSelect
          label="Type"
          anyLabel="All types"
          value={filters.entityType}
          onChange={set('entityType')}
          options={AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: ENTITY_TYPE_LABELS[type] }))}
        />
        <FilterSelect
          label="Action"
          anyLabel="All actions"
          value={filters.action}
          onChange={set('action')}
          options={AUDIT_ACTIONS.map((action) => ({ value: action, label: ACTION_LABELS[action] }))}
        />
        <FilterSelect
          label="Administrator"
          anyLabel="All administrators"
          value={filters.adminId}
          onChange={set('adminId')}
          options={(admins.data?.admins ?? []).map((admin) => ({ value: admin._id, label: admin.email }))}
          breakAnywhere
        />
        <DayRangeFields range={filters} onChange={set} problem={rangeProblem} />
      </FilterPanel>
      <DataTable
        label="Activity"
        columns={COLUMNS}
        rows={rangeProblem ? [] : (activity.data?.entries ?? [])}
        rowKey={(entry) => entry._id}
        loading={rangeProblem === null && activity.isPending}
        error={tableLoadError(activity, 'Error fetching activity')}
        emptyText={filtered ? 'No activity matches these filters' : 'No activity yet'}
        minWidth={760}
        paging={rangeProblem ? undefined : serverPaging(filters, setFilters, activity.data)}
      />
    </>
  );
}
