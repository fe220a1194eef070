import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { GENERAL_TOPIC } from '@mlp/contract';
import { BusyButton } from '../../../components/form/form-controls.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSetQuestionsTopicMutation } from '../api/exams-api.ts';

/** The topic menu's value for 'no topic' (a topic is never empty). */
const NONE = '';

/**
 * The bank's bulk 'Set topic' (decision 0050): choose questions on the page shown (or all of them), pick
 * one of the exam's topics or none, and file them all under it in one step.
 */
export function SetTopicBar({
  examId,
  topics,
  shown,
  selected,
  onSelect,
  onDone,
}: {
  examId: string;
  topics: string[];
  /** the ids of the questions on the page shown, in order */
  shown: string[];
  selected: string[];
  onSelect: (ids: string[]) => void;
  onDone: (message: string) => void;
}) {
  const setTopic = useSetQuestionsTopicMutation(examId);
  const [topic, setTopicChoice] = useState<string>(topics[0] ?? NONE);
  const all = shown.length > 0 && shown.every((id) => selected.includes(id));
  const some = selected.length > 0;
  // A topic removed meanwhile falls back to the first one there is.
  const chosen = topic === NONE || topics.includes(topic) ? topic : (topics[0] ?? NONE);

  const apply = () => {
    void setTopic
      .mutateAsync({ questionIds: selected, topic: chosen === NONE ? null : chosen })
      .then((result) => {
        onSelect([]);
        onDone(result.message);
      })
      .catch(() => undefined);
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Set the topic of chosen questions"
      sx={{ p: 1.5, display: 'grid', gap: 1 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={all}
              indeterminate={some && !all}
              onChange={(event) => onSelect(event.target.checked ? shown : [])}
            />
          }
          label="Select all on this page"
          sx={{ mr: 1 }}
        />
        <Typography variant="body2" color="text.secondary" role="status">
          {some ? `${selected.length} selected` : 'Select questions to set their topic together.'}
        </Typography>
      </Box>
      {some && (
        <Box
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto auto' },
            alignItems: 'center',
          }}
        >
          <TextField
            select
            size="small"
            label="Topic"
            value={chosen}
            onChange={(event) => setTopicChoice(event.target.value)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            {topics.map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
            <MenuItem value={NONE}>{`No topic (${GENERAL_TOPIC})`}</MenuItem>
          </TextField>
          <BusyButton onClick={apply} busy={setTopic.isPending} busyLabel="Saving..." variant="contained">
            Set topic
          </BusyButton>
          <Button onClick={() => onSelect([])} disabled={setTopic.isPending}>
            Clear selection
          </Button>
        </Box>
      )}
      {setTopic.isError && (
        <Alert severity="error" onClose={() => setTopic.reset()}>
          {errorMessage(setTopic.error, 'The topic could not be set. Please try again.')}
        </Alert>
      )}
    </Paper>
  );
}
