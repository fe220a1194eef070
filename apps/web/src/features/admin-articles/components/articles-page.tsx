import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import type { ArticleListItem, MessageResponse } from '@mlp/contract';
import { PageHeader } from '../../../components/page-sections.tsx';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useConfirmedDelete } from '../../../components/dialogs/use-confirmed-delete.ts';
import { useFeedback } from '../../../components/feedback.tsx';
import { SearchForm } from '../../../components/form/search-form.tsx';
import { DataTable, tableLoadError, type TableColumn } from '../../../components/table/data-table.tsx';
import { DeleteRowButton, EditRowLink, StateChip } from '../../../components/table/cells.tsx';
import { usePagedList } from '../../../components/table/use-paged-list.ts';
import { formatDate } from '../../../lib/format.ts';
import { adminArticlesQueryOptions, useDeleteArticleMutation } from '../api/articles-api.ts';
import { categoryLabel } from '../article-rules.ts';

const COLUMNS: Array<TableColumn<ArticleListItem>> = [
  { label: 'Title', render: (article) => article.title, cellSx: { fontWeight: 600, minWidth: 200 } },
  { label: 'Category', render: (article) => categoryLabel(article.category) },
  {
    label: 'Status',
    render: (article) => {
      const published = article.status === 'published';
      return <StateChip on={published} label={published ? 'Published' : 'Draft'} />;
    },
  },
  {
    label: 'Created At',
    render: (article) => formatDate(article.createdAt),
    cellSx: { whiteSpace: 'nowrap' },
  },
];

/** Spec §2 Admin articles: search, a paged table, create, edit and delete after confirmation. */
export function ArticlesPage() {
  const list = usePagedList();
  const articles = useQuery(adminArticlesQueryOptions(list.filters));
  const { feedback, show } = useFeedback();
  const remove = useConfirmedDelete<ArticleListItem, MessageResponse>(useDeleteArticleMutation(), {
    failure: 'Error deleting article',
    onDeleted: (result) => show(result.message || 'Article deleted successfully'),
  });

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
      <SearchForm label="Search articles" onSearch={list.search} />
      <DataTable
        label="Articles"
        columns={COLUMNS}
        rows={articles.data?.articles ?? []}
        rowKey={(article) => article._id}
        actions={(article) => (
          <>
            <EditRowLink label={`Edit article ${article.title}`} to={`/admin/articles/${article._id}/edit`} />
            <DeleteRowButton label={`Delete article ${article.title}`} onClick={() => remove.ask(article)} />
          </>
        )}
        loading={articles.isPending}
        error={tableLoadError(articles, 'Error fetching articles')}
        emptyText={list.emptyText('articles')}
        paging={list.paging(articles.data)}
      />
      <ConfirmDialog
        {...remove.dialog}
        title="Delete Article"
        message="Are you sure you want to delete this article?"
        details={remove.target && <strong>{remove.target.title}</strong>}
      />
      {feedback}
    </>
  );
}
