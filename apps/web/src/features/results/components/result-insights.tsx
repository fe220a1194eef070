import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { MISS_TAGS, type ExamResult, type MissTag, type ResultQuestion } from '@mlp/contract';
import { errorMessage } from '../../../lib/api-client.ts';
import { SectionCard } from '../../../components/page-sections.tsx';
import { useTagMiss } from '../api/results-api.ts';
import {
  calibrationText,
  CERTAINTY_LABELS,
  MISS_TAG_LABELS,
  peerSentence,
  type QuestionPeers,
} from '../review-insights.ts';

/** 'Why I missed it' on a missed question: one of four tags, or none (pressing the chosen one clears it). */
export function MissTagPicker({ resultId, item }: { resultId: string; item: ResultQuestion }) {
  const labelId = useId();
  const tag = useTagMiss(resultId);
  return (
    <Box sx={{ mt: 2 }}>
      <Typography id={labelId} variant="body2" sx={{ fontWeight: 600, mb: 0.75 }}>
        Why I missed it
      </Typography>
      <ToggleButtonGroup
        exclusive
        color="primary"
        size="small"
        value={item.missTag}
        aria-labelledby={labelId}
        disabled={tag.isPending}
        onChange={(_event, value: MissTag | null) => tag.mutate({ questionId: item.questionId, tag: value })}
        sx={{
          flexWrap: 'wrap',
          gap: 0.5,
          '& .MuiToggleButtonGroup-grouped': { borderRadius: 1, border: 1, borderColor: 'divider' },
        }}
      >
        {MISS_TAGS.map((value) => (
          <ToggleButton key={value} value={value} sx={{ textTransform: 'none' }}>
            {MISS_TAG_LABELS[value]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {tag.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(tag.error, 'The tag could not be saved. Please try again.')}
        </Alert>
      )}
    </Box>
  );
}

/** How other learners answered this question: the share choosing each option, and the % correct. */
export function PeerShares({ peer, item }: { peer: QuestionPeers; item: ResultQuestion }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography id={headingId} component="h4" variant="body2" sx={{ fontWeight: 600 }}>
        How other learners answered
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {peerSentence(peer)}
      </Typography>
      <Stack component="ul" spacing={0.75} sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {(peer.choices ?? []).map(({ choice, percent }) => {
          const notes = [
            choice === item.correctAnswer ? 'correct answer' : null,
            choice === item.userAnswer ? 'your answer' : null,
          ].filter(Boolean);
          return (
            <Box component="li" key={choice}>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
                <Typography variant="body2" sx={{ wordBreak: 'break-word', minWidth: 0 }}>
                  {choice}
                  {notes.length > 0 && (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {` (${notes.join(', ')})`}
                    </Typography>
                  )}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 600, flexShrink: 0 }}>
                  {percent}%
                </Typography>
              </Stack>
              <LinearProgress
                variant="determinate"
                value={percent}
                aria-hidden="true"
                color={choice === item.correctAnswer ? 'success' : 'primary'}
                sx={{ height: 6, borderRadius: 1 }}
              />
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}

/** Accuracy by certainty, the certainty-based mark and the over/under-confident verdict. */
export function CertaintyReport({ certainty }: { certainty: NonNullable<ExamResult['certainty']> }) {
  const headingId = useId();
  return (
    <SectionCard title="Accuracy by certainty" gutterBottom headingId={headingId} mb={4}>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              <TableCell>How sure you were</TableCell>
              <TableCell align="right">Answered</TableCell>
              <TableCell align="right">Correct</TableCell>
              <TableCell align="right">% correct</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {certainty.levels.map((level) => (
              <TableRow key={level.level}>
                <TableCell component="th" scope="row">
                  {CERTAINTY_LABELS[level.level]}
                </TableCell>
                <TableCell align="right">{level.answered}</TableCell>
                <TableCell align="right">{level.correct}</TableCell>
                <TableCell align="right">{level.percentCorrect}%</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Typography sx={{ mt: 2 }}>
        Certainty-based mark: <strong>{certainty.mark}</strong> of {certainty.maxMark}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Sure: 3 if right, −6 if wrong · Fairly sure: 2 or −2 · Guessing: 1 or 0.
      </Typography>
      <Alert severity={certainty.calibration === 'good' ? 'success' : 'info'} sx={{ mt: 2 }}>
        {calibrationText(certainty.calibration)}
      </Alert>
    </SectionCard>
  );
}
