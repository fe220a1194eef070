import Pagination from '@mui/material/Pagination';

/**
 * The pager under a list paged on this screen (an exam's questions, a question's history), whose buttons
 * say which list they page ('Go to page 2 of the questions'); nothing while there is one page.
 */
export function ListPager({
  page,
  pages,
  onChange,
  of,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  /** the list, as the buttons' names end: 'the questions' */
  of: string;
}) {
  if (pages <= 1) return null;
  return (
    <Pagination
      count={pages}
      page={page}
      onChange={(_event, next) => onChange(next)}
      sx={{ alignSelf: 'center' }}
      getItemAriaLabel={(type, item, selected) =>
        type === 'page'
          ? `${selected ? '' : 'Go to '}page ${item ?? ''} of ${of}`
          : `Go to the ${type} page of ${of}`
      }
    />
  );
}
