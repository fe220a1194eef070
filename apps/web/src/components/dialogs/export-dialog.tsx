import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import type { ExportFormat } from '@mlp/contract';
import { DATE_INPUT } from '../form/form-text-field.tsx';
import { errorMessage, type DownloadedFile } from '../../lib/api-client.ts';
import { dateRangeProblem } from '../../lib/day-range.ts';
import { saveFile } from '../../lib/save-file.ts';
import { FormDialog } from './form-dialog.tsx';

/** What the administrator chose: UTC days (yyyy-mm-dd, '' when left empty) and the file's format. */
export interface ExportChoice {
  from: string;
  to: string;
  format: ExportFormat;
}

const FORMAT_LABELS: Record<ExportFormat, string> = {
  csv: 'CSV (opens in any spreadsheet)',
  xlsx: 'Excel workbook (.xlsx)',
};

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The first and last day of the current month, the server's default range too. */
export function thisMonth(now = new Date()): { from: string; to: string } {
  return {
    from: dayOf(new Date(now.getFullYear(), now.getMonth(), 1)),
    to: dayOf(new Date(now.getFullYear(), now.getMonth() + 1, 0)),
  };
}

/**
 * An 'Export' button and its dialog (decision 0068): a date range and CSV or Excel, then the file is
 * fetched with the administrator's session and saved. `range: 'optional'` starts with empty dates
 * (everything) instead of the current month. `children` are more fields shown under the description (the
 * exam whose results are wanted); while `ready` is false, Download stays disabled.
 */
export function ExportButton({
  label = 'Export',
  title,
  description,
  range = 'month',
  fallbackName,
  download,
  ready = true,
  children,
}: {
  label?: string;
  title: string;
  description: string;
  range?: 'month' | 'optional';
  /** the file's name if the answer gives none, without its extension */
  fallbackName: string;
  download: (choice: ExportChoice) => Promise<DownloadedFile>;
  ready?: boolean;
  children?: ReactNode;
}) {
  const initial = (): ExportChoice => ({
    ...(range === 'month' ? thisMonth() : { from: '', to: '' }),
    format: 'csv',
  });
  const formatLabelId = useId();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<ExportChoice>(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problem =
    dateRangeProblem(choice.from, choice.to) ??
    (Boolean(choice.from) !== Boolean(choice.to) || (range === 'month' && !choice.from)
      ? range === 'month'
        ? 'Choose both dates'
        : 'Choose both dates, or neither for everything'
      : null);

  const start = () => {
    setChoice(initial());
    setError(null);
    setOpen(true);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (problem || !ready) return;
    setBusy(true);
    setError(null);
    try {
      const file = await download(choice);
      saveFile(file.blob, file.fileName ?? `${fallbackName}.${choice.format}`);
      setOpen(false);
    } catch (err) {
      setError(errorMessage(err, 'The export failed. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={start}>
        {label}
      </Button>
      <FormDialog
        open={open}
        title={title}
        onSubmit={(event) => void submit(event)}
        onCancel={() => setOpen(false)}
        busy={busy}
        submit={{ label: 'Download', busyLabel: 'Preparing...', disabled: problem !== null || !ready }}
        dialog={{ maxWidth: 'xs' }}
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography color="text.secondary">{description}</Typography>
          {children}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...DATE_INPUT}
              label="From"
              value={choice.from}
              onChange={(event) => setChoice((current) => ({ ...current, from: event.target.value }))}
              fullWidth
            />
            <TextField
              {...DATE_INPUT}
              label="To"
              value={choice.to}
              onChange={(event) => setChoice((current) => ({ ...current, to: event.target.value }))}
              error={problem !== null}
              helperText={
                problem ??
                (range === 'month'
                  ? 'Both days included (UTC)'
                  : 'Both days included (UTC); empty for everything')
              }
              fullWidth
            />
          </Stack>
          <div>
            <FormLabel id={formatLabelId}>Format</FormLabel>
            <RadioGroup
              aria-labelledby={formatLabelId}
              value={choice.format}
              onChange={(event) =>
                setChoice((current) => ({ ...current, format: event.target.value as ExportFormat }))
              }
            >
              {(['csv', 'xlsx'] as const).map((format) => (
                <FormControlLabel
                  key={format}
                  value={format}
                  control={<Radio />}
                  label={FORMAT_LABELS[format]}
                />
              ))}
            </RadioGroup>
          </div>
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </FormDialog>
    </>
  );
}

/** The query an export route takes: the days given (empty ones left out) and the format. */
export function exportQuery(choice: ExportChoice): { from?: string; to?: string; format: ExportFormat } {
  return {
    ...(choice.from ? { from: choice.from } : {}),
    ...(choice.to ? { to: choice.to } : {}),
    format: choice.format,
  };
}
