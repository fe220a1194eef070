import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import PublishIcon from '@mui/icons-material/Publish';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import {
  questionKeepsSubscribers,
  type AdminExamInfo,
  type AdminQuestion,
  type MessageResponse,
} from '@mlp/contract';
import { PageSkeleton, PageLoadFailed } from '../../../components/page-loading.tsx';
import { PageHeader } from '../../../components/page-sections.tsx';
import { BusyButton } from '../../../components/form/form-controls.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  adminExamQueryOptions,
  adminExamQuestionsQueryOptions,
  useDeleteQuestionMutation,
  usePublishExamMutation,
  useRestoreVersionMutation,
  useReviewQuestionMutation,
} from '../api/exams-api.ts';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { useConfirmTarget } from '../../../components/dialogs/use-confirm-target.ts';
import { useConfirmedDelete } from '../../../components/dialogs/use-confirmed-delete.ts';
import { ExamInfoPanel } from './exam-info-panel.tsx';
import { ListPager } from './list-pager.tsx';
import {
  canPublish,
  isFiltered,
  publishProblem,
  questionDeleteEffect,
  questionLabel,
  questionListQuery,
  questionListSearch,
  questionViewCounts,
  readQuestionListState,
  shownRange,
  unpublishWarning,
  type QuestionFilters,
  type QuestionListState,
  type QuestionView,
} from '../exam-rules.ts';
import { FilterSelect } from '../../../components/form/filters.tsx';
import { GenerateQuestionsDialog } from './generate-questions-dialog.tsx';
import { QuestionCard } from './question-card.tsx';
import { QuestionDialog } from './question-dialog.tsx';
import { SecondOpinionDialog, type AppliedSuggestion } from './second-opinion-dialog.tsx';
import { QuestionHistoryDialog } from './question-history-dialog.tsx';
import { SetTopicBar } from './set-topic-bar.tsx';
import type { FeedbackAction } from '../../../components/feedback.tsx';
import { RejectDialog } from './reject-dialog.tsx';
import { ItemAnalysisSection } from './item-analysis-section.tsx';
import { ExamReportsNotice } from './exam-reports-notice.tsx';
import { BulkReviewBar } from './bulk-review-bar.tsx';
import { ImportQuestionsDialog } from './import-questions-dialog.tsx';
import { ExportQuestionsMenu } from './export-questions-menu.tsx';
import { ExportButton } from '../../../components/dialogs/export-dialog.tsx';
import { downloadResults } from '../../../lib/admin/admin-exports.ts';
import { useAdminCan } from '../../../lib/admin/admin-api.ts';

type Show = (message: string, severity?: 'success' | 'error', action?: FeedbackAction) => void;

/** The section content width from which Generate, Add and Publish (about 520 px) fit on one line. */
const ONE_LINE_MIN_WIDTH = 530;
/** The same for Import, Export and Preview as a learner (about 530 px with their gaps). */
const TOOLS_ONE_LINE_MIN_WIDTH = 540;

/** A row of buttons: one full-width button a line until all fit on one line of `oneLineFrom` px, then one line. */
const buttonRowSx = (oneLineFrom: number, oneLine: Record<string, string> = {}) => ({
  display: 'grid',
  gap: 1,
  gridTemplateColumns: '1fr',
  '& .MuiButton-root': { whiteSpace: 'nowrap' },
  [`@container (min-width: ${oneLineFrom}px)`]: {
    gridTemplateColumns: 'none',
    gridAutoFlow: 'column',
    ...oneLine,
  },
});

/** Room above an element scrolled into view: the admin layout's fixed top bar (64 px) and a gap. */
const SCROLL_MARGIN = '88px';

/** How long typing pauses before the search goes to the server. */
const SEARCH_DELAY_MS = 300;

const EMPTY_VIEW_TEXT: Record<QuestionView, string> = {
  current: 'No questions yet. Add one, or generate some with AI.',
  pending: 'No AI questions are waiting for approval.',
  rejected: 'No AI questions have been rejected.',
};

const AUTHOR_OPTIONS = [
  { value: 'ai', label: 'AI-drafted' },
  { value: 'human', label: 'Hand-written' },
];

/**
 * The list's view, filters and page, kept in the page's URL (decision 0043) so a reload, the back button
 * or a return from the preview shows the same page. Changes replace the history entry: paging through a
 * bank is not a trail to walk back through.
 */
function useQuestionListState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readQuestionListState(searchParams);
  // React Router's functional update starts from the params of the render that made the setter; a
  // debounced search must build on the latest ones (as in the article list, decision 0022).
  const setParamsRef = useRef(setSearchParams);
  useEffect(() => {
    setParamsRef.current = setSearchParams;
  }, [setSearchParams]);
  const update = useCallback((change: (current: QuestionListState) => QuestionListState) => {
    setParamsRef.current((params) => questionListSearch(change(readQuestionListState(params))), {
      replace: true,
    });
  }, []);
  return { state, update };
}

/** Topic, who wrote it and a search, over the list's current view. */
function QuestionFilterFields({
  filters,
  topics,
  onChange,
}: {
  filters: QuestionFilters;
  topics: string[];
  onChange: (next: Partial<QuestionFilters>) => void;
}) {
  // The box follows the URL (back, a cleared filter) without undoing what is being typed.
  const [text, setText] = useState(filters.search);
  const [synced, setSynced] = useState(filters.search);
  if (filters.search !== synced) {
    setSynced(filters.search);
    if (filters.search !== text.trim()) setText(filters.search);
  }
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  useEffect(() => {
    const next = text.trim();
    if (next === filters.search.trim()) return;
    const timer = setTimeout(() => onChangeRef.current({ search: next }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, filters.search]);

  // A topic asked for in the URL stays choosable even when no question uses it any more.
  const topicChoices = filters.topic && !topics.includes(filters.topic) ? [...topics, filters.topic] : topics;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      <FilterSelect
        label="Topic"
        anyLabel="All topics"
        value={filters.topic}
        onChange={(event) => onChange({ topic: event.target.value })}
        options={topicChoices.map((topic) => ({ value: topic, label: topic }))}
      />
      <FilterSelect
        label="Written by"
        anyLabel="Anyone"
        value={filters.author}
        onChange={(event) => onChange({ author: event.target.value as QuestionFilters['author'] })}
        options={AUTHOR_OPTIONS}
      />
      <TextField
        size="small"
        label="Search questions"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          // Enter searches at once.
          if (event.key === 'Enter') onChange({ search: text.trim() });
        }}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
    </Box>
  );
}

function QuestionsSection({ exam, show }: { exam: AdminExamInfo; show: Show }) {
  const canExportResults = useAdminCan('adminExports', 'results');
  const publish = usePublishExamMutation(exam._id);
  const review = useReviewQuestionMutation(exam._id);
  const deleteQuestion = useDeleteQuestionMutation(exam._id);
  const [editor, setEditor] = useState<{ open: boolean; question: AdminQuestion | null }>({
    open: false,
    question: null,
  });
  const [generating, setGenerating] = useState(false);
  const [importing, setImporting] = useState(false);
  const rejecting = useConfirmTarget<AdminQuestion>();
  const consulting = useConfirmTarget<{ question: AdminQuestion; label: string }>();
  const browsing = useConfirmTarget<{ questionId: string; label: string }>();
  const restore = useRestoreVersionMutation(exam._id);
  // Questions chosen for 'Set topic', among the page shown (a new page, view or filter starts afresh).
  const [chosen, setChosen] = useState<string[]>([]);
  const deleting = useConfirmedDelete<AdminQuestion, MessageResponse>(deleteQuestion, {
    failure: 'Error deleting question',
    onDeleted: () => show('Question deleted successfully'),
  });
  const [problem, setProblem] = useState<string | null>(null);

  // One page of the list from the server (decision 0043); a change anywhere on this page reloads it.
  const { state, update } = useQuestionListState();
  const { view, filters, page } = state;
  const listKey = JSON.stringify(questionListQuery(state));
  const [chosenFor, setChosenFor] = useState(listKey);
  if (chosenFor !== listKey) {
    setChosenFor(listKey);
    setChosen([]);
  }
  const list = useQuery(adminExamQuestionsQueryOptions(exam._id, questionListQuery(state)));
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  const filtered = isFiltered(filters);
  const counts = data ? questionViewCounts(data.counts) : null;
  const setFilter = useCallback(
    (next: Partial<QuestionFilters>) =>
      update((current) => ({ ...current, filters: { ...current.filters, ...next }, page: 1 })),
    [update],
  );

  // A page emptied by a change (its last drafts approved, say), or a page number past the end from an old
  // link: show the last page there is instead.
  const lastPage = data && !list.isPlaceholderData && data.total > 0 && data.page > pages ? pages : null;
  useEffect(() => {
    if (lastPage !== null) update((current) => ({ ...current, page: lastPage }));
  }, [lastPage, update]);

  // A new page starts at its top: the line saying which questions it shows takes the focus (and so the
  // screen), and says it to screen readers.
  const rangeRef = useRef<HTMLParagraphElement>(null);
  const goToPage = (next: number) => {
    update((current) => ({ ...current, page: next }));
    rangeRef.current?.focus();
  };

  const showPublish = canPublish(exam);
  // Spec §5's refusal, said where the button would be, instead of a button that silently is not there.
  const publishBlocked = !exam.isActive && !showPublish ? publishProblem(exam) : null;

  /** 'Undo' after an applied AI suggestion: the version before it comes back as the newest. */
  const undoSuggestion = (applied: AppliedSuggestion): FeedbackAction => ({
    label: 'Undo',
    onClick: () =>
      restore.mutate(
        { questionId: applied.questionId, version: applied.previousVersion },
        {
          onSuccess: (result) => show(result.message),
          onError: (error) => show(errorMessage(error, 'The suggestion could not be undone.'), 'error'),
        },
      ),
  });

  const handlePublish = () => {
    // Spec §4: publishing with too few questions is refused on the client.
    const refusal = publishProblem(exam);
    setProblem(refusal);
    if (refusal) return;
    publish.mutate(undefined, {
      onSuccess: () => show('Exam published successfully'),
      onError: (error) => setProblem(errorMessage(error, 'Error publishing exam')),
    });
  };

  const approve = (question: AdminQuestion) => {
    setProblem(null);
    review.mutate(
      { questionId: question._id, decision: { action: 'approve' } },
      {
        onSuccess: () => show('Question approved'),
        onError: (error) => setProblem(errorMessage(error, 'Failed to approve question')),
      },
    );
  };

  const reject = (reason: string) => {
    if (!rejecting.target) return;
    review.mutate(
      { questionId: rejecting.target._id, decision: { action: 'reject', rejectionReason: reason } },
      {
        onSuccess: () => {
          rejecting.close();
          show('Question rejected');
        },
      },
    );
  };

  const busy = review.isPending || deleteQuestion.isPending || publish.isPending;
  const rejectError =
    review.isError && review.variables.decision.action === 'reject'
      ? errorMessage(review.error, 'Failed to reject question')
      : null;
  const loadError = list.isError ? (
    <LoadError
      message={errorMessage(list.error, 'Error fetching questions')}
      onRetry={() => list.refetch()}
    />
  ) : null;
  const range = data ? shownRange(data.page, data.limit, data.total) : null;
  // Filters show once the exam has questions (or while one is set, so it can be cleared).
  const showFilters = filtered || (data ? data.counts.all > 0 : exam.questionCount + exam.pendingCount > 0);

  let listing: ReactNode;
  if (!data) {
    listing = loadError ?? (
      <Stack spacing={2} role="status" aria-label="Loading questions">
        <Skeleton variant="rounded" height={180} />
        <Skeleton variant="rounded" height={180} />
      </Stack>
    );
  } else if (data.total === 0) {
    // An empty list from before a change of view or filter says nothing about the next one.
    listing = list.isPlaceholderData ? null : (
      <>
        {loadError}
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {filtered ? 'No questions match these filters.' : EMPTY_VIEW_TEXT[view]}
        </Typography>
      </>
    );
  } else {
    listing = (
      <Stack spacing={2} aria-busy={list.isFetching}>
        {loadError}
        <Typography
          ref={rangeRef}
          tabIndex={-1}
          variant="body2"
          color="text.secondary"
          // Clear of the fixed top bar when it takes the focus (and the screen) on a new page.
          sx={{ outline: 'none', scrollMarginTop: SCROLL_MARGIN }}
        >
          {range && `Showing ${range} of ${data.total}`}
        </Typography>
        {view === 'rejected' && (
          <Typography variant="body2" color="text.secondary">
            Rejected AI questions never count towards the exam and are never shown to learners.
          </Typography>
        )}
        {view === 'current' && (
          <SetTopicBar
            examId={exam._id}
            topics={exam.topics}
            shown={data.questions.map((question) => question._id)}
            selected={chosen}
            onSelect={setChosen}
            onDone={(message) => show(message)}
          />
        )}
        {view !== 'current' && (
          <BulkReviewBar
            examId={exam._id}
            view={view}
            questions={data.questions}
            morePages={data.total > data.questions.length}
            show={show}
          />
        )}
        {data.questions.map((question) => (
          <QuestionCard
            key={question._id}
            question={question}
            label={questionLabel(question)}
            busy={busy}
            onEdit={
              question.approvalStatus === 'rejected' ? undefined : () => setEditor({ open: true, question })
            }
            onDelete={() => {
              // Told before confirming: a delete the server would refuse is not offered (decision 0016).
              if (questionDeleteEffect(exam, question) === 'refused') {
                deleteQuestion.reset();
                setProblem(questionKeepsSubscribers(exam.numberOfQuestions));
                return;
              }
              setProblem(null);
              deleting.ask(question);
            }}
            onApprove={() => approve(question)}
            onReject={() => {
              review.reset();
              rejecting.ask(question);
            }}
            onSecondOpinion={
              question.approvalStatus === 'rejected'
                ? undefined
                : () => consulting.ask({ question, label: questionLabel(question) })
            }
            onHistory={() => browsing.ask({ questionId: question._id, label: questionLabel(question) })}
            {...(view === 'current'
              ? {
                  selected: chosen.includes(question._id),
                  onSelect: (on: boolean) =>
                    setChosen((current) =>
                      on ? [...current, question._id] : current.filter((id) => id !== question._id),
                    ),
                }
              : {})}
          />
        ))}
        <ListPager page={Math.min(page, pages)} pages={pages} onChange={goToPage} of="the questions" />
      </Stack>
    );
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="questions-heading"
      // The buttons below lay themselves out by this section's width.
      sx={{ p: { xs: 2, sm: 3 }, containerType: 'inline-size' }}
    >
      {/* Beside the heading only where all three buttons fit on one line (lg); above that, under it. */}
      <Stack
        direction={{ xs: 'column', lg: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { lg: 'center' }, mb: 2 }}
      >
        <div>
          <Typography id="questions-heading" component="h2" variant="h6">
            {`Questions (${exam.questionCount}/${exam.numberOfQuestions})`}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {exam.pendingCount > 0
              ? `${exam.pendingCount} AI question${exam.pendingCount === 1 ? '' : 's'} waiting for approval. Only approved and hand-written questions count.`
              : 'Hand-written and approved AI questions count towards the total.'}
          </Typography>
          {publishBlocked && (
            <Typography variant="body2" sx={{ mt: 0.5, color: '#8a4b00' }}>
              {publishBlocked}
            </Typography>
          )}
        </div>
        {/*
         * One full-width button per line while the section is too narrow for all three on one line (a
         * container query: the side menu takes its share from md), then one line: never a lone button
         * wrapped onto a line of its own (decision 0024).
         */}
        <Box
          sx={{
            ...buttonRowSx(ONE_LINE_MIN_WIDTH),
            justifyContent: { xs: 'start', lg: 'end' },
            flexShrink: 0,
          }}
        >
          <Button variant="outlined" startIcon={<AutoAwesomeIcon />} onClick={() => setGenerating(true)}>
            Generate Questions
          </Button>
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => setEditor({ open: true, question: null })}
          >
            Add Question
          </Button>
          {showPublish && (
            <BusyButton
              color="success"
              onClick={handlePublish}
              busy={publish.isPending}
              busyLabel="Publishing..."
              spinner
              startIcon={<PublishIcon />}
            >
              Publish Exam
            </BusyButton>
          )}
        </Box>
      </Stack>

      {/*
       * Bringing a bank in and taking it out (decision 0039), and seeing it as a learner would (decision
       * 0043): beside the list, not among its three buttons. Like those: one full-width button a line until
       * all three fit on one, never a lone one wrapped.
       */}
      <Box sx={{ ...buttonRowSx(TOOLS_ONE_LINE_MIN_WIDTH, { justifyContent: 'start' }), mb: 2 }}>
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
          Import questions
        </Button>
        <ExportQuestionsMenu examId={exam._id} onError={(message) => show(message, 'error')} />
        {canExportResults && (
          <ExportButton
            label="Export results"
            title="Export results"
            description="Each submitted sitting of the days chosen: the learner, score, correct, incorrect and omitted answers, time taken and the score by topic."
            fallbackName="results"
            download={(choice) => downloadResults(exam._id, choice)}
          />
        )}
        <Button
          variant="outlined"
          component={RouterLink}
          to={`/admin/exams/${exam._id}/preview`}
          startIcon={<VisibilityOutlinedIcon />}
        >
          Preview as a learner
        </Button>
      </Box>

      <ToggleButtonGroup
        value={view}
        exclusive
        size="small"
        aria-label="Show questions"
        onChange={(_event, next: QuestionView | null) => {
          if (next) update((current) => ({ ...current, view: next, page: 1 }));
        }}
        // One line on a phone too: the three share the width, in sentence case.
        fullWidth
        sx={{ mb: 2, maxWidth: { sm: 420 }, '& .MuiToggleButton-root': { textTransform: 'none', px: 1 } }}
      >
        <ToggleButton value="current">{counts ? `Current (${counts.current})` : 'Current'}</ToggleButton>
        <ToggleButton value="pending">{counts ? `Pending (${counts.pending})` : 'Pending'}</ToggleButton>
        <ToggleButton value="rejected">{counts ? `Rejected (${counts.rejected})` : 'Rejected'}</ToggleButton>
      </ToggleButtonGroup>

      {problem && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}

      {showFilters && (
        <QuestionFilterFields filters={filters} topics={data?.topics ?? []} onChange={setFilter} />
      )}

      {/* A thin bar while another page or filter loads; the page shown stays until it arrives. */}
      <Box sx={{ height: 4, mb: 1 }}>
        {list.isFetching && data && <LinearProgress aria-label="Loading questions" />}
      </Box>

      {listing}

      <QuestionDialog
        open={editor.open}
        examId={exam._id}
        topics={exam.topics}
        question={editor.question}
        onClose={() => setEditor((current) => ({ ...current, open: false }))}
        onSaved={() => {
          setEditor((current) => ({ ...current, open: false }));
          show('Question saved successfully');
        }}
      />
      <GenerateQuestionsDialog
        open={generating}
        examId={exam._id}
        onClose={() => setGenerating(false)}
        onGenerated={(message) => {
          setGenerating(false);
          show(message);
        }}
      />
      <ImportQuestionsDialog
        open={importing}
        examId={exam._id}
        onClose={() => setImporting(false)}
        onImported={(message) => {
          setImporting(false);
          update((current) => ({ ...current, view: 'current', page: 1 }));
          show(message);
        }}
      />
      <SecondOpinionDialog
        open={consulting.open}
        examId={exam._id}
        question={consulting.target?.question ?? null}
        label={consulting.target?.label ?? ''}
        onClose={consulting.close}
        onApplied={(applied) => {
          consulting.close();
          show(applied.message, 'success', undoSuggestion(applied));
        }}
      />
      <QuestionHistoryDialog
        open={browsing.open}
        examId={exam._id}
        questionId={browsing.target?.questionId ?? null}
        label={browsing.target?.label ?? ''}
        onClose={browsing.close}
        onRestored={(message) => {
          browsing.close();
          show(message);
        }}
      />
      <RejectDialog
        open={rejecting.open}
        busy={review.isPending}
        error={rejectError}
        onClose={rejecting.close}
        onReject={reject}
      />
      <ConfirmDialog
        {...deleting.dialog}
        title="Delete Question"
        message="Are you sure you want to delete this question?"
        details={
          deleting.target && (
            <>
              {deleting.target.question}
              {questionDeleteEffect(exam, deleting.target) === 'unpublishes' && (
                <Alert severity="warning" sx={{ mt: 1.5 }}>
                  {unpublishWarning(exam.numberOfQuestions)}
                </Alert>
              )}
            </>
          )
        }
      />
    </Paper>
  );
}

/** Spec §2 Edit Exam: the information panel and the question list with their dialogs. */
export function EditExamPage({ examId }: { examId: string }) {
  const exam = useQuery(adminExamQueryOptions(examId));
  const { feedback, show } = useFeedback();

  const back = (
    <Button component={RouterLink} to="/admin/exams" startIcon={<ArrowBackIcon />}>
      Back to exams
    </Button>
  );

  if (exam.isPending) {
    return <PageSkeleton label="Loading exam" titleWidth="50%" blocks={[240, 320]} spacing={3} />;
  }

  if (exam.isError) {
    return (
      <PageLoadFailed
        title="Edit Exam"
        back={back}
        message={errorMessage(exam.error, 'Error fetching exam')}
      />
    );
  }

  return (
    <>
      <PageHeader title="Edit Exam" subtitle={exam.data.title} actions={back} />
      <Stack spacing={3}>
        <ExamInfoPanel exam={exam.data} onSaved={(message) => show(message)} />
        <ExamReportsNotice exam={exam.data} />
        <QuestionsSection exam={exam.data} show={show} />
        <ItemAnalysisSection examId={exam.data._id} />
      </Stack>
      {feedback}
    </>
  );
}
