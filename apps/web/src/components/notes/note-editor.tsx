import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import NoteAddOutlinedIcon from '@mui/icons-material/NoteAddOutlined';
import { NOTE_MESSAGES, NOTE_TEXT_MAX, type Note } from '@mlp/contract';
import { StatusLine } from '../feedback.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { ConfirmDialog } from '../dialogs/confirm-dialog.tsx';
import { FormAlert } from '../form/form-controls.tsx';
import { useDeleteNote, useSaveNote } from './notes-api.ts';

/*
 * A learner's private note on one question (decision 0059): 'Add a note' opens a text field with Save and
 * Cancel; a saved note shows with Edit and Delete. Shared (components/) so the result review and tutor
 * mode place the same editor.
 */

/** A saved note's box, set apart from the question by a bar in the secondary colour. */
export const NOTE_SX = {
  borderLeft: 3,
  borderColor: 'secondary.main',
  bgcolor: 'action.hover',
  borderRadius: 1,
  p: 1.5,
} as const;

/** The form's own check, before a request: the same rules and texts as the server's. */
export function noteDraftError(draft: string): string | null {
  const text = draft.trim();
  if (text === '') return NOTE_MESSAGES.empty;
  if (text.length > NOTE_TEXT_MAX) return NOTE_MESSAGES.tooLong;
  return null;
}

/** 'Written on version 2 …' when the question has been edited since the note was saved, else null. */
export function versionNotice(note: Pick<Note, 'version' | 'currentVersion' | 'questionChanged'>) {
  return note.questionChanged
    ? `Written on version ${note.version} of this question; it has been updated since (now version ${note.currentVersion}).`
    : null;
}

export interface NoteEditorProps {
  questionId: string;
  /** for the buttons' accessible names: 'Add a note (question 3)' */
  questionNumber: number;
  /**
   * the learner's note on the question, null when there is none; undefined while the learner's notes load:
   * 'Add a note' then stands disabled in its place, so the buttons below it do not move when they arrive
   * (a click aimed at 'Discussion' landed on the button that slid into its place)
   */
  note: Note | null | undefined;
  /** the result being reviewed, when there is one (the note keeps the version that result showed) */
  resultId?: string;
  /** the level of the 'Your note' heading, one below the question's */
  headingLevel?: 3 | 4;
}

export function NoteEditor({
  questionId,
  questionNumber,
  note,
  resultId,
  headingLevel = 4,
}: NoteEditorProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [checked, setChecked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState('');
  // After the editor closes, the button that opens it again takes the focus (keyboard users stay put):
  // once the note shown is the one just saved ('note') or deleted ('none'), or at once after a cancel.
  const returnFocus = useRef<'note' | 'none' | 'now' | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const fieldId = useId();
  const save = useSaveNote(questionId, resultId);
  const remove = useDeleteNote(questionId);
  const problem = checked ? noteDraftError(draft) : null;
  const suffix = ` (question ${questionNumber})`;

  const hasNote = Boolean(note);
  useEffect(() => {
    const awaited = returnFocus.current;
    if (editing || !awaited) return;
    if (awaited === 'now' || (awaited === 'note') === hasNote) {
      toggleRef.current?.focus();
      returnFocus.current = null;
    }
  }, [editing, hasNote]);

  const open = () => {
    setDraft(note?.text ?? '');
    setChecked(false);
    setStatus('');
    save.reset();
    setEditing(true);
  };
  const close = () => {
    if (save.isPending) return;
    setEditing(false);
    returnFocus.current = 'now';
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setChecked(true);
    if (noteDraftError(draft)) return;
    save.mutate(draft.trim(), {
      onSuccess: ({ message }) => {
        setStatus(message);
        setEditing(false);
        returnFocus.current = 'note';
      },
    });
  };
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  const heading = `h${headingLevel}` as const;
  const length = draft.trim().length;

  return (
    <Box sx={{ mt: 1.5 }}>
      {editing ? (
        <Box component="form" noValidate onSubmit={submit} aria-label={`Your note${suffix}`}>
          <FormAlert
            message={save.isError ? errorMessage(save.error, 'The note could not be saved') : null}
          />
          <TextField
            id={fieldId}
            label="Your note"
            multiline
            minRows={3}
            fullWidth
            autoFocus
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={keys}
            error={problem !== null}
            helperText={
              problem ??
              `Only you can see your notes. ${length} of ${NOTE_TEXT_MAX} characters. Ctrl+Enter saves, Esc cancels.`
            }
            slotProps={{ htmlInput: { maxLength: NOTE_TEXT_MAX + 100 } }}
          />
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button type="submit" variant="contained" size="small" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save note'}
            </Button>
            <Button size="small" onClick={close} disabled={save.isPending}>
              Cancel
            </Button>
          </Stack>
        </Box>
      ) : note ? (
        <Box sx={NOTE_SX}>
          <Typography component={heading} variant="subtitle2" sx={{ fontWeight: 700 }}>
            Your note
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word', mt: 0.5 }}>
            {note.text}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.75 }}>
            Saved {formatDateTime(note.updatedAt)}
          </Typography>
          {versionNotice(note) && (
            <Typography variant="caption" color="text.secondary" component="p">
              {versionNotice(note)}
            </Typography>
          )}
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 0.5, flexWrap: 'wrap' }}>
            <Button
              ref={toggleRef}
              size="small"
              startIcon={<EditOutlinedIcon />}
              onClick={open}
              aria-label={`Edit note${suffix}`}
            >
              Edit note
            </Button>
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutlineIcon />}
              onClick={() => {
                remove.reset();
                setConfirming(true);
              }}
              aria-label={`Delete note${suffix}`}
            >
              Delete note
            </Button>
          </Stack>
        </Box>
      ) : (
        <Button
          ref={toggleRef}
          size="small"
          startIcon={<NoteAddOutlinedIcon />}
          onClick={open}
          disabled={note === undefined}
          // The visible words start the accessible name (WCAG 2.5.3); the number tells the buttons apart.
          aria-label={`Add a note${suffix}`}
        >
          Add a note
        </Button>
      )}
      <StatusLine text={status} gap={0.5} />
      <ConfirmDialog
        open={confirming}
        title="Delete note"
        message="Delete your note on this question?"
        details="It cannot be brought back."
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'The note could not be deleted') : null}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              setStatus(NOTE_MESSAGES.deleted);
              returnFocus.current = 'none';
            },
          })
        }
        onClose={() => {
          if (!remove.isPending) setConfirming(false);
        }}
      />
    </Box>
  );
}
