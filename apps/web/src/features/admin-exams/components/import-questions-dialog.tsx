import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { QUESTION_FORMATS, type ImportPreview, type QuestionFormat } from '@mlp/contract';
import { ResponsiveDialog } from '../../../components/dialogs/responsive-dialog.tsx';
import { BusyButton } from '../../../components/form/form-controls.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useImportQuestionsMutation, usePreviewImportMutation } from '../api/question-imports-api.ts';
import {
  bytesToBase64,
  fileProblem,
  FORMAT_HELP,
  FORMAT_LABELS,
  formatFromFileName,
  newImportKey,
} from '../question-files.ts';

interface ChosenFile {
  name: string;
  content: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** ' · 3 rationales' for a sample question with rationales written, '' without. */
function rationaleCount(rationales: string[]): string {
  const written = rationales.filter((text) => text !== '').length;
  return written > 0 ? ` · ${plural(written, 'rationale')}` : '';
}

/**
 * The topics of the file that the exam lacks, and 'Add new topics to this exam': without the tick their
 * questions are refused (listed below), with it they are added to the exam and the questions keep them.
 */
function NewTopics({
  preview,
  addTopics,
  disabled,
  onChange,
}: {
  preview: ImportPreview;
  addTopics: boolean;
  disabled: boolean;
  onChange: (addTopics: boolean) => void;
}) {
  const headingId = useId();
  const helpId = useId();
  const count = preview.newTopics.length;
  // An exam has at most 30 topics: the box cannot be ticked when the file brings more than fit.
  const tooMany = count > preview.topicsAvailable;
  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="subtitle1" gutterBottom>
        {`New topics (${count})`}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {`This exam does not have ${count === 1 ? 'this topic' : 'these topics'} yet: ${preview.newTopics.join(', ')}.`}
      </Typography>
      <FormControlLabel
        control={
          <Checkbox
            checked={addTopics}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label="Add new topics to this exam"
        disabled={disabled || (tooMany && !addTopics)}
      />
      <FormHelperText id={helpId} sx={{ mt: 0 }}>
        {tooMany && !addTopics
          ? `This exam can take ${plural(preview.topicsAvailable, 'more topic')} (30 at most). Merge or remove topics on the exam first, or import without them.`
          : addTopics
            ? `${count === 1 ? 'It is' : 'They are'} added to the exam's topics with the import, and the questions keep ${count === 1 ? 'it' : 'them'}.`
            : `Without the tick, the questions with ${count === 1 ? 'this topic' : 'these topics'} are refused.`}
      </FormHelperText>
    </section>
  );
}

/** The preview: counts, the new topics, the refused rows with reasons, and the first questions to be created. */
function PreviewSummary({
  preview,
  addTopics,
  busy,
  onAddTopicsChange,
}: {
  preview: ImportPreview;
  addTopics: boolean;
  busy: boolean;
  onAddTopicsChange: (addTopics: boolean) => void;
}) {
  const more = preview.refusedCount - preview.refused.length;
  const adding = addTopics && preview.newTopics.length > 0;
  return (
    <Stack spacing={2}>
      <Alert severity={preview.toCreate === 0 ? 'error' : preview.refusedCount > 0 ? 'warning' : 'success'}>
        {preview.toCreate === 0
          ? `No questions can be imported from ${preview.fileName || 'this file'}: ${plural(preview.refusedCount, 'row')} refused. Fix the file and choose it again.`
          : `${plural(preview.toCreate, 'question')} will be imported${adding ? ` and ${plural(preview.newTopics.length, 'topic')} added` : ''}${preview.refusedCount > 0 ? `; ${plural(preview.refusedCount, 'row')} will be left out` : ''}.`}
      </Alert>

      {preview.newTopics.length > 0 && (
        <NewTopics preview={preview} addTopics={addTopics} disabled={busy} onChange={onAddTopicsChange} />
      )}

      {preview.refused.length > 0 && (
        <section aria-labelledby="refused-heading">
          <Typography id="refused-heading" component="h3" variant="subtitle1" gutterBottom>
            {`Refused (${preview.refusedCount})`}
          </Typography>
          <Box
            role="region"
            aria-label="Refused rows"
            tabIndex={0}
            sx={{ maxHeight: 260, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            <Table size="small" stickyHeader sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>Line</TableCell>
                  <TableCell>Question</TableCell>
                  <TableCell>Reason</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.refused.map((row) => (
                  <TableRow key={row.item}>
                    <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                      {row.line ?? `#${row.item}`}
                    </TableCell>
                    <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>
                      {row.excerpt || '(no text)'}
                    </TableCell>
                    <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>
                      {row.reason}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          {more > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {`and ${plural(more, 'more refused row')}`}
            </Typography>
          )}
        </section>
      )}

      {preview.sample.length > 0 && (
        <section aria-labelledby="to-create-heading">
          <Typography id="to-create-heading" component="h3" variant="subtitle1" gutterBottom>
            {preview.toCreate > preview.sample.length
              ? `The first ${preview.sample.length} of ${preview.toCreate} questions`
              : 'Questions to be imported'}
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 3 }}>
            {preview.sample.map((question, index) => (
              <Box component="li" key={index} sx={{ mb: 1, overflowWrap: 'anywhere' }}>
                <Typography variant="body2">{question.question}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {`Answer: ${question.options[question.correctAnswer] ?? ''}${question.topic ? ` · Topic: ${question.topic}` : ''}${rationaleCount(question.rationales)}`}
                </Typography>
              </Box>
            ))}
          </Box>
        </section>
      )}
    </Stack>
  );
}

/**
 * Import questions from a file (decision 0039): choose the format (guessed from the file's name), pick
 * the file, see what would be created and refused, then confirm. The confirmation carries a key made with
 * the preview, so a repeated click or a retry imports once. Ticking or clearing 'Add new topics to this
 * exam' previews again, so the counts shown are the ones the import will have.
 */
export function ImportQuestionsDialog({
  open,
  examId,
  onClose,
  onImported,
}: {
  open: boolean;
  examId: string;
  onClose: () => void;
  onImported: (message: string) => void;
}) {
  const titleId = useId();
  const formatId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [format, setFormat] = useState<QuestionFormat | ''>('');
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [plan, setPlan] = useState<{ preview: ImportPreview; key: string } | null>(null);
  const [addTopics, setAddTopics] = useState(false);
  const preview = usePreviewImportMutation(examId);
  const confirm = useImportQuestionsMutation(examId);
  const busy = preview.isPending || confirm.isPending;

  const reset = () => {
    setFormat('');
    setFile(null);
    setProblem(null);
    setPlan(null);
    setAddTopics(false);
    preview.reset();
    confirm.reset();
    if (input.current) input.current.value = '';
  };

  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setPlan(null);
    preview.reset();
    confirm.reset();
    if (!chosen) return;
    const refusal = fileProblem(chosen);
    if (refusal) {
      setFile(null);
      setProblem(refusal);
      return;
    }
    setProblem(null);
    const guessed = formatFromFileName(chosen.name);
    if (guessed) setFormat(guessed);
    try {
      setFile({ name: chosen.name, content: bytesToBase64(new Uint8Array(await chosen.arrayBuffer())) });
    } catch {
      setFile(null);
      setProblem('The file could not be read. Choose it again.');
    }
  };

  const runPreview = (
    chosenFormat: QuestionFormat,
    chosenFile: ChosenFile,
    add: boolean,
    onError?: () => void,
  ) => {
    preview.mutate(
      { format: chosenFormat, fileName: chosenFile.name, content: chosenFile.content, addTopics: add },
      { onSuccess: (result) => setPlan({ preview: result, key: newImportKey() }), onError },
    );
  };

  const submitPreview = (event: FormEvent) => {
    event.preventDefault();
    if (!format) return setProblem('Choose the file format');
    if (!file) return setProblem('Choose a file to import');
    setProblem(null);
    setAddTopics(false);
    runPreview(format, file, false);
  };

  /** Ticking or clearing the box previews again with it; if that fails, the box shows the plan still shown. */
  const changeAddTopics = (add: boolean) => {
    if (!file || !format) return;
    confirm.reset();
    setAddTopics(add);
    runPreview(format, file, add, () => setAddTopics(!add));
  };

  const submitImport = () => {
    if (!plan || !file || !format) return;
    confirm.mutate(
      { format, fileName: file.name, content: file.content, addTopics, key: plan.key },
      {
        onSuccess: (result) => {
          reset();
          onImported(result.message);
        },
      },
    );
  };

  const error =
    problem ??
    (preview.isError ? errorMessage(preview.error, 'Error reading the file') : null) ??
    (confirm.isError ? errorMessage(confirm.error, 'Error importing questions') : null);

  return (
    <ResponsiveDialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="md">
      <form noValidate onSubmit={submitPreview}>
        <DialogTitle id={titleId}>Import questions</DialogTitle>
        <DialogContent>
          {plan ? (
            <PreviewSummary
              preview={plan.preview}
              addTopics={addTopics}
              busy={busy}
              onAddTopicsChange={changeAddTopics}
            />
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <FormControl fullWidth disabled={busy}>
                <InputLabel id={formatId}>Format</InputLabel>
                <Select
                  labelId={formatId}
                  label="Format"
                  value={format}
                  onChange={(event) => setFormat(event.target.value)}
                >
                  {QUESTION_FORMATS.map((option) => (
                    <MenuItem key={option} value={option}>
                      {FORMAT_LABELS[option]}
                    </MenuItem>
                  ))}
                </Select>
                <FormHelperText>
                  {format ? FORMAT_HELP[format] : 'Chosen for you from the file name where it can be.'}
                </FormHelperText>
              </FormControl>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1.5}
                sx={{ alignItems: { sm: 'center' } }}
              >
                <Button
                  variant="outlined"
                  startIcon={<UploadFileIcon />}
                  onClick={() => input.current?.click()}
                  disabled={busy}
                  sx={{ alignSelf: 'flex-start', whiteSpace: 'nowrap' }}
                >
                  Choose file
                </Button>
                <Typography
                  variant="body2"
                  color={file ? 'text.primary' : 'text.secondary'}
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {file ? file.name : 'No file chosen (at most 5 MB)'}
                </Typography>
                <input
                  ref={input}
                  type="file"
                  aria-label="Question file"
                  accept=".csv,.xml,.txt,.gift,.aiken,text/csv,text/plain,application/xml,text/xml"
                  hidden
                  onChange={(event) => void choose(event)}
                />
              </Stack>
            </Stack>
          )}
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          {plan ? (
            <>
              <Button
                onClick={() => {
                  setPlan(null);
                  setAddTopics(false);
                  preview.reset();
                  confirm.reset();
                }}
                disabled={busy}
              >
                Choose another file
              </Button>
              <BusyButton
                onClick={submitImport}
                busy={confirm.isPending}
                busyLabel="Importing..."
                spinner
                disabled={plan.preview.toCreate === 0 || preview.isPending}
              >
                {`Import ${plural(plan.preview.toCreate, 'question')}`}
              </BusyButton>
            </>
          ) : (
            <BusyButton type="submit" busy={preview.isPending} busyLabel="Reading the file..." spinner>
              Preview
            </BusyButton>
          )}
        </DialogActions>
      </form>
    </ResponsiveDialog>
  );
}
