import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MODERATION_VIEWS, type AdminComment, type ModerationView } from '@mlp/contract';
import { EmptyState, ListPage } from '../../../components/list-states.tsx';
import { FilterTabs } from '../../../components/navigation/filter-tabs.tsx';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useConfirmTarget } from '../../../components/dialogs/use-confirm-target.ts';
import { useFeedback } from '../../../components/feedback.tsx';
import { QueryProgress } from '../../../components/load-error.tsx';
import { readPageParam, UrlPagination } from '../../../components/navigation/url-pagination.tsx';
import { PageHeader } from '../../../components/page-sections.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  moderationQueueQueryOptions,
  useCommentingMutation,
  useModerateCommentMutation,
  useTeamReplyMutation,
} from '../api/community-api.ts';
import { authorAccount, EMPTY_VIEW_TEXT, readModerationView, viewTabLabel } from '../community-rules.ts';
import { ModerationCard, type ModerationCardActions } from './moderation-card.tsx';
import {
  DeleteCommentDialog,
  HideCommentDialog,
  SuspendCommentingDialog,
  TeamReplyDialog,
} from './moderation-dialogs.tsx';

/** The URL of a view's page (the default view and page 1 leave their parameter out). */
function viewHref(pathname: string, view: ModerationView, page: number): string {
  const params = new URLSearchParams();
  if (view !== 'attention') params.set('view', view);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * /admin/community (decision 0056): the moderation queue of the learning community. Tabs choose the view
 * (held or reported comments first; the view and page live in the URL); each comment is a card with its
 * reports and the moderator's actions: approve (or dismiss the reports), hide, delete, reply as the team,
 * and suspend or restore the author's commenting. Each action's outcome is the server's message in a
 * toast; a refusal inside a dialog stays in it. After any change the queue loads again.
 */
export function CommunityPage() {
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const view = readModerationView(searchParams);
  const page = readPageParam(searchParams);
  const queue = useQuery(moderationQueueQueryOptions(view, page));
  const { feedback, show } = useFeedback();

  const approve = useModerateCommentMutation();
  const hide = useModerateCommentMutation();
  const remove = useModerateCommentMutation();
  const reply = useTeamReplyMutation();
  const commenting = useCommentingMutation();
  const hiding = useConfirmTarget<AdminComment>();
  const deleting = useConfirmTarget<AdminComment>();
  const replying = useConfirmTarget<AdminComment>();
  const suspending = useConfirmTarget<AdminComment>();
  const restoring = useConfirmTarget<AdminComment>();
  const busy =
    approve.isPending || hide.isPending || remove.isPending || reply.isPending || commenting.isPending;

  const chooseView = (next: ModerationView) => {
    const params = new URLSearchParams(searchParams);
    if (next === 'attention') params.delete('view');
    else params.set('view', next);
    params.delete('page');
    setSearchParams(params);
  };

  const actions: ModerationCardActions = {
    onApprove: (comment) =>
      approve.mutate(
        { id: comment._id, body: { action: 'approve' } },
        {
          onSuccess: (result) => show(result.message),
          onError: (error) => show(errorMessage(error, 'Error approving comment'), 'error'),
        },
      ),
    onHide: (comment) => {
      hide.reset();
      hiding.ask(comment);
    },
    onDelete: (comment) => {
      remove.reset();
      deleting.ask(comment);
    },
    onReply: (comment) => {
      reply.reset();
      replying.ask(comment);
    },
    onSuspend: (comment) => {
      commenting.reset();
      suspending.ask(comment);
    },
    onRestore: (comment) => {
      commenting.reset();
      restoring.ask(comment);
    },
  };

  const data = queue.data;
  return (
    <>
      <PageHeader title="Community" subtitle="Held and reported comments, and learners' commenting" />
      <FilterTabs
        label="Which comments"
        values={MODERATION_VIEWS}
        value={view}
        labelOf={(value) => viewTabLabel(value, data?.counts)}
        onChoose={chooseView}
      />

      <QueryProgress query={queue} label="Loading comments" errorText={'Error fetching comments'} />
      {data && data.comments.length === 0 && (
        <EmptyState
          text={page > 1 ? 'Nothing is left on this page.' : EMPTY_VIEW_TEXT[view]}
          action={
            page > 1 && (
              <Button
                component={RouterLink}
                to={viewHref(pathname, view, Math.max(1, data.pages))}
                variant="outlined"
              >
                {data.pages > 1 ? 'Go to the last page' : 'Go to the first page'}
              </Button>
            )
          }
        />
      )}
      {data && data.comments.length > 0 && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {data.total === 1 ? '1 comment' : `${data.total} comments`}
          </Typography>
          <ListPage label="Comments" busy={queue.isPlaceholderData}>
            {data.comments.map((comment) => (
              <ModerationCard
                key={comment._id}
                comment={comment}
                busy={busy}
                approving={approve.isPending && approve.variables?.id === comment._id}
                actions={actions}
              />
            ))}
          </ListPage>
          <UrlPagination page={data.page} pages={data.pages} label="Comment pages" />
        </>
      )}

      <HideCommentDialog
        comment={hiding.target}
        open={hiding.open}
        busy={hide.isPending}
        error={hide.isError ? errorMessage(hide.error, 'Error hiding comment') : null}
        onCancel={hiding.close}
        onHide={(reason) => {
          if (!hiding.target) return;
          hide.mutate(
            { id: hiding.target._id, body: { action: 'hide', reason } },
            {
              onSuccess: (result) => {
                hiding.close();
                show(result.message);
              },
            },
          );
        }}
      />
      <DeleteCommentDialog
        comment={deleting.target}
        open={deleting.open}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'Error deleting comment') : null}
        onCancel={deleting.close}
        onDelete={(reason) => {
          if (!deleting.target) return;
          remove.mutate(
            { id: deleting.target._id, body: { action: 'delete', reason } },
            {
              onSuccess: (result) => {
                deleting.close();
                show(result.message);
              },
            },
          );
        }}
      />
      <TeamReplyDialog
        comment={replying.target}
        open={replying.open}
        busy={reply.isPending}
        error={reply.isError ? errorMessage(reply.error, 'Error posting reply') : null}
        onCancel={replying.close}
        onReply={(body) => {
          if (!replying.target) return;
          reply.mutate(
            { id: replying.target._id, body },
            {
              onSuccess: (result) => {
                replying.close();
                show(result.message);
              },
            },
          );
        }}
      />
      <SuspendCommentingDialog
        comment={suspending.target}
        open={suspending.open}
        busy={commenting.isPending}
        error={commenting.isError ? errorMessage(commenting.error, 'Error suspending commenting') : null}
        onCancel={suspending.close}
        onSuspend={(reason) => {
          const userId = suspending.target?.author.userId;
          if (!userId) return;
          commenting.mutate(
            { userId, body: { suspended: true, reason } },
            {
              onSuccess: (result) => {
                suspending.close();
                show(result.message);
              },
            },
          );
        }}
      />
      <ConfirmDialog
        open={restoring.open}
        title="Restore commenting"
        message={
          restoring.target
            ? `Let ${authorAccount(restoring.target.author)} post comments again?`
            : 'Let this learner post comments again?'
        }
        confirmLabel="Restore"
        busyLabel="Restoring..."
        tone="primary"
        busy={commenting.isPending}
        error={commenting.isError ? errorMessage(commenting.error, 'Error restoring commenting') : null}
        onClose={restoring.close}
        onConfirm={() => {
          const userId = restoring.target?.author.userId;
          if (!userId) return;
          commenting.mutate(
            { userId, body: { suspended: false } },
            {
              onSuccess: (result) => {
                restoring.close();
                show(result.message);
              },
            },
          );
        }}
      />
      {feedback}
    </>
  );
}
