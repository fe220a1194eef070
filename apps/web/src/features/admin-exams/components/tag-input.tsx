import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { addTag } from '../exam-rules.ts';

/**
 * Spec §5: a tag is added on Enter (trimmed; empty or duplicate ignored) and each tag chip can be
 * deleted. Enter here never submits the surrounding form.
 */
export function TagInput({ tags, onChange }: { tags: string[]; onChange: (tags: string[]) => void }) {
  const [draft, setDraft] = useState('');
  return (
    <Box>
      <TextField
        label="Tags"
        fullWidth
        margin="normal"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          onChange(addTag(tags, draft));
          setDraft('');
        }}
        helperText="Type a tag and press Enter to add it"
        slotProps={{ htmlInput: { maxLength: 50 } }}
      />
      {tags.length > 0 && (
        <Box
          component="ul"
          aria-label="Added tags"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
        >
          {tags.map((tag) => (
            <li key={tag}>
              <Chip
                label={tag}
                onDelete={() => onChange(tags.filter((existing) => existing !== tag))}
                aria-label={`Tag ${tag}. Press Delete to remove it.`}
              />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
