import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { ArticleListItem } from '@mlp/contract';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { adminArticlesQueryOptions, useDeleteArticleMutation } from '../api/articles-api.ts';
import { DataTable, TablePager, type TableColumn } from '../../../components/table/data-table.tsx';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SearchForm } from '../../../components/form/search-form.tsx';
import { useConfirmTarget } from '../../../components/dialogs/use-confirm-target.ts';
import { useClampPage, usePagedList } from '../../../components/table/use-paged-list.ts';
import { categoryLabel } from '../article-rules.ts';

const COLUMNS: Array<TableColumn<ArticleListItem>> = [
  { label: 'Title', render: (article) => article.title, cellSx: { fontWeight: 600, minWidth: 200 } },
  { label: 'Category', render: (article) => categoryLabel(article.category) },
  {
    label: 'Status',
    render: (article) => (
      <Chip
        size="small"
        label={article.status === 'published' ? 'Published' : 'Draft'}
        color={article.status === 'published' ? 'success' : 'default'}
        variant={article.status === 'published' ? 'filled' : 'outlined'}
      />
    ),
  },
  {
    label: 'Created At',
    render: (article) => formatDate(article.createdAt),
    cellSx: { whiteSpace: 'nowrap' },
  },
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
      <DataTable
        label="Articles"
        columns={COLUMNS}
        rows={rows}
        rowKey={(article) => article._id}
        actions={(article) => (
          <>
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
          </>
        )}
        loading={articles.isPending}
        error={
          articles.isError
            ? {
                message: errorMessage(articles.error, 'Error fetching articles'),
                onRetry: articles.refetch,
              }
            : null
        }
        emptyText={filters.keyword ? `No articles found matching "${filters.keyword}"` : 'No articles found'}
        footer={
          <TablePager
            count={total}
            page={pageForPager}
            rowsPerPage={filters.rowsPerPage}
            onPageChange={setPage}
            onRowsPerPageChange={setRowsPerPage}
          />
        }
      />
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
