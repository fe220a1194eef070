import { useState, type ChangeEvent } from 'react';
import { PageHeader } from '../../../components/page-sections.tsx';
import { SearchForm } from '../../../components/form/search-form.tsx';
import { DayRangeFields, FilterPanel, FilterSelect } from '../../../components/form/filters.tsx';
import { DEFAULT_ROWS_PER_PAGE } from '../../../components/table/data-table.tsx';
import { dateRangeProblem } from '../../../lib/day-range.ts';
import type { AdminPaymentFilters } from '../api/payment-keys.ts';
import { KIND_FILTER_OPTIONS, STATUS_FILTER_OPTIONS } from '../payment-text.ts';
import { PaymentsTable } from './payments-table.tsx';
import { ExportButton } from '../../../components/dialogs/export-dialog.tsx';
import { useAdminCan } from '../../../lib/admin/admin-api.ts';
import { downloadPayments } from '../api/payments-api.ts';

export const NO_PAYMENT_FILTERS: AdminPaymentFilters = {
  page: 0,
  rowsPerPage: DEFAULT_ROWS_PER_PAGE,
  status: '',
  kind: '',
  search: '',
  from: '',
  to: '',
  userId: '',
};

type FilterField = 'status' | 'kind' | 'from' | 'to';

/**
 * The administrators' payments page (decision 0033): every payment and renewal charge, newest first, with
 * its learner, exam, amount, status and PayPal ids; filtered by status, kind, a search and days; paged
 * on the server; refunds from each row.
 */
export function PaymentsPage() {
  const [filters, setFilters] = useState<AdminPaymentFilters>(NO_PAYMENT_FILTERS);
  // 'Clear filters' empties the search box too: a new key gives it a fresh start.
  const [searchKey, setSearchKey] = useState(0);
  const rangeProblem = dateRangeProblem(filters.from, filters.to);
  const canExport = useAdminCan('adminExports', 'payments');

  const set = (field: FilterField) => (event: ChangeEvent<HTMLInputElement>) =>
    setFilters((current) => ({ ...current, [field]: event.target.value, page: 0 }));
  const filtered = Boolean(filters.status || filters.kind || filters.search || filters.from || filters.to);
  const clear = () => {
    setFilters({ ...NO_PAYMENT_FILTERS, rowsPerPage: filters.rowsPerPage });
    setSearchKey((key) => key + 1);
  };

  return (
    <>
      <PageHeader
        title="Payments"
        subtitle="Purchases and renewals, newest first. Search by learner, exam or PayPal ID."
        actions={
          canExport && (
            <ExportButton
              title="Export payments"
              description="Every payment, refund and complimentary grant of the days chosen, one row each, oldest first."
              fallbackName="payments"
              download={downloadPayments}
            />
          )
        }
      />
      <FilterPanel
        filtered={filtered}
        onClear={clear}
        columns={{ xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }}
        before={
          <SearchForm
            key={searchKey}
            label="Search payments"
            onSearch={(search) => setFilters((current) => ({ ...current, search, page: 0 }))}
          />
        }
      >
        {(
          [
            ['Status', 'status', STATUS_FILTER_OPTIONS],
            ['Kind', 'kind', KIND_FILTER_OPTIONS],
          ] as const
        ).map(([label, field, options]) => (
          <FilterSelect
            key={field}
            label={label}
            anyLabel="All"
            value={filters[field]}
            onChange={set(field)}
            options={options}
          />
        ))}
        <DayRangeFields range={filters} onChange={set} problem={rangeProblem} />
      </FilterPanel>
      <PaymentsTable
        filters={filters}
        setFilters={setFilters}
        enabled={rangeProblem === null}
        emptyText="No payments found"
      />
    </>
  );
}

/** A learner's payments on their page (/admin/users/{id}): the same table, for that learner only. */
export function LearnerPayments({ userId }: { userId: string }) {
  const [filters, setFilters] = useState<AdminPaymentFilters>({ ...NO_PAYMENT_FILTERS, userId });
  return (
    <PaymentsTable
      filters={filters}
      setFilters={setFilters}
      emptyText="No payments found"
      showLearner={false}
    />
  );
}
