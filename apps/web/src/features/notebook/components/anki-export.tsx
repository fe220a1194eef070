import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { ANKI_EXPORT_MAX, ANKI_SOURCE_LABELS, ANKI_SOURCES, type AnkiSource } from '@mlp/contract';
import { StatusLine } from '../../../components/feedback.tsx';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { FormAlert } from '../../../components/form/form-controls.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { ankiExamsQueryOptions, downloadAnkiFile } from '../api/notebook-api.ts';

/** '1,000': grouped by hand, as lib/format.ts does money (the browser's locale data may lack en-GB). */
const EXPORT_MAX_TEXT = String(ANKI_EXPORT_MAX).replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * 'Take it to Anki' (decision 0059): the learner picks missed, flagged or noted questions, all exams or one,
 * and downloads a text file Anki imports (File › Import) into a deck of its own, with the question and
 * options on the front, the answer, explanation and their note on the back, tagged by exam and topic.
 */
export function AnkiExport() {
  const [open, setOpen] = useState(false);
  const [source, setSource] = useState<AnkiSource>('missed');
  const [examId, setExamId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const sourceLabelId = useId();
  const exams = useQuery({ ...ankiExamsQueryOptions(), enabled: open });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const file = await downloadAnkiFile({ source, ...(examId ? { examId } : {}) });
      saveFile(file.blob, file.fileName ?? `anki-${source}-questions.txt`);
      setOpen(false);
      setDone('Your Anki file is downloading. In Anki, choose File › Import and pick it.');
    } catch (err) {
      setError(errorMessage(err, 'The Anki file could not be made'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        onClick={() => {
          setError(null);
          setDone('');
          setOpen(true);
        }}
      >
        Take it to Anki
      </Button>
      <StatusLine text={done} gap={1} />
      <FormDialog
        open={open}
        title="Take it to Anki"
        onSubmit={(event) => void submit(event)}
        onCancel={() => {
          if (!busy) setOpen(false);
        }}
        busy={busy}
        submit={{ label: 'Download file' }}
        dialog={{ maxWidth: 'sm', fullWidth: true }}
      >
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            A file for Anki&rsquo;s File › Import: each question with its options on the front, the answer,
            explanation and your note on the back, tagged by exam and topic. Only questions you have answered,
            the {EXPORT_MAX_TEXT} most recent at most.
          </Typography>
          <FormAlert message={error} />
          <FormControl>
            <FormLabel id={sourceLabelId}>Which questions?</FormLabel>
            <RadioGroup
              aria-labelledby={sourceLabelId}
              value={source}
              onChange={(event) => setSource(event.target.value as AnkiSource)}
            >
              {ANKI_SOURCES.map((value) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio />}
                  label={ANKI_SOURCE_LABELS[value]}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <TextField
            select
            label="Exam"
            value={examId}
            onChange={(event) => setExamId(event.target.value)}
            helperText={exams.isError ? 'Your exams could not be loaded: all exams are exported.' : undefined}
            // 'All exams' is the empty value: shown, with the label above it.
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            fullWidth
          >
            <MenuItem value="">All exams</MenuItem>
            {(exams.data ?? []).map((exam) => (
              <MenuItem key={exam._id} value={exam._id}>
                {exam.title}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </FormDialog>
    </>
  );
}
