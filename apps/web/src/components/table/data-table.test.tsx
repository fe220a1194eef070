import { render, screen, within } from '@testing-library/react';
import Button from '@mui/material/Button';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screenWidth } from '../../test/screen-width.ts';
import { DataTable, type TableColumn, type TablePaging } from './data-table.tsx';

interface Person {
  id: string;
  name: string;
  city: string;
}

const COLUMNS: Array<TableColumn<Person>> = [
  { label: 'Name', render: (person) => person.name },
  { label: 'City', render: (person) => person.city },
];
const ROWS: Person[] = [
  { id: '1', name: 'Ada Lovelace', city: 'London' },
  { id: '2', name: 'Mary Seacole', city: 'Kingston' },
];

function paging(overrides: Partial<TablePaging> = {}): TablePaging {
  return {
    page: 0,
    rowsPerPage: 10,
    total: 2,
    pages: 1,
    onPageChange: vi.fn(),
    onRowsPerPageChange: vi.fn(),
    ...overrides,
  };
}

function renderPeople(rows: Person[] = ROWS, pager: TablePaging = paging()) {
  return render(
    <DataTable
      label="People"
      columns={COLUMNS}
      rows={rows}
      rowKey={(person) => person.id}
      actions={(person) => <Button aria-label={`Delete ${person.name}`}>Delete</Button>}
      loading={false}
      emptyText="No people found"
      paging={pager}
    />,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DataTable on phones (decision 0024)', () => {
  it('is a table with an Actions column from 600 px', () => {
    screenWidth(1280);
    renderPeople();
    const table = screen.getByRole('table', { name: 'People' });
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
    const row = within(table).getByRole('row', { name: /Ada Lovelace/ });
    expect(within(row).getByRole('button', { name: 'Delete Ada Lovelace' })).toBeTruthy();
  });

  it('below 600 px, each row is a card with its name and actions together and no table', () => {
    screenWidth(375);
    renderPeople();
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'People' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const [first] = cards;
    // The name and the actions share the card's first line; the other columns follow as label/value.
    const firstLine = within(first!).getByText('Ada Lovelace').parentElement!;
    expect(within(firstLine).getByRole('button', { name: 'Delete Ada Lovelace' })).toBeTruthy();
    expect(within(first!).getByRole('term').textContent).toBe('City');
    expect(within(first!).getByRole('definition').textContent).toBe('London');
    // The pager says just 'Rows:' so it fits the card.
    expect(screen.getByText('Rows:')).toBeTruthy();
  });

  it('below 600 px, an empty list says so, with no pager', () => {
    screenWidth(375);
    renderPeople([], paging({ total: 0, pages: 0 }));
    expect(screen.getByText('No people found')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByText('Rows:')).toBeNull();
  });

  it('steps back to the last page when a deletion empties the page shown', () => {
    screenWidth(1280);
    const onPageChange = vi.fn();
    renderPeople(ROWS, paging({ page: 3, total: 12, pages: 2, onPageChange }));
    expect(onPageChange).toHaveBeenCalledWith(1);
    // Meanwhile the pager shows the last page, never '31–40 of 12'.
    expect(screen.getByText('11–12 of 12')).toBeTruthy();
  });
});
