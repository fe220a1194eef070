import { type ChangeEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import type { Breakpoint } from '@mui/material/styles';
import { SectionCard } from '../page-sections.tsx';
import { DATE_INPUT } from './form-text-field.tsx';

/* The filters above a list (the activity log, the payments page): a titled panel of menus and days. */

/**
 * The 'Filters' section above a list: its heading, 'Clear filters' while any filter is set, then
 * `children` (the filter fields) in a grid laid out by `columns`.
 */
export function FilterPanel({
  filtered,
  onClear,
  columns,
  before,
  children,
}: {
  filtered: boolean;
  onClear: () => void;
  /** The fields' grid columns (gridTemplateColumns) from each breakpoint up. */
  columns: Partial<Record<Breakpoint, string>>;
  /** What comes between the heading and the grid (a search box). */
  before?: ReactNode;
  children: ReactNode;
}) {
  return (
    <SectionCard
      title="Filters"
      titleVariant="subtitle1"
      titleSx={{ fontWeight: 700 }}
      p={{ xs: 2, sm: 2.5 }}
      mb={2}
      header={(heading) => (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
          {heading}
          {filtered && (
            <Button size="small" startIcon={<FilterAltOffIcon />} onClick={onClear}>
              Clear filters
            </Button>
          )}
        </Box>
      )}
    >
      {before}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: columns }}>{children}</Box>
    </SectionCard>
  );
}

/** A filter set to 'any' shows its 'All …' choice rather than an empty box. */
const ANY_SHOWN = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** One choice filter: 'All …' (the empty value), then its options. */
export function FilterSelect({
  label,
  anyLabel,
  value,
  onChange,
  options,
  breakAnywhere = false,
}: {
  label: string;
  anyLabel: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** Long unbroken labels (e-mail addresses) may wrap anywhere. */
  breakAnywhere?: boolean;
}) {
  return (
    <TextField select size="small" label={label} value={value} onChange={onChange} slotProps={ANY_SHOWN}>
      <MenuItem value="">{anyLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem
          key={option.value}
          value={option.value}
          sx={breakAnywhere ? { overflowWrap: 'anywhere' } : undefined}
        >
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * 'From' and 'To' day fields (yyyy-mm-dd, both days included; see lib/day-range.ts). `problem` (a range
 * that ends before it starts) shows under 'To'.
 */
export function DayRangeFields({
  range: { from, to },
  onChange,
  problem,
}: {
  range: { from: string; to: string };
  /** the change handler of one end of the range */
  onChange: (end: 'from' | 'to') => (event: ChangeEvent<HTMLInputElement>) => void;
  problem: string | null;
}) {
  return (
    <>
      <TextField {...DATE_INPUT} size="small" label="From" value={from} onChange={onChange('from')} />
      <TextField
        {...DATE_INPUT}
        size="small"
        label="To"
        value={to}
        onChange={onChange('to')}
        error={problem !== null}
        helperText={problem}
      />
    </>
  );
}
