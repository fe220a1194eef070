import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import DownloadIcon from '@mui/icons-material/Download';
import { QUESTION_FORMATS, type QuestionFormat } from '@mlp/contract';
import { errorMessage } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { downloadQuestions } from '../api/question-imports-api.ts';
import { EXPORT_LEAVES_OUT, FORMAT_LABELS } from '../question-files.ts';

/**
 * 'Export questions' with the four formats: the exam's approved questions as a file. A format that leaves content
 * out says what under its name, before it is chosen (Aiken: the question, options and answer only).
 */
export function ExportQuestionsMenu({
  examId,
  onError,
}: {
  examId: string;
  onError: (message: string) => void;
}) {
  const buttonId = useId();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);

  const download = async (format: QuestionFormat) => {
    setAnchor(null);
    setBusy(true);
    try {
      const file = await downloadQuestions(examId, format);
      saveFile(
        file.blob,
        file.fileName ?? `questions.${format === 'moodle-xml' ? 'xml' : format === 'csv' ? 'csv' : 'txt'}`,
      );
    } catch (err) {
      onError(errorMessage(err, 'Error exporting questions'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        id={buttonId}
        variant="outlined"
        startIcon={<DownloadIcon />}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={busy}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {busy ? 'Exporting...' : 'Export questions'}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {QUESTION_FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => void download(format)} sx={{ whiteSpace: 'normal' }}>
            <ListItemText
              primary={FORMAT_LABELS[format]}
              secondary={EXPORT_LEAVES_OUT[format]}
              sx={{ maxWidth: 300, my: 0 }}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
