import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { GENERAL_TOPIC, TOPIC_MAX, TOPICS_MAX, type ExamTopics } from '@mlp/contract';
import { BusyButton } from '../../../components/form/form-controls.tsx';
import { ResponsiveDialog } from '../../../components/dialogs/responsive-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { examTopicsQueryOptions, useTopicChangeMutation, type TopicChange } from '../api/exams-api.ts';

type Step = { kind: 'rename' | 'merge' | 'remove'; topic: string; count: number };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The menu of one topic's actions (a phone has no room for three buttons a row). */
function TopicActions({ topic, onChoose }: { topic: string; onChoose: (kind: Step['kind']) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const choose = (kind: Step['kind']) => {
    setAnchor(null);
    onChoose(kind);
  };
  return (
    <>
      <IconButton
        aria-label={`Actions for the topic ${topic}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => choose('rename')}>Rename…</MenuItem>
        <MenuItem onClick={() => choose('merge')}>Merge into another topic…</MenuItem>
        <MenuItem onClick={() => choose('remove')}>Remove…</MenuItem>
      </Menu>
    </>
  );
}

/** Rename, merge or remove one topic: asks what is needed, says what will move, then does it. */
function StepForm({
  step,
  topics,
  busy,
  onCancel,
  onSubmit,
}: {
  step: Step;
  topics: string[];
  busy: boolean;
  onCancel: () => void;
  onSubmit: (change: TopicChange) => void;
}) {
  const others = topics.filter((topic) => topic !== step.topic);
  const [name, setName] = useState(step.topic);
  const [target, setTarget] = useState(step.kind === 'merge' ? (others[0] ?? '') : '');
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();
  const questions = plural(step.count, 'question');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step.kind === 'rename') {
      const to = name.trim();
      if (!to) return setProblem('A topic name is required');
      return onSubmit({ action: 'rename', from: step.topic, to });
    }
    if (step.kind === 'merge') {
      if (!target) return setProblem('Choose the topic to merge into');
      return onSubmit({ action: 'merge', from: [step.topic], into: target });
    }
    return onSubmit({ action: 'remove', name: step.topic, moveTo: target || null });
  };

  const title =
    step.kind === 'rename'
      ? `Rename “${step.topic}”`
      : step.kind === 'merge'
        ? `Merge “${step.topic}” into another topic`
        : `Remove “${step.topic}”`;
  const explanation =
    step.kind === 'rename'
      ? `Its ${questions} keep the topic under its new name, and so do learners' scores, weak areas and review cards.`
      : step.kind === 'merge'
        ? `Its ${questions} move to the topic you choose; learners' scores and trends for the two are combined.`
        : `Choose where its ${questions} go. Learners' scores for it move there too.`;

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={submit}
      aria-labelledby={headingId}
      sx={{ p: 2, mb: 2 }}
    >
      <Typography
        id={headingId}
        component="h3"
        variant="subtitle1"
        sx={{ fontWeight: 700, wordBreak: 'break-word' }}
      >
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {explanation}
      </Typography>
      {step.kind === 'rename' ? (
        <TextField
          label="New name"
          fullWidth
          autoFocus
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(null);
          }}
          error={Boolean(problem)}
          helperText={problem}
          slotProps={{ htmlInput: { maxLength: TOPIC_MAX } }}
        />
      ) : (
        <TextField
          select
          label={step.kind === 'merge' ? 'Merge into' : 'Move its questions to'}
          fullWidth
          autoFocus
          value={target}
          onChange={(event) => {
            setTarget(event.target.value);
            setProblem(null);
          }}
          error={Boolean(problem)}
          helperText={problem}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          {step.kind === 'remove' && <MenuItem value="">{`No topic (${GENERAL_TOPIC})`}</MenuItem>}
          {others.map((topic) => (
            <MenuItem key={topic} value={topic}>
              {topic}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <BusyButton
          type="submit"
          busy={busy}
          busyLabel="Saving..."
          color={step.kind === 'remove' ? 'error' : 'primary'}
          disabled={step.kind === 'merge' && others.length === 0}
        >
          {step.kind === 'rename' ? 'Rename' : step.kind === 'merge' ? 'Merge' : 'Remove topic'}
        </BusyButton>
      </Stack>
    </Paper>
  );
}

function TopicsContent({
  examId,
  titleId,
  onClose,
  onChanged,
}: {
  examId: string;
  titleId: string;
  onClose: () => void;
  onChanged: (message: string) => void;
}) {
  const topics = useQuery(examTopicsQueryOptions(examId));
  const change = useTopicChangeMutation(examId);
  const [step, setStep] = useState<Step | null>(null);
  const [newTopic, setNewTopic] = useState('');
  const data: ExamTopics | undefined = topics.data;
  const names = data?.topics.map((topic) => topic.name) ?? [];
  const full = names.length >= TOPICS_MAX;

  const run = (next: TopicChange, done?: () => void) => {
    change.mutate(next, {
      onSuccess: (result) => {
        setStep(null);
        done?.();
        onChanged(result.message);
      },
    });
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    const name = newTopic.trim();
    if (!name) return;
    run({ action: 'add', name }, () => setNewTopic(''));
  };

  return (
    <>
      <DialogTitle id={titleId}>Topics</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {`Questions are grouped by topic in learners' scores, weak areas and practice sets. Changes here are saved at once. At most ${TOPICS_MAX} topics.`}
        </Typography>
        {change.isError && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => change.reset()}>
            {errorMessage(change.error, 'The topics could not be changed. Please try again.')}
          </Alert>
        )}
        {step && (
          <StepForm
            key={`${step.kind}-${step.topic}`}
            step={step}
            topics={names}
            busy={change.isPending}
            onCancel={() => {
              change.reset();
              setStep(null);
            }}
            onSubmit={(next) => run(next)}
          />
        )}
        {!data ? (
          topics.isError ? (
            <LoadError
              message={errorMessage(topics.error, 'The topics could not be loaded.')}
              onRetry={() => topics.refetch()}
            />
          ) : (
            <Box role="status" sx={{ py: 2 }}>
              <LinearProgress aria-label="Loading topics" />
            </Box>
          )
        ) : (
          <>
            {data.topics.length === 0 ? (
              <Typography sx={{ py: 1 }}>This exam has no topics yet.</Typography>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="The exam's topics">
                {data.topics.map((topic) => (
                  <Box
                    component="li"
                    key={topic.name}
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 1,
                      py: 0.5,
                      borderBottom: 1,
                      borderColor: 'divider',
                    }}
                  >
                    <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                      <Typography sx={{ wordBreak: 'break-word' }}>{topic.name}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {plural(topic.questionCount, 'question')}
                      </Typography>
                    </Box>
                    <TopicActions
                      topic={topic.name}
                      onChoose={(kind) => {
                        change.reset();
                        setStep({ kind, topic: topic.name, count: topic.questionCount });
                      }}
                    />
                  </Box>
                ))}
              </Box>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {`Without a topic (${GENERAL_TOPIC}): ${plural(data.untagged, 'question')}`}
            </Typography>
            <Box
              component="form"
              noValidate
              onSubmit={add}
              sx={{ display: 'flex', gap: 1, mt: 2, alignItems: 'flex-start' }}
            >
              <TextField
                label="New topic"
                size="small"
                fullWidth
                value={newTopic}
                disabled={full}
                onChange={(event) => setNewTopic(event.target.value)}
                helperText={
                  full ? `This exam has ${TOPICS_MAX} topics: merge or remove one first.` : undefined
                }
                slotProps={{ htmlInput: { maxLength: TOPIC_MAX } }}
              />
              <BusyButton
                type="submit"
                variant="outlined"
                busy={change.isPending && change.variables.action === 'add'}
                busyLabel="Adding..."
                disabled={full || !newTopic.trim()}
                sx={{ flexShrink: 0 }}
              >
                Add topic
              </BusyButton>
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={change.isPending}>
          Close
        </Button>
      </DialogActions>
    </>
  );
}

/**
 * The exam's topics (decision 0050): each with how many questions use it; add one, rename one, merge one
 * into another, or remove one saying where its questions go. Each change is saved at once and carries
 * learners' figures along.
 */
export function ExamTopicsDialog({
  open,
  examId,
  onClose,
  onChanged,
}: {
  open: boolean;
  examId: string;
  onClose: () => void;
  onChanged: (message: string) => void;
}) {
  const titleId = useId();
  return (
    <ResponsiveDialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm">
      {open && <TopicsContent examId={examId} titleId={titleId} onClose={onClose} onChanged={onChanged} />}
    </ResponsiveDialog>
  );
}
