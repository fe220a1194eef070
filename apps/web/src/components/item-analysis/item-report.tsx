import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ItemAnalysis, ItemFlag, ItemStatistics } from '@mlp/contract';
import { formatDate } from '../../lib/format.ts';
import {
  alphaVerdict,
  FLAG_TEXT,
  formatDiscrimination,
  formatPercent,
  optionLetter,
} from './item-analysis-text.ts';

/*
 * The parts of an item analysis report (decision 0036) shared by the exam's own report and by the reports
 * of a selection of its sittings (a mock's, a cohort's): the sittings' figures, a guide to good values and
 * the table's columns (each question with its answer shares, its figures and its flags).
 */

function Figure({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <Box component="div" sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="h6" sx={{ m: 0, lineHeight: 1.4 }}>
        {value}
      </Typography>
      {note && (
        <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
          {note}
        </Typography>
      )}
    </Box>
  );
}

export function ExamFigures({ exam }: { exam: ItemAnalysis['exam'] }) {
  const verdict = alphaVerdict(exam.alpha);
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gap: 2,
        m: 0,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' },
      }}
    >
      <Figure label="Sittings" value={exam.results} />
      <Figure label="Mean score" value={formatPercent(exam.mean)} />
      <Figure label="Median score" value={formatPercent(exam.median)} />
      <Figure label="Standard deviation" value={formatPercent(exam.sd)} />
      <Figure
        label="Cronbach's alpha"
        value={exam.alpha === null ? '–' : exam.alpha.toFixed(2)}
        note={verdict}
      />
    </Box>
  );
}

export function GoodValues() {
  return (
    <Box component="details" sx={{ '& summary': { cursor: 'pointer', fontWeight: 600 } }}>
      <Typography component="summary" variant="body2">
        What good values look like
      </Typography>
      <Box component="ul" sx={{ pl: 3, my: 1, '& li': { mb: 0.5 } }}>
        <Typography component="li" variant="body2">
          <strong>Facility</strong> is the share of answers that were right. Between about 30% and 80% a
          question tells learners apart best; above 90% it is too easy to teach much, below 20% it may be too
          hard, unclear, or keyed wrongly.
        </Typography>
        <Typography component="li" variant="body2">
          <strong>Discrimination</strong> compares a question with the rest of the sitting: do learners who do
          well elsewhere get it right? 0.3 or more is good, 0.2 to 0.3 fair, under 0.2 weak. A negative value
          usually means the marked answer is wrong or the question is misleading.
        </Typography>
        <Typography component="li" variant="body2">
          <strong>Discriminative efficiency</strong> is that discrimination as a share of the most this
          question could reach at its facility; 50% or more is good.
        </Typography>
        <Typography component="li" variant="body2">
          <strong>Cronbach&apos;s alpha</strong> says how consistently the exam measures one thing, from 0 to
          1: 0.7 or more is acceptable for practice, 0.8 or more good, 0.9 or more what high-stakes exams aim
          for. Short exams score lower.
        </Typography>
        <Typography component="li" variant="body2">
          Questions need at least 10 answers before they are flagged; figures on few answers move a lot.
        </Typography>
      </Box>
    </Box>
  );
}

const FLAG_COLOUR: Record<ItemFlag, 'error' | 'warning' | 'info'> = {
  'negative-discrimination': 'error',
  'distractor-beats-key': 'error',
  'weak-discrimination': 'warning',
  'too-easy': 'info',
  'too-hard': 'info',
};

function Flags({ item }: { item: ItemStatistics }) {
  if (item.flags.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {item.attempts < 10 ? 'Too few answers' : 'None'}
      </Typography>
    );
  }
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {item.flags.map((flag) => (
        <Chip key={flag} size="small" color={FLAG_COLOUR[flag]} variant="outlined" label={FLAG_TEXT[flag]} />
      ))}
    </Stack>
  );
}

function QuestionCell({ item }: { item: ItemStatistics }) {
  return (
    <Box sx={{ minWidth: 0, fontWeight: 400 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {`${item.number}. ${item.question}`}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        {[
          item.topic ?? 'General',
          item.isAIGenerated ? 'AI draft' : 'Hand-written',
          item.approvalStatus === 'approved'
            ? null
            : item.approvalStatus === 'pending'
              ? 'Pending'
              : 'Rejected',
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {item.countedSince && (
        // Decision 0050: figures across a change of the key or options would mix two questions.
        <Typography variant="caption" component="p" sx={{ mb: 0.5, color: '#8a4b00' }}>
          {`Counted since ${formatDate(item.countedSince)}, when its answer or options changed.`}
        </Typography>
      )}
      {item.attempts > 0 && (
        <Box
          component="ul"
          aria-label={`Answers to question ${item.number}`}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {item.options.map((option, index) => (
            <Box
              component="li"
              key={index}
              sx={{
                display: 'grid',
                gridTemplateColumns: 'minmax(0, 1fr) auto',
                columnGap: 1,
                alignItems: 'center',
                py: 0.25,
                // warning.dark on white is below 4.5:1 for caption text: the words and the bar mark it instead.
                color: option.isKey ? 'success.dark' : 'text.primary',
              }}
            >
              <Typography
                variant="caption"
                sx={{
                  overflowWrap: 'anywhere',
                  fontWeight: option.isKey || option.mostPopularWrong ? 700 : 400,
                }}
              >
                {`${optionLetter(index)}. ${option.text}`}
                {option.isKey && ' (answer)'}
                {option.mostPopularWrong && ' (most chosen wrong answer)'}
              </Typography>
              <Typography variant="caption" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {`${formatPercent(option.share)} · top third ${formatPercent(option.strongShare)}`}
              </Typography>
              <Box
                aria-hidden="true"
                sx={{
                  gridColumn: '1 / -1',
                  height: 4,
                  bgcolor: 'action.hover',
                  borderRadius: 2,
                  overflow: 'hidden',
                }}
              >
                <Box
                  sx={{
                    width: `${Math.min(100, option.share)}%`,
                    height: '100%',
                    bgcolor: option.isKey
                      ? 'success.main'
                      : option.mostPopularWrong
                        ? 'warning.main'
                        : 'grey.500',
                  }}
                />
              </Box>
            </Box>
          ))}
          {item.skippedShare > 0 && (
            <Typography component="li" variant="caption" color="text.secondary">
              {`Skipped: ${formatPercent(item.skippedShare)}`}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}

/** The report table's columns. */
export const ITEM_COLUMNS = [
  {
    label: 'Question',
    render: (item: ItemStatistics) => <QuestionCell item={item} />,
    cellSx: { minWidth: 320 },
  },
  { label: 'Answers', align: 'right' as const, render: (item: ItemStatistics) => item.attempts },
  {
    label: 'Facility',
    align: 'right' as const,
    render: (item: ItemStatistics) => formatPercent(item.facility),
  },
  {
    label: 'Discrimination',
    align: 'right' as const,
    render: (item: ItemStatistics) => formatDiscrimination(item.discrimination),
  },
  {
    label: 'Efficiency',
    align: 'right' as const,
    render: (item: ItemStatistics) => formatPercent(item.efficiency),
  },
  { label: 'Flags', render: (item: ItemStatistics) => <Flags item={item} />, cellSx: { minWidth: 160 } },
];
