import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SendIcon from '@mui/icons-material/Send';
import { OPEN_SITTINGS_LIMIT, type InProgressExam } from '@mlp/contract';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useConfirmTarget } from '../../../components/dialogs/use-confirm-target.ts';
import { useFeedback } from '../../../components/feedback.tsx';
import { SectionCard } from '../../../components/page-sections.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatDuration } from '../../../lib/format.ts';
import { useDiscardSittingMutation } from '../api/attempts-api.ts';
import { OutlinedRow } from '../../../components/outlined-row.tsx';

const MODE_WORDS = { exam: '', timed: ' · timed', tutor: ' · tutor mode' } as const;

/** What sets a sitting apart (decisions 0037, 0063): a practice set, its mode, time left, paused. */
export function sittingDetails(sitting: InProgressExam): string {
  const left = sitting.remainingSeconds === null ? '' : ` · ${formatDuration(sitting.remainingSeconds)} left`;
  return [
    `${sitting.answered} of ${sitting.totalQuestions} answered`,
    `started ${formatDate(sitting.startedAt)}`,
  ]
    .join(' · ')
    .concat(
      sitting.kind === 'practice' ? ' · practice set' : '',
      MODE_WORDS[sitting.mode],
      left,
      sitting.paused ? ' · paused' : '',
    );
}

/** Where a sitting is resumed: an exam's take page, or the practice set's own page. */
export function sittingPath(sitting: InProgressExam, submit = false): string {
  const path = sitting.examId
    ? `/exams/${encodeURIComponent(sitting.examId)}/take`
    : `/practice/${encodeURIComponent(sitting.attemptId)}`;
  // The sitting opens its submit dialog (decision 0063): answers kept on this device go with it.
  return submit ? `${path}?submit=1` : path;
}

/**
 * The sittings and practice sets in progress (decision 0063): each with Resume, Submit (in the sitting,
 * through its own confirm dialog, so nothing kept on this device is lost) and Discard (asked first).
 * `onDiscarded` lets the page refresh what else shows the list (the dashboard's recent call).
 */
export function InProgressList({
  sittings,
  title = 'In progress',
  onDiscarded,
}: {
  sittings: InProgressExam[];
  title?: string;
  onDiscarded?: () => void;
}) {
  const discard = useDiscardSittingMutation();
  const confirm = useConfirmTarget<InProgressExam>();
  const { show, feedback } = useFeedback();
  const full = sittings.length >= OPEN_SITTINGS_LIMIT;

  return (
    <SectionCard title={title} gutterBottom mb={3}>
      {full && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {`You have ${OPEN_SITTINGS_LIMIT} in progress, the most at once: submit or discard one to start another.`}
        </Typography>
      )}
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
        {sittings.map((sitting) => {
          const titleId = `in-progress-${sitting.attemptId}`;
          /** A small link to the sitting, named by its title for a screen reader. */
          const linkTo = (to: string) =>
            ({ component: RouterLink, to, size: 'small', 'aria-describedby': titleId }) as const;
          return (
            <OutlinedRow layout="wrap" key={sitting.attemptId}>
              <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
                <Typography id={titleId} sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                  {sitting.examTitle}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {sittingDetails(sitting)}
                </Typography>
              </Box>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: 0 }}>
                <Button {...linkTo(sittingPath(sitting))} variant="contained" startIcon={<PlayArrowIcon />}>
                  Resume
                </Button>
                <Button {...linkTo(sittingPath(sitting, true))} variant="outlined" startIcon={<SendIcon />}>
                  Submit
                </Button>
                <Button
                  color="error"
                  size="small"
                  startIcon={<DeleteOutlineIcon />}
                  aria-describedby={titleId}
                  onClick={() => {
                    discard.reset();
                    confirm.ask(sitting);
                  }}
                >
                  Discard
                </Button>
              </Stack>
            </OutlinedRow>
          );
        })}
      </Stack>
      <ConfirmDialog
        open={confirm.open}
        title="Discard this sitting?"
        message={`Are you sure you want to discard "${confirm.target?.examTitle ?? ''}"?`}
        details="Its answers are deleted and it will not count as a result. Answers already checked in tutor mode stay in your review schedule. This cannot be undone."
        confirmLabel="Discard"
        busyLabel="Discarding..."
        busy={discard.isPending}
        error={
          discard.isError
            ? errorMessage(discard.error, 'The sitting could not be discarded. Please try again.')
            : null
        }
        onClose={confirm.close}
        onConfirm={() => {
          const target = confirm.target;
          if (!target) return;
          discard.mutate(target.attemptId, {
            onSuccess: () => {
              confirm.close();
              show('Sitting discarded');
              onDiscarded?.();
            },
          });
        }}
      />
      {feedback}
    </SectionCard>
  );
}
