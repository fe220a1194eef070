import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import StickyNote2OutlinedIcon from '@mui/icons-material/StickyNote2Outlined';
import { NOTEBOOK_SEARCH_MAX, type NotebookItem } from '@mlp/contract';
import { ListPage } from '../../../components/list-states.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { readPageParam, UrlPagination } from '../../../components/navigation/url-pagination.tsx';
import { NOTE_SX, versionNotice } from '../../../components/notes/note-editor.tsx';
import { notebookQueryOptions } from '../../../components/notes/notes-api.ts';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useUrlSearch } from '../../../lib/use-url-search.ts';
import { noteLink, notebookCount } from '../notebook-text.ts';
import { AnkiExport } from './anki-export.tsx';
import { ListSearchField } from '../../../components/form/search-form.tsx';

function NotebookEntry({ item }: { item: NotebookItem }) {
  const link = noteLink(item);
  const changed = versionNotice(item);
  return (
    <Paper variant="outlined" component="li" sx={{ listStyle: 'none', p: { xs: 2, sm: 2.5 } }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h2" variant="subtitle2" sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
          {item.examTitle}
        </Typography>
        <Chip size="small" variant="outlined" label={item.topic} sx={{ maxWidth: '100%' }} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
        <VisuallyHidden>Question: </VisuallyHidden>
        {item.question}
      </Typography>
      <Box sx={{ ...NOTE_SX, my: 1.5 }}>
        <VisuallyHidden>Your note: </VisuallyHidden>
        <Typography sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>{item.text}</Typography>
      </Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0.5, sm: 2 }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box>
          <Typography variant="caption" color="text.secondary" component="p">
            Saved {formatDateTime(item.updatedAt)}
          </Typography>
          {changed && (
            <Typography variant="caption" color="text.secondary" component="p">
              {changed}
            </Typography>
          )}
        </Box>
        <Link
          component={RouterLink}
          to={link.to}
          sx={{ fontWeight: 600, flexShrink: 0 }}
          // Several entries link back: the accessible name says which one.
          aria-label={`${link.label}: ${item.question}`}
        >
          {link.label}
        </Link>
      </Stack>
    </Paper>
  );
}

function NotebookSkeleton() {
  return (
    <Box aria-busy="true">
      <VisuallyHidden>Loading your notes</VisuallyHidden>
      <Stack spacing={2} aria-hidden="true">
        {Array.from({ length: 3 }, (_, index) => (
          <Paper key={index} variant="outlined" sx={{ p: 2.5 }}>
            <Skeleton variant="text" width="40%" />
            <Skeleton variant="text" />
            <Skeleton variant="rounded" height={56} sx={{ my: 1.5 }} />
            <Skeleton variant="text" width="30%" />
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}

/** What the notebook shows before the first note: what it is and how to add one. */
function NoNotesYet() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
      <StickyNote2OutlinedIcon color="action" sx={{ fontSize: 40 }} aria-hidden="true" />
      <Typography component="h2" variant="h6" sx={{ mt: 1 }}>
        No notes yet
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 520, mx: 'auto' }}>
        After an exam, open its result and choose &lsquo;Add a note&rsquo; under any question. Your notes are
        private and show up here, newest first.
      </Typography>
      <Button component={RouterLink} to="/exams/history" variant="contained" sx={{ mt: 2 }}>
        View exam history
      </Button>
    </Paper>
  );
}

/**
 * /notebook, 'My notebook' (decision 0059): the learner's private notes on questions, newest first,
 * searched over the note and the question's text (debounced, or at once on Enter), paged, each linking
 * back to its question. Search and page live in the URL.
 */
export function NotebookPage() {
  const [searchParams] = useSearchParams();
  const search = (searchParams.get('search') ?? '').trim();
  const page = readPageParam(searchParams);
  const notes = useQuery(notebookQueryOptions({ search, page }));
  const { text, setText, submit } = useUrlSearch(search);
  const data = notes.data;

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1, sm: 2 }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 2 }}
      >
        <Box>
          <Typography component="h1" variant="h4" gutterBottom>
            My notebook
          </Typography>
          <Typography color="text.secondary">
            Your private notes on questions. Only you can see them.
          </Typography>
        </Box>
        <Box sx={{ flexShrink: 0 }}>
          <AnkiExport />
        </Box>
      </Stack>

      <ListSearchField
        label="Search your notes"
        placeholder="Search notes and questions..."
        value={text}
        maxLength={NOTEBOOK_SEARCH_MAX}
        onChange={setText}
        onSubmit={submit}
      />

      {notes.isPending && <NotebookSkeleton />}

      {notes.isError && (
        <LoadError
          message={errorMessage(notes.error, 'Failed to load your notes')}
          onRetry={() => notes.refetch()}
        />
      )}

      {data && data.total === 0 && !search && <NoNotesYet />}
      {data && data.notes.length === 0 && (search || data.total > 0) && (
        <Alert severity="info" variant="outlined">
          {search ? `No notes match "${search}"` : 'No notes on this page'}
        </Alert>
      )}

      {data && data.notes.length > 0 && (
        <>
          <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1.5 }}>
            {notebookCount(data.total, search)}
          </Typography>
          <ListPage label="Your notes" busy={notes.isPlaceholderData} component="ol" spacing={2} fade>
            {data.notes.map((item) => (
              <NotebookEntry key={item.questionId} item={item} />
            ))}
          </ListPage>
          <UrlPagination page={data.page} pages={data.pages} label="Notebook pages" />
        </>
      )}
    </Box>
  );
}
