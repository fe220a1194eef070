import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { COURSE_LIMITS, COURSE_UNIT_KINDS, type CourseUnitKind } from '@mlp/contract';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { newUnit, UNIT_KIND_LABELS, type CourseBodyOutput, type CourseFormValues } from '../course-rules.ts';
import { ArticlePicker, ExamPicker, PassMarkField, PracticeSettings, TopicsField } from './unit-fields.tsx';

type Direction = 'up' | 'down';

/** What the unit title falls back to, by kind. */
const TITLE_SOURCE: Record<CourseUnitKind, string> = {
  article: "the article's title",
  practice: "the exam's title",
  checkpoint: "the exam's title",
};

/**
 * The course's units in order (decision 0053): 'Add unit' (Article / Practice set / Checkpoint), and per
 * unit its fields, Move up / Move down and Remove. A moved unit keeps the keyboard focus on its own
 * buttons, and each move or removal is announced. Existing units keep their `_id` wherever they move.
 */
export function UnitsEditor({ disabled }: { disabled: boolean }) {
  const { control } = useFormContext<CourseFormValues, unknown, CourseBodyOutput>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'units' });
  const { errors } = useFormState({ control, name: 'units' });
  const [announcement, setAnnouncement] = useState('');
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const addButtonId = useId();
  const menuId = useId();
  const full = fields.length >= COURSE_LIMITS.units;
  const listError = errors.units?.root?.message ?? errors.units?.message;

  /** The row of a unit by its field key (stable while it moves). */
  const row = (key: string) => list.current?.querySelector<HTMLElement>(`[data-unit-key="${key}"]`);

  const moveUnit = (from: number, direction: Direction) => {
    const to = direction === 'up' ? from - 1 : from + 1;
    const key = fields[from]?.id;
    if (key === undefined || to < 0 || to >= fields.length) return;
    // Rendered at once, so the moved row's buttons can take the focus in this same handler.
    flushSync(() => move(from, to));
    setAnnouncement(`Unit ${from + 1} moved to position ${to + 1}.`);
    const moved = row(key);
    const button =
      moved?.querySelector<HTMLButtonElement>(`[data-move="${direction}"]:not(:disabled)`) ??
      moved?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    button?.focus();
  };

  const removeUnit = (index: number) => {
    flushSync(() => remove(index));
    setAnnouncement(`Unit ${index + 1} removed.`);
    const headings = list.current?.querySelectorAll<HTMLElement>('[data-unit-heading]');
    const next = headings && headings.length > 0 ? headings[Math.min(index, headings.length - 1)] : null;
    (next ?? addButton.current)?.focus();
  };

  const addUnit = (kind: CourseUnitKind) => {
    setMenuAnchor(null);
    // The new unit's first field takes the focus (react-hook-form's shouldFocus).
    append(newUnit(kind));
    setAnnouncement(`${UNIT_KIND_LABELS[kind]} added as unit ${fields.length + 1}.`);
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography id={headingId} component="h2" variant="h6">
        Units
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {`Learners take the units in this order. At most ${COURSE_LIMITS.units} units.`}
      </Typography>
      {listError && (
        <FormHelperText error sx={{ mb: 1 }}>
          {listError}
        </FormHelperText>
      )}
      {fields.length === 0 ? (
        <Typography sx={{ py: 1 }}>No units yet. Add an article, a practice set or a checkpoint.</Typography>
      ) : (
        <Box component="ol" ref={list} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
          {fields.map((field, index) => (
            <UnitRow
              key={field.id}
              fieldKey={field.id}
              index={index}
              kind={field.kind}
              last={index === fields.length - 1}
              disabled={disabled}
              onMove={(direction) => moveUnit(index, direction)}
              onRemove={() => removeUnit(index)}
            />
          ))}
        </Box>
      )}
      <Box sx={{ mt: 2 }}>
        <Button
          ref={addButton}
          id={addButtonId}
          variant="outlined"
          startIcon={<AddIcon />}
          endIcon={<ArrowDropDownIcon />}
          aria-haspopup="true"
          aria-expanded={menuAnchor ? 'true' : 'false'}
          aria-controls={menuId}
          aria-describedby={full ? `${addButtonId}-full` : undefined}
          disabled={disabled || full}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
        >
          Add unit
        </Button>
        {full && (
          <FormHelperText id={`${addButtonId}-full`}>
            {`A course has at most ${COURSE_LIMITS.units} units.`}
          </FormHelperText>
        )}
        <Menu
          id={menuId}
          anchorEl={menuAnchor}
          open={menuAnchor !== null}
          // Choosing a kind focuses the new unit; closing without one goes back to the button.
          disableRestoreFocus
          onClose={() => {
            setMenuAnchor(null);
            addButton.current?.focus();
          }}
          slotProps={{ list: { 'aria-labelledby': addButtonId } }}
        >
          {COURSE_UNIT_KINDS.map((kind) => (
            <MenuItem key={kind} onClick={() => addUnit(kind)}>
              {UNIT_KIND_LABELS[kind]}
            </MenuItem>
          ))}
        </Menu>
      </Box>
      <div role="status">
        <VisuallyHidden>{announcement}</VisuallyHidden>
      </div>
    </Box>
  );
}

/** One unit: its number and kind, its buttons, then its own fields and an optional title. */
function UnitRow({
  fieldKey,
  index,
  kind,
  last,
  disabled,
  onMove,
  onRemove,
}: {
  fieldKey: string;
  index: number;
  kind: CourseUnitKind;
  last: boolean;
  disabled: boolean;
  onMove: (direction: Direction) => void;
  onRemove: () => void;
}) {
  const { control } = useFormContext<CourseFormValues, unknown, CourseBodyOutput>();
  const headingId = useId();
  const number = index + 1;
  return (
    <li data-unit-key={fieldKey}>
      <Paper variant="outlined" role="group" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography
            id={headingId}
            component="h3"
            variant="subtitle1"
            data-unit-heading=""
            tabIndex={-1}
            sx={{ fontWeight: 700, flexGrow: 1, minWidth: 0, outline: 'none' }}
          >
            {`Unit ${number}: ${UNIT_KIND_LABELS[kind]}`}
          </Typography>
          <Box sx={{ display: 'flex', flexShrink: 0 }}>
            <IconButton
              aria-label={`Move unit ${number} up`}
              data-move="up"
              disabled={disabled || index === 0}
              onClick={() => onMove('up')}
            >
              <ArrowUpwardIcon />
            </IconButton>
            <IconButton
              aria-label={`Move unit ${number} down`}
              data-move="down"
              disabled={disabled || last}
              onClick={() => onMove('down')}
            >
              <ArrowDownwardIcon />
            </IconButton>
            <IconButton
              aria-label={`Remove unit ${number}`}
              color="error"
              disabled={disabled}
              onClick={onRemove}
            >
              <DeleteOutlinedIcon />
            </IconButton>
          </Box>
        </Box>
        {kind === 'article' ? (
          <ArticlePicker index={index} />
        ) : (
          <>
            <ExamPicker index={index} kind={kind} />
            {kind === 'practice' ? (
              <>
                <TopicsField index={index} />
                <PracticeSettings index={index} />
              </>
            ) : (
              <PassMarkField index={index} />
            )}
          </>
        )}
        <FormTextField
          control={control}
          name={`units.${index}.title`}
          label="Unit title"
          required={false}
          helperText={`Optional. Empty: ${TITLE_SOURCE[kind]}.`}
        />
      </Paper>
    </li>
  );
}
