import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';

/** A keyword box that searches only when submitted (Enter or the Search button), like the spec's lists. */
export function SearchForm({
  label,
  initialKeyword = '',
  onSearch,
}: {
  label: string;
  initialKeyword?: string;
  onSearch: (keyword: string) => void;
}) {
  const [keyword, setKeyword] = useState(initialKeyword);
  return (
    <Box
      component="form"
      role="search"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(keyword.trim());
      }}
      sx={{ display: 'flex', gap: 1, mb: 2, maxWidth: 560 }}
    >
      <TextField
        label={label}
        type="search"
        size="small"
        fullWidth
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" aria-hidden="true" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Button type="submit" variant="outlined" sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
        Search
      </Button>
    </Box>
  );
}

/**
 * The lists' own search box (articles, courses, the notebook): no button, the page searches as the learner
 * types (debounced by the page) and on Enter (`onSubmit`).
 */
export function ListSearchField({
  label,
  placeholder,
  value,
  maxLength = 200,
  onChange,
  onSubmit,
}: {
  label: string;
  placeholder: string;
  value: string;
  maxLength?: number;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <Box component="form" role="search" onSubmit={onSubmit} sx={{ mb: 2 }}>
      <TextField
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        fullWidth
        size="small"
        sx={{ maxWidth: { sm: 520 } }}
        slotProps={{
          htmlInput: { 'aria-label': label, maxLength },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden="true" />
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}
