import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import HistoryIcon from '@mui/icons-material/History';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import { GENERAL_TOPIC, isHttpUrl, type AdminQuestion } from '@mlp/contract';
import { QuestionImage } from '../../../components/question-image.tsx';

// Pixel strings: in sx a bare 1 would mean 100%.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const OPTION_LETTERS = 'ABCDEF';

/** The AI status chip: 'AI · Pending', 'AI · Approved' or, in the Rejected view, 'AI · Rejected'. */
export function aiStatusLabel(question: AdminQuestion): string | null {
  if (!question.isAIGenerated) return null;
  if (question.approvalStatus === 'rejected') return 'AI · Rejected';
  return question.approvalStatus === 'pending' ? 'AI · Pending' : 'AI · Approved';
}

// Darker text than the palette's: outlined chips must reach 4.5:1 (WCAG AA).
const CHIP_TEXT = { pending: '#8a4b00', approved: '#1b5e20', rejected: '#b71c1c' } as const;
const CHIP_COLOUR = { pending: 'warning', approved: 'success', rejected: 'error' } as const;

/**
 * One question of the exam editor: text, options with the correct one marked, explanation, actions. A
 * rejected question shows why it was rejected; it has no edit button (editing would not bring it back),
 * nor the AI second opinion, whose fix is an edit.
 */
export function QuestionCard({
  question,
  label,
  busy,
  onEdit,
  onDelete,
  onApprove,
  onReject,
  onSecondOpinion,
  onHistory,
  selected,
  onSelect,
}: {
  question: AdminQuestion;
  /** The card's heading, e.g. 'Question 3' or 'Rejected question 1'. */
  label: string;
  busy: boolean;
  onEdit?: () => void;
  onDelete: () => void;
  onApprove: () => void;
  onReject: () => void;
  /** Asks the AI model to check the key and explanation (decision 0042). */
  onSecondOpinion?: () => void;
  /** Opens the question's history (decision 0050). */
  onHistory?: () => void;
  /** Whether it is chosen for a bulk action, and how to choose it; no checkbox without `onSelect`. */
  selected?: boolean;
  onSelect?: (selected: boolean) => void;
}) {
  const aiLabel = aiStatusLabel(question);
  const pending = question.isAIGenerated && question.approvalStatus === 'pending';
  const rejected = question.approvalStatus === 'rejected';
  const named = label.charAt(0).toLowerCase() + label.slice(1);
  const headingId = `question-${question._id}-heading`;
  /** What the review buttons share: small, held while a change is sent, each naming the question it acts on. */
  const action = { size: 'small', disabled: busy, 'aria-describedby': headingId } as const;
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{
        p: { xs: 2, sm: 2.5 },
        borderColor: pending ? 'warning.main' : rejected ? 'error.light' : undefined,
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        {onSelect && (
          <Checkbox
            checked={Boolean(selected)}
            onChange={(event) => onSelect(event.target.checked)}
            slotProps={{ input: { 'aria-label': `Select ${named}` } }}
            sx={{ ml: -1, mr: -0.5 }}
          />
        )}
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700, flexGrow: 1 }}>
          {label}
          {aiLabel && (
            <Chip
              component="span"
              size="small"
              label={aiLabel}
              color={CHIP_COLOUR[question.approvalStatus]}
              variant="outlined"
              sx={{ ml: 1, verticalAlign: 'middle', color: CHIP_TEXT[question.approvalStatus] }}
            />
          )}
          {question.isSample && (
            <Chip
              component="span"
              size="small"
              label="Sample"
              color="primary"
              variant="outlined"
              sx={{ ml: 1, verticalAlign: 'middle' }}
            />
          )}
        </Typography>
        {onHistory && (
          <IconButton aria-label={`History of ${named}`} onClick={onHistory} disabled={busy}>
            <HistoryIcon />
          </IconButton>
        )}
        {onEdit && (
          <IconButton aria-label={`Edit ${named}`} onClick={onEdit} disabled={busy} color="primary">
            <EditOutlinedIcon />
          </IconButton>
        )}
        <IconButton aria-label={`Delete ${named}`} onClick={onDelete} disabled={busy} color="error">
          <DeleteOutlinedIcon />
        </IconButton>
      </Stack>
      {rejected && (
        // A note, not an alert: it is part of the card, not news to announce when the view opens.
        <Alert severity="error" variant="outlined" role="note" sx={{ mb: 1.5, wordBreak: 'break-word' }}>
          <strong>Rejection reason:</strong> {question.rejectionReason?.trim() || 'No reason was recorded.'}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5, wordBreak: 'break-word' }}>
        {`Topic: ${question.topic ?? `None (${GENERAL_TOPIC})`}`}
      </Typography>
      <Typography sx={{ mb: 1.5, whiteSpace: 'pre-line', wordBreak: 'break-word' }}>
        {question.question}
      </Typography>
      {question.image && (
        <Box sx={{ mb: 1.5 }}>
          <QuestionImage image={question.image} maxHeight={320} />
        </Box>
      )}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
        {question.options.map((option, index) => {
          const correct = index === question.correctAnswer;
          return (
            <Box
              component="li"
              // Options have no id of their own; their position is what the answer refers to.
              key={`${index}-${option}`}
              sx={{
                display: 'flex',
                gap: 1,
                alignItems: 'flex-start',
                p: 1,
                borderRadius: 1,
                border: 1,
                borderColor: correct ? 'success.main' : 'divider',
                bgcolor: correct ? 'rgba(46, 125, 50, 0.08)' : undefined,
              }}
            >
              {correct ? (
                <CheckCircleIcon color="success" fontSize="small" aria-hidden="true" sx={{ mt: '2px' }} />
              ) : (
                <RadioButtonUncheckedIcon
                  color="disabled"
                  fontSize="small"
                  aria-hidden="true"
                  sx={{ mt: '2px' }}
                />
              )}
              <Box sx={{ minWidth: 0 }}>
                <Typography
                  component="span"
                  sx={{ fontWeight: correct ? 700 : 400, wordBreak: 'break-word' }}
                >
                  {`${OPTION_LETTERS[index] ?? index + 1}. ${option}`}
                  {correct && (
                    <Box component="span" sx={visuallyHidden}>
                      {' '}
                      (Correct answer)
                    </Box>
                  )}
                </Typography>
                {question.rationales[index] && (
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word', mt: 0.25 }}
                  >
                    {question.rationales[index]}
                  </Typography>
                )}
              </Box>
            </Box>
          );
        })}
      </Box>
      {question.explanation && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 1.5, whiteSpace: 'pre-line', wordBreak: 'break-word' }}
        >
          <strong>Explanation:</strong> {question.explanation}
        </Typography>
      )}
      {question.explanationImage && (
        <Box sx={{ mt: 1 }}>
          <QuestionImage image={question.explanationImage} maxHeight={320} />
        </Box>
      )}
      {question.objective && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, wordBreak: 'break-word' }}>
          <strong>Learning objective:</strong> {question.objective}
        </Typography>
      )}
      {question.references.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 700 }}>
            References:
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5, typography: 'body2', color: 'text.secondary' }}>
            {question.references.map((reference, index) => (
              <Box component="li" key={index} sx={{ wordBreak: 'break-word' }}>
                {reference.url && isHttpUrl(reference.url) ? (
                  <Link href={reference.url} target="_blank" rel="noopener noreferrer">
                    {reference.title}
                  </Link>
                ) : (
                  reference.title
                )}
              </Box>
            ))}
          </Box>
        </Box>
      )}
      {(pending || onSecondOpinion) && (
        // Wraps on a phone: at 375 px the three do not fit on one line.
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
          {pending && (
            <>
              <Button
                variant="contained"
                color="success"
                startIcon={<CheckIcon />}
                onClick={onApprove}
                {...action}
              >
                Approve
              </Button>
              <Button
                variant="outlined"
                color="error"
                startIcon={<CloseIcon />}
                onClick={onReject}
                {...action}
              >
                Reject
              </Button>
            </>
          )}
          {onSecondOpinion && (
            <Button variant="outlined" startIcon={<AutoAwesomeIcon />} onClick={onSecondOpinion} {...action}>
              Ask AI for a second opinion
            </Button>
          )}
        </Stack>
      )}
    </Paper>
  );
}
