import type { ReactNode } from 'react';
import { alpha } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { isHttpUrl, type QuestionImage as QuestionImageData, type QuestionReference } from '@mlp/contract';
import { QuestionImage } from '../question-image.tsx';
import { VisuallyHidden } from '../visually-hidden.tsx';

/** How other learners answered, when the API gives it (its 20-learner threshold): a share per option. */
export interface OptionShares {
  /** choice text → percent of learners who chose it */
  byChoice: ReadonlyMap<string, number>;
  /** said once above the options, e.g. '58% of 24 learners answered this correctly.' */
  note: string;
}

export interface AnswerReviewProps {
  /** the options in the order to show them (the order the learner saw, where it is known) */
  choices: readonly string[];
  /** each option's rationale, aligned with `choices`: [] when none is written, '' for an option without */
  rationales: readonly string[];
  /** the learner's pick (a choice's text), or null when they did not answer */
  answer: string | null;
  correctAnswer: string;
  explanation: string;
  explanationImage?: QuestionImageData | null | undefined;
  objective: string;
  references: readonly QuestionReference[];
  /** the level of this review's own headings, one below the question's ('Learning objective', 'References') */
  headingLevel: 3 | 4;
  shares?: OptionShares | undefined;
}

type OptionState = 'right-pick' | 'wrong-pick' | 'key' | 'other';

function optionState(choice: string, answer: string | null, correctAnswer: string): OptionState {
  if (choice === answer) return choice === correctAnswer ? 'right-pick' : 'wrong-pick';
  return choice === correctAnswer ? 'key' : 'other';
}

/** A row's mark: an icon and words, so the state never rests on colour alone. */
function Mark({ tone, children }: { tone: 'success' | 'error'; children: ReactNode }) {
  const Icon = tone === 'success' ? CheckCircleIcon : CancelIcon;
  return (
    <Stack
      direction="row"
      spacing={0.5}
      component="span"
      sx={{
        alignItems: 'center',
        color: `${tone}.dark`,
        fontWeight: 700,
        fontSize: '0.8125rem',
        lineHeight: 1.4,
      }}
    >
      <Icon aria-hidden="true" sx={{ fontSize: 16 }} />
      <span>{children}</span>
    </Stack>
  );
}

function OptionRow({
  position,
  choice,
  rationale,
  state,
  share,
}: {
  position: number;
  choice: string;
  rationale: string;
  state: OptionState;
  share: number | undefined;
}) {
  const tone = state === 'wrong-pick' ? 'error' : state === 'other' ? null : 'success';
  return (
    <Box
      component="li"
      sx={(theme) => ({
        listStyle: 'none',
        display: 'flex',
        gap: 1.25,
        px: { xs: 1.25, sm: 1.5 },
        py: 1,
        borderRadius: 1,
        border: tone ? 2 : 1,
        borderColor: tone ? `${tone}.main` : 'divider',
        bgcolor: tone ? alpha(theme.palette[tone].main, 0.06) : 'transparent',
      })}
    >
      {/* The position the learner knows it by (keys 1–6 while sitting); the row's text says the rest. */}
      <Box
        component="span"
        aria-hidden="true"
        sx={{
          flexShrink: 0,
          width: 24,
          height: 24,
          mt: '1px',
          borderRadius: '50%',
          border: '1px solid',
          borderColor: tone ? `${tone}.main` : 'text.secondary',
          color: tone ? `${tone}.dark` : 'text.secondary',
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: '0.75rem',
          fontWeight: 600,
        }}
      >
        {position + 1}
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
          <Typography sx={{ fontWeight: tone ? 600 : 400, minWidth: 0 }}>{choice}</Typography>
          {share !== undefined && (
            <Typography variant="body2" sx={{ fontWeight: 600, flexShrink: 0, color: 'text.secondary' }}>
              <VisuallyHidden>chosen by </VisuallyHidden>
              {share}%<VisuallyHidden> of learners</VisuallyHidden>
            </Typography>
          )}
        </Stack>
        {state !== 'other' && (
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.25 }}>
            {state !== 'key' && (
              <Mark tone={state === 'right-pick' ? 'success' : 'error'}>
                Your answer
                <VisuallyHidden>{state === 'right-pick' ? ', correct' : ', incorrect'}</VisuallyHidden>
              </Mark>
            )}
            {state !== 'wrong-pick' && <Mark tone="success">Correct answer</Mark>}
          </Stack>
        )}
        {rationale && (
          <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-line', color: 'text.secondary' }}>
            {rationale}
          </Typography>
        )}
        {share !== undefined && (
          <Box aria-hidden="true" sx={{ mt: 0.75, height: 4, borderRadius: 2, bgcolor: 'action.hover' }}>
            <Box
              sx={{
                width: `${Math.min(Math.max(share, 0), 100)}%`,
                height: '100%',
                borderRadius: 2,
                bgcolor: tone ? `${tone}.main` : 'primary.main',
              }}
            />
          </Box>
        )}
      </Box>
    </Box>
  );
}

function Reference({ reference }: { reference: QuestionReference }) {
  // The API accepts http(s) links only; a link of any other kind (javascript:, data:) is never made one here.
  if (reference.url === null || !isHttpUrl(reference.url)) {
    return <Typography variant="body2">{reference.title}</Typography>;
  }
  return (
    <Typography variant="body2">
      <Link href={reference.url} target="_blank" rel="noopener noreferrer">
        {reference.title}
        <OpenInNewIcon aria-hidden="true" sx={{ fontSize: 14, ml: 0.5, verticalAlign: '-2px' }} />
        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </Link>
    </Typography>
  );
}

/**
 * What a question teaches once it is answered (decision 0050), the same in the result review, a tutor
 * reveal and the administrator's preview: every option in the order given, the learner's pick and the key
 * marked in words and icons (colour backs them up), each option's rationale where written, the explanation
 * (and its image), then the learning objective and the references. Everything is plain text.
 */
export function AnswerReview({
  choices,
  rationales,
  answer,
  correctAnswer,
  explanation,
  explanationImage,
  objective,
  references,
  headingLevel,
  shares,
}: AnswerReviewProps) {
  const heading = `h${headingLevel}` as const;
  const hasExplanation = explanation.trim() !== '';
  return (
    <Stack spacing={1.5}>
      {shares && (
        <Typography variant="body2" color="text.secondary">
          {shares.note} Beside each option: the share of learners who chose it.
        </Typography>
      )}
      <Stack component="ul" aria-label="Options" spacing={0.75} sx={{ p: 0, m: 0 }}>
        {choices.map((choice, position) => (
          <OptionRow
            key={position}
            position={position}
            choice={choice}
            rationale={rationales[position]?.trim() ?? ''}
            state={optionState(choice, answer, correctAnswer)}
            share={shares?.byChoice.get(choice)}
          />
        ))}
      </Stack>
      {hasExplanation && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'flex-start', bgcolor: 'action.hover', borderRadius: 1, p: 1.5 }}
        >
          <LightbulbOutlinedIcon fontSize="small" color="action" aria-hidden="true" sx={{ mt: '2px' }} />
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line', minWidth: 0 }}>
            <strong>Explanation:</strong> {explanation}
          </Typography>
        </Stack>
      )}
      {explanationImage && <QuestionImage image={explanationImage} />}
      {objective.trim() && (
        <Box sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1.5 }}>
          <Typography component={heading} variant="subtitle2" sx={{ fontWeight: 700 }}>
            Learning objective
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {objective}
          </Typography>
        </Box>
      )}
      {references.length > 0 && (
        <Box>
          <Typography component={heading} variant="subtitle2" sx={{ fontWeight: 700 }}>
            References
          </Typography>
          <Box component="ol" sx={{ m: 0, mt: 0.5, pl: 2.5, '& > li + li': { mt: 0.5 } }}>
            {references.map((reference, index) => (
              <li key={index}>
                <Reference reference={reference} />
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}
