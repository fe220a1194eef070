import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import {
  PRACTICE_SIZE,
  type Attempt,
  type CreatePracticeSetBody,
  type PracticeOptions,
  type SittingMode,
} from '@mlp/contract';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage, hasErrorCode } from '../../../lib/api-client.ts';
import { practiceOptionsQueryOptions, useCreatePracticeSetMutation } from '../api/practice-api.ts';
import {
  BUILDER_SOURCES,
  clampSize,
  poolSize,
  sizeError,
  sizeRange,
  topicsOf,
  type BuilderSource,
} from '../practice-rules.ts';

const MODE_CHOICES: Array<{ mode: SittingMode; label: string; text: string }> = [
  { mode: 'tutor', label: 'Tutor', text: 'the answer and explanation after each question' },
  { mode: 'timed', label: 'Timed', text: 'against a countdown' },
  { mode: 'exam', label: 'Exam', text: 'answers and explanations at the end' },
];

function CountNote({ count }: { count: number }) {
  return (
    <Typography component="span" variant="body2" color="text.secondary">
      {' '}
      ({count})
    </Typography>
  );
}

/**
 * The presets (decision 0037): 'Improve weak areas' builds a set; 'Simulate the exam' starts a timed exam.
 */
function Presets({
  options,
  busy,
  onWeakAreas,
}: {
  options: PracticeOptions;
  busy: boolean;
  onWeakAreas: () => void;
}) {
  const [examId, setExamId] = useState(options.exams[0]?._id ?? '');
  const selectId = useId();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        mb: 3,
      }}
    >
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="weak-areas-heading"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography id="weak-areas-heading" component="h2" variant="h6">
          Improve weak areas
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Up to {PRACTICE_SIZE.default} questions you answered wrongly or flagged, from your weakest topics,
          in tutor mode.
        </Typography>
        <Button variant="contained" startIcon={<AutoFixHighIcon />} onClick={onWeakAreas} disabled={busy}>
          Improve weak areas
        </Button>
      </Paper>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="simulate-heading"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography id="simulate-heading" component="h2" variant="h6">
          Simulate the exam
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          The exam itself, at its own size, against the clock.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          {options.exams.length > 1 && (
            <TextField
              select
              id={selectId}
              label="Exam"
              size="small"
              value={examId}
              onChange={(event) => setExamId(event.target.value)}
              sx={{ minWidth: 0, flexGrow: 1 }}
            >
              {options.exams.map((exam) => (
                <MenuItem key={exam._id} value={exam._id}>
                  {exam.title}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Button
            component={RouterLink}
            to={`/exams/${encodeURIComponent(examId)}/take?mode=timed`}
            variant="contained"
            startIcon={<TimerOutlinedIcon />}
            sx={{ flexShrink: 0 }}
          >
            Simulate the exam
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}

function Builder({
  options,
  onStarted,
}: {
  options: PracticeOptions;
  onStarted: (attempt: Attempt) => void;
}) {
  const create = useCreatePracticeSetMutation();
  const [examIds, setExamIds] = useState(() => options.exams.map((exam) => exam._id));
  const [topics, setTopics] = useState<string[]>([]);
  const [source, setSource] = useState<BuilderSource>('unused');
  const [mode, setMode] = useState<SittingMode>('tutor');
  const [sizeText, setSizeText] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);

  const topicRows = topicsOf(options, examIds);
  const chosenTopics = topics.filter((topic) => topicRows.some((row) => row.topic === topic));
  const pool = poolSize(options, examIds, chosenTopics, source);
  const range = sizeRange(pool);
  const shownSize = sizeText ?? String(clampSize(null, pool));
  const sizeProblem = range ? sizeError(shownSize, pool) : null;
  const ids = { exams: useId(), topics: useId(), source: useId(), size: useId(), mode: useId() };

  const start = (body: CreatePracticeSetBody) => {
    create.mutate(body, { onSuccess: onStarted });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (examIds.length === 0 || !range || sizeProblem) return;
    start({
      examIds,
      ...(chosenTopics.length > 0 ? { topics: chosenTopics } : {}),
      source,
      size: Number(shownSize),
      mode,
    });
  };

  const toggle = (list: string[], item: string) =>
    list.includes(item) ? list.filter((entry) => entry !== item) : [...list, item];

  const inProgress = create.isError && hasErrorCode(create.error, 'SITTINGS_LIMIT');

  return (
    <>
      <Presets
        options={options}
        busy={create.isPending}
        onWeakAreas={() =>
          start({ source: 'wrong', preset: 'weak-areas', size: PRACTICE_SIZE.default, mode: 'tutor' })
        }
      />
      {create.isError && (
        <Alert
          severity={inProgress ? 'warning' : 'error'}
          sx={{ mb: 3 }}
          role="alert"
          action={
            inProgress ? (
              <Button component={RouterLink} to="/dashboard" color="inherit" size="small">
                Go to dashboard
              </Button>
            ) : undefined
          }
        >
          {errorMessage(create.error, 'The practice set could not be built. Please try again.')}
        </Alert>
      )}
      <Paper
        variant="outlined"
        component="form"
        noValidate
        onSubmit={submit}
        aria-labelledby="build-heading"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography id="build-heading" component="h2" variant="h6" sx={{ mb: 2 }}>
          Build your own set
        </Typography>
        <Stack spacing={3}>
          <FormControl component="fieldset" error={touched && examIds.length === 0}>
            <FormLabel component="legend" id={ids.exams}>
              Exams
            </FormLabel>
            <FormGroup>
              {options.exams.map((exam) => (
                <FormControlLabel
                  key={exam._id}
                  control={
                    <Checkbox
                      checked={examIds.includes(exam._id)}
                      onChange={() => setExamIds((current) => toggle(current, exam._id))}
                    />
                  }
                  label={
                    <>
                      <Box component="span" sx={{ wordBreak: 'break-word' }}>
                        {exam.title}
                      </Box>
                      <CountNote count={exam.total} />
                    </>
                  }
                />
              ))}
            </FormGroup>
            {touched && examIds.length === 0 && <FormHelperText>Choose at least one exam</FormHelperText>}
          </FormControl>

          {topicRows.length > 0 && (
            <FormControl component="fieldset">
              <FormLabel component="legend" id={ids.topics}>
                Topics
              </FormLabel>
              <FormHelperText sx={{ mx: 0 }}>None chosen: all topics.</FormHelperText>
              <FormGroup
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
                }}
              >
                {topicRows.map((row) => (
                  <FormControlLabel
                    key={row.topic}
                    control={
                      <Checkbox
                        checked={chosenTopics.includes(row.topic)}
                        onChange={() => setTopics((current) => toggle(current, row.topic))}
                      />
                    }
                    label={
                      <>
                        <Box component="span" sx={{ wordBreak: 'break-word' }}>
                          {row.topic}
                        </Box>
                        <CountNote count={row.total} />
                      </>
                    }
                  />
                ))}
              </FormGroup>
            </FormControl>
          )}

          <FormControl component="fieldset">
            <FormLabel component="legend" id={ids.source}>
              Which questions
            </FormLabel>
            <RadioGroup
              aria-labelledby={ids.source}
              value={source}
              onChange={(_event, value) => {
                const next = BUILDER_SOURCES.read(value);
                if (next) setSource(next);
              }}
            >
              {BUILDER_SOURCES.values.map((entry) => (
                <FormControlLabel
                  key={entry}
                  value={entry}
                  control={<Radio />}
                  label={
                    <>
                      {BUILDER_SOURCES.labels[entry]}
                      <CountNote count={poolSize(options, examIds, chosenTopics, entry)} />
                    </>
                  }
                />
              ))}
            </RadioGroup>
          </FormControl>

          <Box>
            <TextField
              id={ids.size}
              label="Number of questions"
              type="number"
              value={shownSize}
              onChange={(event) => setSizeText(event.target.value)}
              onBlur={() => setTouched(true)}
              disabled={!range}
              error={touched && sizeProblem !== null}
              helperText={
                range
                  ? touched && sizeProblem
                    ? sizeProblem
                    : `${range.min} to ${range.max}`
                  : `Only ${pool} ${pool === 1 ? 'question matches' : 'questions match'}: a set needs at least ${PRACTICE_SIZE.min}. Widen the choices.`
              }
              slotProps={{ htmlInput: { min: range?.min, max: range?.max, inputMode: 'numeric' } }}
              sx={{ maxWidth: 320 }}
              fullWidth
            />
          </Box>

          <FormControl component="fieldset">
            <FormLabel component="legend" id={ids.mode}>
              Mode
            </FormLabel>
            <RadioGroup
              aria-labelledby={ids.mode}
              value={mode}
              onChange={(_event, value) => {
                const next = MODE_CHOICES.find((entry) => entry.mode === value);
                if (next) setMode(next.mode);
              }}
            >
              {MODE_CHOICES.map((entry) => (
                <FormControlLabel
                  key={entry.mode}
                  value={entry.mode}
                  control={<Radio />}
                  label={
                    <>
                      {entry.label}
                      <Typography component="span" variant="body2" color="text.secondary">
                        {` — ${entry.text}`}
                      </Typography>
                    </>
                  }
                />
              ))}
            </RadioGroup>
          </FormControl>

          <Box>
            <Button
              type="submit"
              variant="contained"
              size="large"
              startIcon={
                create.isPending ? <CircularProgress size={18} color="inherit" /> : <PlayArrowIcon />
              }
              disabled={create.isPending}
            >
              {create.isPending ? 'Building…' : 'Start practice set'}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </>
  );
}

/**
 * /practice (decision 0037): build a practice set from the exams the learner subscribes to — exams, topics,
 * which questions, size and mode — or use a preset; the set starts at once (`onStarted`). `inProgress` (the
 * sittings in progress, decision 0063) comes under the page's introduction.
 */
export function PracticeBuilder({
  onStarted,
  inProgress,
}: {
  onStarted: (attempt: Attempt) => void;
  inProgress?: ReactNode;
}) {
  const options = useQuery(practiceOptionsQueryOptions());
  return (
    <Box>
      <Typography component="h1" variant="h4" gutterBottom>
        Practice
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Practise questions from the exams you subscribe to: choose what to practise, or start from a preset. A
        set never repeats a question.
      </Typography>
      {inProgress}
      {options.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading practice options" />
        </Box>
      ) : options.isError ? (
        <LoadError
          message={errorMessage(options.error, 'Failed to load practice options')}
          onRetry={() => options.refetch()}
        />
      ) : options.data.exams.length === 0 ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/exams" color="inherit" size="small">
              Browse Exams
            </Button>
          }
        >
          Subscribe to an exam first: practice sets draw on the exams you subscribe to.
        </Alert>
      ) : (
        <Builder options={options.data} onStarted={onStarted} />
      )}
    </Box>
  );
}
