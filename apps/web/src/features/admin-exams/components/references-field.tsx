import { useId, type Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { REFERENCE_TITLE_MAX, REFERENCE_URL_MAX, REFERENCES_MAX } from '@mlp/contract';
import type { ReferenceDraft } from '../exam-rules.ts';

/**
 * A question's references (decision 0050): up to five rows of a title and an optional link, each
 * removable. A row left empty is dropped when the question is saved. `ref` is the fieldset (the dialog
 * focuses its first field with a problem).
 */
export function ReferencesField({
  references,
  errors,
  onChange,
  ref,
}: {
  references: ReferenceDraft[];
  errors?: Array<{ title?: string; url?: string } | undefined>;
  onChange: (references: ReferenceDraft[]) => void;
  ref?: Ref<HTMLFieldSetElement>;
}) {
  const headingId = useId();
  const set = (index: number, change: Partial<ReferenceDraft>) =>
    onChange(references.map((reference, i) => (i === index ? { ...reference, ...change } : reference)));
  return (
    <Box
      component="fieldset"
      ref={ref}
      aria-labelledby={headingId}
      sx={{ border: 0, p: 0, m: 0, mt: 2, minWidth: 0 }}
    >
      <Typography id={headingId} component="legend" variant="body2" color="text.secondary" sx={{ p: 0 }}>
        References
      </Typography>
      <FormHelperText sx={{ mx: 0 }}>
        {`Optional. Up to ${REFERENCES_MAX} sources (a guideline, a BNF page), each with a link if it has one.`}
      </FormHelperText>
      {references.map((reference, index) => (
        <Box
          // References have no id of their own; their position is their identity while editing.
          key={index}
          sx={{
            display: 'grid',
            gap: 1,
            alignItems: 'start',
            gridTemplateColumns: { xs: '1fr auto', sm: 'minmax(0, 1fr) minmax(0, 1fr) auto' },
            mt: 1,
          }}
        >
          <TextField
            label={`Reference ${index + 1} title`}
            size="small"
            value={reference.title}
            onChange={(event) => set(index, { title: event.target.value })}
            error={Boolean(errors?.[index]?.title)}
            helperText={errors?.[index]?.title}
            slotProps={{ htmlInput: { maxLength: REFERENCE_TITLE_MAX } }}
          />
          <TextField
            label={`Reference ${index + 1} link`}
            size="small"
            type="url"
            placeholder="https://"
            value={reference.url}
            onChange={(event) => set(index, { url: event.target.value })}
            error={Boolean(errors?.[index]?.url)}
            helperText={errors?.[index]?.url}
            slotProps={{ htmlInput: { maxLength: REFERENCE_URL_MAX } }}
            // On a phone the link takes the line under the title, the remove button stays beside the title.
            sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}
          />
          <IconButton
            aria-label={`Remove reference ${index + 1}`}
            onClick={() => onChange(references.filter((_reference, i) => i !== index))}
          >
            <DeleteOutlinedIcon />
          </IconButton>
        </Box>
      ))}
      <Button
        startIcon={<AddIcon />}
        disabled={references.length >= REFERENCES_MAX}
        onClick={() => onChange([...references, { title: '', url: '' }])}
        sx={{ mt: 1 }}
      >
        Add reference
      </Button>
    </Box>
  );
}
