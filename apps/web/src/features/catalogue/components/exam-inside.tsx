import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SITTING_MODES, type ExamInside as ExamInsideData } from '@mlp/contract';
import { LoadError } from '../../../components/load-error.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { examInsideQueryOptions } from '../api/catalogue-api.ts';
import { questionCountLabel, timingLines, type ModeText } from '../exam-text.ts';
import { SampleQuestion } from './sample-question.tsx';

const sectionHeading = { fontWeight: 700, mb: 1 } as const;

function Topics({ inside }: { inside: ExamInsideData }) {
  return (
    <Box>
      <Typography component="h3" variant="subtitle1" sx={sectionHeading}>
        Topics
      </Typography>
      {inside.topics.length === 0 ? (
        <Typography color="text.secondary">No questions yet.</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {inside.topics.map(({ topic, questionCount }) => (
            <Box
              component="li"
              key={topic}
              sx={{
                display: 'flex',
                justifyContent: 'space-between',
                gap: 2,
                py: 0.75,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Typography sx={{ minWidth: 0, wordBreak: 'break-word' }}>{topic}</Typography>
              <Typography color="text.secondary" sx={{ flexShrink: 0 }}>
                {questionCountLabel(questionCount)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

function Modes({ inside, modeText }: { inside: ExamInsideData; modeText: ModeText }) {
  const modes = SITTING_MODES.filter((mode) => inside.modes.includes(mode));
  return (
    <Box>
      <Typography component="h3" variant="subtitle1" sx={sectionHeading}>
        Ways to sit it
      </Typography>
      <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {modes.map((mode) => (
          <li key={mode}>
            <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
              {modeText.name(mode)}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {modeText.description(mode, inside.questionsPerSitting, inside.secondsPerQuestion)}
            </Typography>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

function Timing({ inside, modeText }: { inside: ExamInsideData; modeText: ModeText }) {
  return (
    <Box>
      <Typography component="h3" variant="subtitle1" sx={sectionHeading}>
        Timing
      </Typography>
      <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
        {timingLines(inside, modeText).map((line) => (
          <Typography component="li" key={line}>
            {line}
          </Typography>
        ))}
      </Stack>
    </Box>
  );
}

function InsideSkeleton() {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 4 }, mt: 3 }}
      aria-busy="true"
      aria-label="Loading what's inside"
    >
      <Skeleton variant="text" width="40%" height={36} />
      <Skeleton variant="text" />
      <Skeleton variant="text" />
      <Skeleton variant="text" width="60%" />
    </Paper>
  );
}

/**
 * Try before you buy (decision 0061), for visitors and learners alike: 'What's inside' (the exam's topics
 * with their question counts, the ways to sit it with a line each, the timing), then 'Try a sample
 * question' with up to 3 samples answerable in the page; that section is left out when the exam has none.
 * A missing exam shows nothing here (the exam's own block says so).
 */
export function ExamInside({ examId, modeText }: { examId: string; modeText: ModeText }) {
  const inside = useQuery(examInsideQueryOptions(examId));

  if (inside.isPending) return <InsideSkeleton />;
  if (inside.isError) {
    if (inside.error instanceof ApiError && inside.error.status === 404) return null;
    return (
      <Box sx={{ mt: 3 }}>
        <LoadError
          message={errorMessage(inside.error, "Error fetching what's inside this exam")}
          onRetry={() => inside.refetch()}
        />
      </Box>
    );
  }

  const { data } = inside;
  return (
    <>
      <Paper
        component="section"
        aria-labelledby="exam-inside-heading"
        variant="outlined"
        sx={{ p: { xs: 2, sm: 4 }, mt: 3 }}
      >
        <Typography id="exam-inside-heading" component="h2" variant="h5" sx={{ mb: 0.5 }}>
          What&apos;s inside
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {`${questionCountLabel(data.questionCount)} in the question bank.`}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 3, md: 5 },
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          <Topics inside={data} />
          <Modes inside={data} modeText={modeText} />
          <Timing inside={data} modeText={modeText} />
        </Box>
      </Paper>
      {data.samples.length > 0 && (
        <Box component="section" aria-labelledby="exam-samples-heading" sx={{ mt: 3 }}>
          <Typography id="exam-samples-heading" component="h2" variant="h5" sx={{ mb: 0.5 }}>
            Try a sample question
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Answer as in the exam, then check your answer. Nothing is recorded.
          </Typography>
          <Stack spacing={2}>
            {data.samples.map((sample, index) => (
              <SampleQuestion
                key={sample._id}
                examId={examId}
                sample={sample}
                position={index + 1}
                total={data.samples.length}
              />
            ))}
          </Stack>
        </Box>
      )}
    </>
  );
}
