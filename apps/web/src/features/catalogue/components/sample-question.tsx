import { useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ReplayIcon from '@mui/icons-material/Replay';
import type { SampleQuestion as SampleQuestionData } from '@mlp/contract';
import { AnswerReview } from '../../../components/sitting/answer-review.tsx';
import { ChoiceList } from '../../../components/sitting/choice-list.tsx';
import { ReviewedStem } from '../../../components/sitting/sitting-frame.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCheckSampleMutation } from '../api/catalogue-api.ts';

/**
 * One sample of the exam page (decision 0061), answered as in a sitting: choose (strike-outs as in the
 * sitting), 'Check answer', then the reveal of this question only: right or wrong, the key marked, the
 * explanation, rationales, objective and references. Nothing is recorded; 'Try again' starts it afresh.
 */
export function SampleQuestion({
  examId,
  sample,
  position,
  total,
}: {
  examId: string;
  sample: SampleQuestionData;
  position: number;
  total: number;
}) {
  const headingId = useId();
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const [struck, setStruck] = useState<string[]>([]);
  const check = useCheckSampleMutation(examId, sample._id);
  const reveal = check.data;
  const outcomeRef = useRef<HTMLDivElement>(null);
  const choicesRef = useRef<HTMLDivElement>(null);

  // The outcome takes the focus when it appears, so a keyboard or screen-reader user lands on it.
  useEffect(() => {
    if (reveal) outcomeRef.current?.focus();
  }, [reveal]);

  const tryAgain = () => {
    check.reset();
    setSelected(undefined);
    setStruck([]);
    // Back to the first choice once the choices are shown again.
    requestAnimationFrame(() => choicesRef.current?.querySelector('button')?.focus());
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1.5 }}
      >
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {`Sample ${position} of ${total}`}
        </Typography>
        <Chip size="small" variant="outlined" label={sample.topic} sx={{ maxWidth: '100%' }} />
      </Stack>
      <ReviewedStem question={sample} />
      {reveal ? (
        <Stack spacing={2}>
          <Alert
            ref={outcomeRef}
            tabIndex={-1}
            severity={reveal.isCorrect ? 'success' : 'error'}
            variant="outlined"
            sx={{ '&:focus-visible': { outline: '3px solid', outlineColor: 'text.primary' } }}
          >
            {reveal.isCorrect ? 'Correct.' : 'Incorrect.'} The correct answer is marked below.
          </Alert>
          <AnswerReview {...reveal} choices={sample.choices} headingLevel={4} />
          <Box>
            <Button variant="outlined" startIcon={<ReplayIcon />} onClick={tryAgain}>
              Try again
            </Button>
          </Box>
        </Stack>
      ) : (
        <>
          <ChoiceList
            ref={choicesRef}
            choices={sample.choices}
            selected={selected}
            struck={struck}
            onChoose={(index) => setSelected(sample.choices[index])}
            onStrike={(choice) =>
              setStruck((current) =>
                current.includes(choice) ? current.filter((entry) => entry !== choice) : [...current, choice],
              )
            }
          />
          {check.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(check.error, 'Failed to check the answer. Please try again.')}
            </Alert>
          )}
          <Stack
            direction="row"
            spacing={2}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 2 }}
          >
            <Button
              variant="contained"
              sx={{ flexShrink: 0 }}
              disabled={selected === undefined || check.isPending}
              onClick={() => {
                if (selected !== undefined) check.mutate({ answer: selected });
              }}
            >
              {check.isPending ? 'Checking...' : 'Check answer'}
            </Button>
            {selected === undefined && (
              <Typography variant="body2" color="text.secondary">
                Choose an answer first.
              </Typography>
            )}
          </Stack>
        </>
      )}
    </Paper>
  );
}
