import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { ExamPublic } from '@mlp/contract';
import { grantableExamsQueryOptions } from '../api/users-api.ts';

/**
 * A published exam, searched by title as the catalogue searches (the first 50 matches); read only while
 * `enabled` (the dialog holding it is open).
 */
export function PublishedExamField({
  value,
  onChange,
  enabled,
}: {
  value: ExamPublic | null;
  onChange: (exam: ExamPublic | null) => void;
  enabled: boolean;
}) {
  const [search, setSearch] = useState('');
  const exams = useQuery({ ...grantableExamsQueryOptions(search), enabled });
  return (
    <Autocomplete
      options={exams.data?.exams ?? []}
      value={value}
      onChange={(_event, exam) => onChange(exam)}
      onInputChange={(_event, text, why) => {
        if (why === 'input') setSearch(text);
      }}
      getOptionLabel={(option) => option.title}
      isOptionEqualToValue={(option, other) => option._id === other._id}
      filterOptions={(options) => options}
      loading={exams.isFetching}
      noOptionsText={search ? 'No published exam matches' : 'No published exams'}
      renderInput={(params) => (
        <TextField {...params} label="Exam" required margin="normal" helperText="Published exams only" />
      )}
    />
  );
}
