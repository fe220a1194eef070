import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { QuestionHistory, QuestionVersion, QuestionVersionContent } from '@mlp/contract';
import { BusyButton } from '../../../components/form/form-controls.tsx';
import { ResponsiveDialog } from '../../../components/dialogs/responsive-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { questionHistoryQueryOptions, useRestoreVersionMutation } from '../api/exams-api.ts';
import { changedFieldsText, imageChanges, VERSION_SOURCE_TEXT } from '../history-rules.ts';
import { ContentDiff, DiffLegend } from './question-diff.tsx';
import { ListPager } from './list-pager.tsx';

const HISTORY_KEYS = { both: 'Correct answer', before: 'Was correct', after: 'Now correct' };

function VersionEntry({
  entry,
  before,
  current,
  restoring,
  busy,
  onRestore,
}: {
  entry: QuestionVersion;
  /** the version before it, which its changes are shown against (none for the first) */
  before: QuestionVersionContent | null;
  current: number;
  restoring: boolean;
  busy: boolean;
  onRestore: () => void;
}) {
  const headingId = useId();
  const isCurrent = entry.version === current;
  const what =
    entry.source === 'restored' && entry.restoredFrom !== null
      ? `Restored version ${entry.restoredFrom}`
      : VERSION_SOURCE_TEXT[entry.source];
  const images = before ? imageChanges(before, entry.content) : [];
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <div>
          <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {`Version ${entry.version}${isCurrent ? ' (current)' : ''}`}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
            {`${what} · ${entry.by ?? 'System'} · ${formatDateTime(entry.createdAt)}`}
          </Typography>
          {before && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {changedFieldsText(entry.changes)}
            </Typography>
          )}
        </div>
        {!isCurrent && (
          <BusyButton
            variant="outlined"
            size="small"
            onClick={onRestore}
            busy={restoring}
            busyLabel="Restoring…"
            disabled={busy}
            aria-describedby={headingId}
            sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
          >
            Restore this version
          </BusyButton>
        )}
      </Stack>
      {before && entry.changes.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <ContentDiff
            before={before}
            after={entry.content}
            fields={entry.changes}
            keyLabels={HISTORY_KEYS}
            images={images}
            legend={false}
          />
        </Box>
      )}
      {!before && (
        <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line', wordBreak: 'break-word' }}>
          {entry.content.question}
        </Typography>
      )}
    </Paper>
  );
}

function HistoryContent({
  examId,
  questionId,
  label,
  titleId,
  onClose,
  onRestored,
}: {
  examId: string;
  questionId: string;
  label: string;
  titleId: string;
  onClose: () => void;
  onRestored: (message: string) => void;
}) {
  const [page, setPage] = useState(1);
  const history = useQuery(questionHistoryQueryOptions(examId, questionId, page));
  const restore = useRestoreVersionMutation(examId);
  const [asked, setAsked] = useState<number | null>(null);
  const data: QuestionHistory | undefined = history.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;

  return (
    <>
      <DialogTitle id={titleId}>
        History
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {label}
        </Typography>
      </DialogTitle>
      {/* Long histories scroll: keyboard users must be able to scroll too (axe scrollable-region-focusable). */}
      <DialogContent tabIndex={0} role="region" aria-label="Versions of the question">
        {restore.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(restore.error, 'The version could not be restored. Please try again.')}
          </Alert>
        )}
        {!data ? (
          history.isError ? (
            <LoadError
              message={errorMessage(history.error, 'The history could not be loaded.')}
              onRetry={() => history.refetch()}
            />
          ) : (
            <Box role="status" sx={{ py: 2 }}>
              <LinearProgress aria-label="Loading the history" />
            </Box>
          )
        ) : (
          <Stack spacing={1.5} aria-busy={history.isFetching}>
            <Typography variant="body2" color="text.secondary">
              {`${data.total} version${data.total === 1 ? '' : 's'}, newest first. Restoring one makes it the current version; nothing is lost.`}
            </Typography>
            <DiffLegend />
            {data.versions.map((entry, index) => (
              <VersionEntry
                key={entry.version}
                entry={entry}
                before={data.versions[index + 1]?.content ?? data.older}
                current={data.current}
                restoring={restore.isPending && asked === entry.version}
                busy={restore.isPending}
                onRestore={() => {
                  setAsked(entry.version);
                  restore.mutate(
                    { questionId, version: entry.version },
                    {
                      onSuccess: (result) => {
                        setPage(1);
                        onRestored(result.message);
                      },
                    },
                  );
                }}
              />
            ))}
            <ListPager page={page} pages={pages} onChange={setPage} of="the history" />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={restore.isPending}>
          Close
        </Button>
      </DialogActions>
    </>
  );
}

/**
 * A question's history (decision 0050): each version, newest first, with who made it, how, and what it
 * changed field by field against the one before; 'Restore this version' brings an earlier one back as the
 * newest.
 */
export function QuestionHistoryDialog({
  open,
  examId,
  questionId,
  label,
  onClose,
  onRestored,
}: {
  open: boolean;
  examId: string;
  questionId: string | null;
  /** The card's heading, e.g. 'Question 3'. */
  label: string;
  onClose: () => void;
  onRestored: (message: string) => void;
}) {
  const titleId = useId();
  return (
    <ResponsiveDialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md">
      {questionId && (
        <HistoryContent
          key={questionId}
          examId={examId}
          questionId={questionId}
          label={label}
          titleId={titleId}
          onClose={onClose}
          onRestored={onRestored}
        />
      )}
    </ResponsiveDialog>
  );
}
