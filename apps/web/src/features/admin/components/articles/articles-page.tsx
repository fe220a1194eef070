import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { ArticleListItem } from '@mlp/contract';
import { errorMessage } from '../../../../lib/api-client.ts';
import { formatDate } from '../../../../lib/format.ts';
import { adminArticlesQueryOptions, useDeleteArticleMutation } from '../../api/articles-api.ts';
import { AdminTable, ROWS_PER_PAGE_OPTIONS } from '../common/admin-table.tsx';
import { ConfirmDialog } from '../common/confirm-dialog.tsx';
import { useFeedback } from '../common/feedback.tsx';
import { PageHeader } from '../common/page-header.tsx';
import { SearchForm } from '../common/search-form.tsx';
import { useConfirmTarget } from '../common/use-confirm-target.ts';
import { useClampPage, usePagedList } from '../common/use-paged-list.ts';
import { categoryLabel } from './article-rules.ts';

const COLUMNS = [
  { label: 'Title' },
  { label: 'Category' },
  { label: 'Status' },
  { label: 'Created At' },
  { label: 'Actions', align: 'right' as const },
];

/** Spec §2 Admin articles: search, a paged table, create, edit and delete after confirmation. */
export function ArticlesPage() {
  const { filters, setPage, setRowsPerPage, search } = usePagedList();
  const articles = useQuery(adminArticlesQueryOptions(filters));
  const deleteArticle = useDeleteArticleMutation();
  const confirm = useConfirmTarget<ArticleListItem>();
  const { feedback, show } = useFeedback();

  useClampPage(filters.page, articles.data?.pages, setPage);

  const rows = articles.data?.articles ?? [];
  const total = articles.data?.total ?? 0;
  const pageForPager = Math.min(filters.page, Math.max(0, Math.ceil(total / filters.rowsPerPage) - 1));

  const confirmDelete = () => {
    if (!confirm.target) return;
    deleteArticle.mutate(confirm.target._id, {
      onSuccess: (result) => {
        confirm.close();
        show(result.message || 'Article deleted successfully');
      },
    });
  };

  return (
    <>
      <PageHeader
        title="Articles"
        subtitle="Write, generate and publish articles for learners"
        actions={
          <Button
            component={RouterLink}
            to="/admin/articles/create"
            variant="contained"
            startIcon={<AddIcon />}
          >
            Create Article
          </Button>
        }
      />
      <SearchForm label="Search articles" onSearch={search} />
      {articles.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(articles.error, 'Error fetching articles')}
        </Alert>
      )}
      <AdminTable
        label="Articles"
        columns={COLUMNS}
        loading={articles.isPending}
        rowCount={rows.length}
        emptyText={filters.keyword ? `No articles found matching "${filters.keyword}"` : 'No articles found'}
        footer={
          <TablePagination
            component="div"
            count={total}
            page={pageForPager}
            rowsPerPage={filters.rowsPerPage}
            rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS}
            onPageChange={(_event, page) => setPage(page)}
            onRowsPerPageChange={(event) => setRowsPerPage(Number(event.target.value))}
            sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end' } }}
          />
        }
      >
        {rows.map((article) => (
          <TableRow key={article._id} hover>
            <TableCell sx={{ fontWeight: 600, minWidth: 200 }}>{article.title}</TableCell>
            <TableCell>{categoryLabel(article.category)}</TableCell>
            <TableCell>
              <Chip
                size="small"
                label={article.status === 'published' ? 'Published' : 'Draft'}
                color={article.status === 'published' ? 'success' : 'default'}
                variant={article.status === 'published' ? 'filled' : 'outlined'}
              />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(article.createdAt)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <IconButton
                component={RouterLink}
                to={`/admin/articles/${article._id}/edit`}
                aria-label={`Edit article ${article.title}`}
                color="primary"
              >
                <EditOutlinedIcon />
              </IconButton>
              <IconButton
                aria-label={`Delete article ${article.title}`}
                color="error"
                onClick={() => {
                  deleteArticle.reset();
                  confirm.ask(article);
                }}
              >
                <DeleteOutlinedIcon />
              </IconButton>
            </TableCell>
          </TableRow>
        ))}
      </AdminTable>
      <ConfirmDialog
        open={confirm.open}
        title="Delete Article"
        message="Are you sure you want to delete this article?"
        details={confirm.target && <strong>{confirm.target.title}</strong>}
        busy={deleteArticle.isPending}
        error={deleteArticle.isError ? errorMessage(deleteArticle.error, 'Error deleting article') : null}
        onConfirm={confirmDelete}
        onClose={confirm.close}
      />
      {feedback}
    </>
  );
}
