import { useId, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { AdminQuestion, SecondOpinion, SecondOpinionVerdict, SuggestedQuestion } from '@mlp/contract';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { BusyButton } from '../../../components/form/form-controls.tsx';
import { ResponsiveDialog } from '../../../components/dialogs/responsive-dialog.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { secondOpinionQueryOptions, useApplySecondOpinionMutation } from '../api/exams-api.ts';
import {
  keyChangeText,
  optionChanges,
  suggestionChanges,
  wordDiff,
  type DiffPart,
  type OptionChange,
} from '../second-opinion-diff.ts';

const VERDICT: Record<SecondOpinionVerdict, { severity: 'success' | 'warning' | 'info'; title: string }> = {
  agrees: { severity: 'success', title: 'The model agrees with the answer and explanation' },
  disagrees: { severity: 'warning', title: 'The model disagrees with the answer or explanation' },
  unsure: { severity: 'info', title: 'The model is not sure about this question' },
};

// Dark text on light tints: both reach 4.5:1 (WCAG AA); the line-through and underline say it too.
const REMOVED_SX = { bgcolor: '#ffebee', color: '#b71c1c', textDecoration: 'line-through' } as const;
const ADDED_SX = { bgcolor: '#e8f5e9', color: '#1b5e20', textDecoration: 'underline' } as const;

/** A change's text without the spaces around it, which stay outside its mark (no underlined blanks). */
function splitSpaces(text: string): [string, string, string] {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(text);
  return match ? [match[1] ?? '', match[2] ?? '', match[3] ?? ''] : ['', text, ''];
}

/** Words kept, removed (<del>) and added (<ins>), each change named for screen readers too. */
function DiffText({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      {parts.map((part, index) => {
        if (part.kind === 'same') return <span key={index}>{part.text}</span>;
        const [before, words, after] = splitSpaces(part.text);
        return (
          <span key={index}>
            {before}
            <Box
              component={part.kind === 'removed' ? 'del' : 'ins'}
              sx={{ ...(part.kind === 'removed' ? REMOVED_SX : ADDED_SX), borderRadius: 0.5, px: 0.25 }}
            >
              <VisuallyHidden>{part.kind === 'removed' ? '[removed: ' : '[added: '}</VisuallyHidden>
              {words}
              <VisuallyHidden>]</VisuallyHidden>
            </Box>
            {after}
          </span>
        );
      })}
    </>
  );
}

/** A small label in words (never colour alone). */
function Tag({
  children,
  color = 'default',
}: {
  children: string;
  color?: 'default' | 'success' | 'warning';
}) {
  return (
    <Chip
      component="span"
      size="small"
      variant="outlined"
      label={children}
      color={color}
      // Darker text than the palette's, as on the question cards (4.5:1).
      sx={{ ml: 1, color: color === 'success' ? '#1b5e20' : color === 'warning' ? '#8a4b00' : undefined }}
    />
  );
}

function FieldHeading({ children, unchanged }: { children: string; unchanged: boolean }) {
  return (
    <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 700, mt: 2, mb: 0.5 }}>
      {children}
      {unchanged && <Tag>Unchanged</Tag>}
    </Typography>
  );
}

function TextDiff({ label, before, after }: { label: string; before: string; after: string }) {
  const unchanged = before === after;
  return (
    <>
      <FieldHeading unchanged={unchanged}>{label}</FieldHeading>
      <Typography sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>
        {unchanged ? before || '(none)' : <DiffText parts={wordDiff(before, after)} />}
      </Typography>
    </>
  );
}

const OPTION_CHANGE: Record<Exclude<OptionChange['kind'], 'same'>, string> = {
  changed: 'Changed',
  added: 'Added',
  removed: 'Removed',
};

function keyTag(option: OptionChange): ReactNode {
  if (option.keyNow && option.keySuggested) return <Tag color="success">Correct answer</Tag>;
  if (option.keyNow) return <Tag color="warning">Correct now</Tag>;
  if (option.keySuggested) return <Tag color="success">Suggested correct answer</Tag>;
  return null;
}

function OptionsDiff({ current, suggestion }: { current: AdminQuestion; suggestion: SuggestedQuestion }) {
  const options = optionChanges(current, suggestion);
  const keyMoves = current.correctAnswer !== suggestion.correctAnswer;
  return (
    <>
      <FieldHeading unchanged={!keyMoves && options.every((option) => option.kind === 'same')}>
        Options
      </FieldHeading>
      <Typography sx={{ fontWeight: 700, mb: 1 }}>{keyChangeText(current, suggestion)}</Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
        {options.map((option) => (
          <Box
            component="li"
            key={option.letter}
            sx={{
              p: 1,
              borderRadius: 1,
              border: 1,
              borderColor: option.keySuggested ? 'success.main' : 'divider',
              wordBreak: 'break-word',
            }}
          >
            <strong>{`${option.letter}. `}</strong>
            <DiffText parts={option.parts} />
            {option.kind !== 'same' && <Tag>{OPTION_CHANGE[option.kind]}</Tag>}
            {keyTag(option)}
          </Box>
        ))}
      </Box>
    </>
  );
}

function SuggestionDiff({ current, suggestion }: { current: AdminQuestion; suggestion: SuggestedQuestion }) {
  const before = current.topic ?? null;
  const after = suggestion.topic ?? null;
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        Removed words are struck through and added words are underlined.
      </Typography>
      <TextDiff label="Question" before={current.question} after={suggestion.question} />
      <OptionsDiff current={current} suggestion={suggestion} />
      <TextDiff label="Explanation" before={current.explanation} after={suggestion.explanation} />
      <FieldHeading unchanged={before === after}>Topic</FieldHeading>
      <Typography sx={{ wordBreak: 'break-word' }}>
        {before === after ? (
          (before ?? 'None')
        ) : (
          <DiffText
            parts={[
              { kind: 'removed', text: before ?? 'None' },
              { kind: 'same', text: ' → ' },
              { kind: 'added', text: after ?? 'None' },
            ]}
          />
        )}
      </Typography>
    </>
  );
}

function OpinionView({ opinion, current }: { opinion: SecondOpinion; current: AdminQuestion }) {
  const verdict = VERDICT[opinion.verdict];
  const { suggestion } = opinion;
  return (
    <>
      <Alert severity={verdict.severity} role="status" sx={{ mb: 2 }}>
        <AlertTitle>{verdict.title}</AlertTitle>
        <Box sx={{ wordBreak: 'break-word' }}>{opinion.summary}</Box>
      </Alert>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Issues found
      </Typography>
      {opinion.issues.length > 0 ? (
        <Box component="ul" sx={{ mt: 0.5, mb: 2, pl: 3, wordBreak: 'break-word' }}>
          {opinion.issues.map((issue, index) => (
            <li key={index}>{issue}</li>
          ))}
        </Box>
      ) : (
        <Typography sx={{ mb: 2 }}>The model found no issues.</Typography>
      )}
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Suggested changes
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, wordBreak: 'break-word' }}>
        {`Current question compared with the suggestion of ${opinion.model}. Nothing changes until you apply it.`}
      </Typography>
      {opinion.note && (
        <Alert severity="info" sx={{ mb: 1, wordBreak: 'break-word' }}>
          {opinion.note}
        </Alert>
      )}
      {!suggestion ? (
        <Typography>There is no usable suggestion to apply.</Typography>
      ) : !suggestionChanges(current, suggestion) ? (
        <Typography>The suggestion makes no changes to the question.</Typography>
      ) : (
        <SuggestionDiff current={current} suggestion={suggestion} />
      )}
    </>
  );
}

/** The dialog's content, mounted only while it is open: the opinion is asked for on opening. */
function SecondOpinionContent({
  examId,
  question,
  label,
  titleId,
  apply,
  onClose,
  onApplied,
}: {
  examId: string;
  question: AdminQuestion;
  label: string;
  titleId: string;
  apply: ReturnType<typeof useApplySecondOpinionMutation>;
  onClose: () => void;
  onApplied: (message: string) => void;
}) {
  const opinion = useQuery(secondOpinionQueryOptions(examId, question._id));
  const asking = opinion.isFetching;
  const answer = asking ? undefined : opinion.data;
  const suggestion = answer?.suggestion ?? null;
  const applicable = suggestion !== null && suggestionChanges(question, suggestion);
  const stale = apply.error instanceof ApiError && apply.error.status === 409;

  const askAgain = () => {
    apply.reset();
    void opinion.refetch();
  };

  const applySuggestion = () => {
    if (!answer || !suggestion) return;
    apply.mutate(
      {
        questionId: question._id,
        body: { version: answer.version, model: answer.model, verdict: answer.verdict, suggestion },
      },
      { onSuccess: (result) => onApplied(result.message) },
    );
  };

  return (
    <>
      <DialogTitle id={titleId}>
        AI second opinion
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {label}
        </Typography>
      </DialogTitle>
      {/* Long answers scroll: keyboard users must be able to scroll it too (axe scrollable-region-focusable). */}
      <DialogContent tabIndex={0} role="region" aria-label="The model's answer">
        {asking ? (
          <Box role="status" sx={{ py: 2 }}>
            <LinearProgress aria-label="Asking the model" />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Asking the model… This can take up to a minute.
            </Typography>
          </Box>
        ) : opinion.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={askAgain}>
                Try again
              </Button>
            }
          >
            {errorMessage(opinion.error, 'The second opinion could not be fetched. Please try again.')}
          </Alert>
        ) : answer ? (
          <OpinionView opinion={answer} current={question} />
        ) : null}
        {apply.isError && (
          <Alert
            severity="error"
            sx={{ mt: 2 }}
            action={
              stale ? (
                <Button color="inherit" size="small" onClick={askAgain}>
                  Ask again
                </Button>
              ) : undefined
            }
          >
            {errorMessage(apply.error, 'The suggestion could not be applied. Please try again.')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={apply.isPending}>
          Close
        </Button>
        <BusyButton
          onClick={applySuggestion}
          busy={apply.isPending}
          busyLabel="Applying…"
          disabled={!applicable || stale}
        >
          Apply suggestion
        </BusyButton>
      </DialogActions>
    </>
  );
}

/**
 * AI second opinion on one question (decision 0042): opening asks the configured model to check the key
 * and the explanation; the dialog shows its verdict, the issues it found and the difference between the
 * question and its suggested fix, which is written only when the administrator applies it.
 */
export function SecondOpinionDialog({
  open,
  examId,
  question,
  label,
  onClose,
  onApplied,
}: {
  open: boolean;
  examId: string;
  question: AdminQuestion | null;
  /** The card's heading, e.g. 'Question 3'. */
  label: string;
  onClose: () => void;
  onApplied: (message: string) => void;
}) {
  const titleId = useId();
  // Here rather than in the content, which unmounts on closing: an applied suggestion still reports.
  const apply = useApplySecondOpinionMutation(examId);
  const close = () => {
    if (apply.isPending) return;
    apply.reset();
    onClose();
  };
  return (
    <ResponsiveDialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="md">
      {question && (
        <SecondOpinionContent
          examId={examId}
          question={question}
          label={label}
          titleId={titleId}
          apply={apply}
          onClose={close}
          onApplied={(message) => {
            apply.reset();
            onApplied(message);
          }}
        />
      )}
    </ResponsiveDialog>
  );
}
