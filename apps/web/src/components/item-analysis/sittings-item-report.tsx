import type { UseQueryResult } from '@tanstack/react-query';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ItemAnalysis } from '@mlp/contract';
import { DataTable, tableLoadError } from '../table/data-table.tsx';
import { ExamFigures, GoodValues, ITEM_COLUMNS } from './item-report.tsx';

/**
 * The item analysis of one selection of an exam's sittings (a mock's, a cohort's; decisions 0077 and 0079):
 * their figures and every question they were served, with its answer shares and flags. The server computes
 * it when asked; a refusal (a mock still open) shows its sentence.
 */
export function SittingsItemReport({
  label,
  query,
}: {
  /** the table's accessible name */
  label: string;
  query: UseQueryResult<ItemAnalysis>;
}) {
  const data = query.data;
  return (
    <Stack spacing={2}>
      {data && data.exam.results > 0 && <ExamFigures exam={data.exam} />}
      {data && data.exam.pending > 0 && (
        <Typography variant="body2" color="text.secondary">
          {data.exam.pending === 1 ? '1 more sitting is' : `${data.exam.pending} more sittings are`} being
          counted: they show within a minute.
        </Typography>
      )}
      {data && data.items.length > 0 && <GoodValues />}
      <DataTable
        label={label}
        columns={ITEM_COLUMNS}
        rows={data?.items ?? []}
        rowKey={(item) => item.questionId}
        loading={query.isPending}
        error={tableLoadError(query, 'The item analysis could not be loaded.')}
        emptyText="No sitting to analyse yet."
        minWidth={760}
      />
    </Stack>
  );
}
