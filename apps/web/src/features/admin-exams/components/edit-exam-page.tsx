import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
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
import {
  questionKeepsSubscribers,
  type AdminExamDetail,
  type AdminQuestion,
  type MessageResponse,
} from '@mlp/contract';
import { PageHeader } from '../../../components/page-sections.tsx';
import { BusyButton } from '../../../components/form/form-controls.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  adminExamQueryOptions,
  useDeleteQuestionMutation,
  usePublishExamMutation,
  useReviewQuestionMutation,
} from '../api/exams-api.ts';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { useConfirmTarget } from '../../../components/dialogs/use-confirm-target.ts';
import { useConfirmedDelete } from '../../../components/dialogs/use-confirmed-delete.ts';
import { ExamInfoPanel } from './exam-info-panel.tsx';
import {
  canPublish,
  narrowQuestions,
  NO_QUESTION_FILTERS,
  publishProblem,
  questionTopics,
  questionDeleteEffect,
  questionsInView,
  questionViewCounts,
  unpublishWarning,
  type QuestionFilters,
  type QuestionView,
} from '../exam-rules.ts';
import { FilterSelect } from '../../../components/form/filters.tsx';
import { GenerateQuestionsDialog } from './generate-questions-dialog.tsx';
import { QuestionCard } from './question-card.tsx';
import { QuestionDialog } from './question-dialog.tsx';
import { SecondOpinionDialog } from './second-opinion-dialog.tsx';
import { RejectDialog } from './reject-dialog.tsx';
import { ItemAnalysisSection } from './item-analysis-section.tsx';
import { ExamReportsNotice } from './exam-reports-notice.tsx';
import { BulkReviewBar } from './bulk-review-bar.tsx';
import { ImportQuestionsDialog } from './import-questions-dialog.tsx';
import { ExportQuestionsMenu } from './export-questions-menu.tsx';
import UploadFileIcon from '@mui/icons-material/UploadFile';

type Show = (message: string, severity?: 'success' | 'error') => void;

/** The section content width from which Generate, Add and Publish (about 520 px) fit on one line. */
const ONE_LINE_MIN_WIDTH = 530;

const EMPTY_VIEW_TEXT: Record<QuestionView, string> = {
  current: 'No questions yet. Add one, or generate some with AI.',
  pending: 'No AI questions are waiting for approval.',
  rejected: 'No AI questions have been rejected.',
};

/** Questions a page of the list shows (issue 20: banks of thousands of questions). */
const QUESTIONS_PER_PAGE = 25;

const SOURCE_OPTIONS = [
  { value: 'ai', label: 'AI-drafted' },
  { value: 'manual', label: 'Hand-written' },
];

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
        options={topics.map((topic) => ({ value: topic, label: topic }))}
      />
      <FilterSelect
        label="Written by"
        anyLabel="Anyone"
        value={filters.source}
        onChange={(event) => onChange({ source: event.target.value as QuestionFilters['source'] })}
        options={SOURCE_OPTIONS}
      />
      <TextField
        size="small"
        label="Search questions"
        value={filters.search}
        onChange={(event) => onChange({ search: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
    </Box>
  );
}

function QuestionsSection({ exam, show }: { exam: AdminExamDetail; show: Show }) {
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
  const deleting = useConfirmedDelete<AdminQuestion, MessageResponse>(deleteQuestion, {
    failure: 'Error deleting question',
    onDeleted: () => show('Question deleted successfully'),
  });
  const [problem, setProblem] = useState<string | null>(null);

  const [view, setView] = useState<QuestionView>('current');
  const [filters, setFilters] = useState<QuestionFilters>(NO_QUESTION_FILTERS);
  const [page, setPage] = useState(1);
  const listed = narrowQuestions(questionsInView(exam.questions, view), filters);
  const pages = Math.max(1, Math.ceil(listed.length / QUESTIONS_PER_PAGE));
  const shownPage = Math.min(page, pages);
  const pageOfListed = listed.slice((shownPage - 1) * QUESTIONS_PER_PAGE, shownPage * QUESTIONS_PER_PAGE);
  const filtered = filters.topic !== '' || filters.source !== '' || filters.search.trim() !== '';
  const setFilter = (next: Partial<QuestionFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const counts = questionViewCounts(exam.questions);
  const showPublish = canPublish(exam);

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
        </div>
        {/*
         * One full-width button per line while the section is too narrow for all three on one line (a
         * container query: the side menu takes its share from md), then one line: never a lone button
         * wrapped onto a line of its own (issue 15.14).
         */}
        <Box
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: '1fr',
            justifyContent: { xs: 'start', lg: 'end' },
            flexShrink: 0,
            '& .MuiButton-root': { whiteSpace: 'nowrap' },
            [`@container (min-width: ${ONE_LINE_MIN_WIDTH}px)`]: {
              gridTemplateColumns: 'none',
              gridAutoFlow: 'column',
            },
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

      {/* Bringing a bank in and taking it out (issue 20): beside the list, not among its three buttons. */}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
          Import questions
        </Button>
        <ExportQuestionsMenu examId={exam._id} onError={(message) => show(message, 'error')} />
      </Stack>

      <ToggleButtonGroup
        value={view}
        exclusive
        size="small"
        aria-label="Show questions"
        onChange={(_event, next: QuestionView | null) => {
          if (next) {
            setView(next);
            setPage(1);
          }
        }}
        // One line on a phone too: the three share the width, in sentence case.
        fullWidth
        sx={{ mb: 2, maxWidth: { sm: 420 }, '& .MuiToggleButton-root': { textTransform: 'none', px: 1 } }}
      >
        <ToggleButton value="current">{`Current (${counts.current})`}</ToggleButton>
        <ToggleButton value="pending">{`Pending (${counts.pending})`}</ToggleButton>
        <ToggleButton value="rejected">{`Rejected (${counts.rejected})`}</ToggleButton>
      </ToggleButtonGroup>

      {problem && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}

      {exam.questions.length > 0 && (
        <QuestionFilterFields
          filters={filters}
          topics={questionTopics(exam.questions)}
          onChange={setFilter}
        />
      )}

      {listed.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {filtered ? 'No questions match these filters.' : EMPTY_VIEW_TEXT[view]}
        </Typography>
      ) : (
        <Stack spacing={2}>
          {view === 'rejected' && (
            <Typography variant="body2" color="text.secondary">
              Rejected AI questions never count towards the exam and are never shown to learners.
            </Typography>
          )}
          {view !== 'current' && (
            <BulkReviewBar
              examId={exam._id}
              view={view}
              questions={listed.map(({ question }) => question)}
              show={show}
            />
          )}
          {pageOfListed.map(({ question, label }) => (
            <QuestionCard
              key={question._id}
              question={question}
              label={label}
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
                question.approvalStatus === 'rejected' ? undefined : () => consulting.ask({ question, label })
              }
            />
          ))}
          {pages > 1 && (
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: 'center', justifyContent: 'space-between' }}
            >
              <Typography variant="body2" color="text.secondary">
                {`Showing ${(shownPage - 1) * QUESTIONS_PER_PAGE + 1}–${Math.min(shownPage * QUESTIONS_PER_PAGE, listed.length)} of ${listed.length}`}
              </Typography>
              <Pagination
                count={pages}
                page={shownPage}
                onChange={(_event, next) => setPage(next)}
                getItemAriaLabel={(type, item, selected) =>
                  type === 'page'
                    ? `${selected ? '' : 'Go to '}page ${item ?? ''} of the questions`
                    : `Go to the ${type} page of the questions`
                }
              />
            </Stack>
          )}
        </Stack>
      )}

      <QuestionDialog
        open={editor.open}
        examId={exam._id}
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
          setView('current');
          show(message);
        }}
      />
      <SecondOpinionDialog
        open={consulting.open}
        examId={exam._id}
        question={consulting.target?.question ?? null}
        label={consulting.target?.label ?? ''}
        onClose={consulting.close}
        onApplied={(message) => {
          consulting.close();
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
    return (
      <Stack spacing={3} role="status" aria-label="Loading exam">
        <Skeleton variant="text" width="50%" height={56} />
        <Skeleton variant="rounded" height={240} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  }

  if (exam.isError) {
    return (
      <>
        <PageHeader title="Edit Exam" actions={back} />
        <Alert severity="error">{errorMessage(exam.error, 'Error fetching exam')}</Alert>
      </>
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
