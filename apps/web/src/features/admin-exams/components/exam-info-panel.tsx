import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { AdminExamDetail } from '@mlp/contract';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateExamMutation } from '../api/exams-api.ts';
import {
  examInfoFromExam,
  formatPounds,
  hasErrors,
  toUpdateExamBody,
  validateExamInfo,
  type ExamInfoErrors,
  type ExamInfoValues,
} from '../exam-rules.ts';
import { TagInput } from './tag-input.tsx';

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
        gap: { xs: 0.25, sm: 2 },
        py: 1,
      }}
    >
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word', whiteSpace: 'pre-line' }}>
        {children}
      </Typography>
    </Box>
  );
}

function StatusChip({ published }: { published: boolean }) {
  return (
    <Chip
      size="small"
      label={published ? 'Published' : 'Draft'}
      color={published ? 'success' : 'default'}
      variant={published ? 'filled' : 'outlined'}
    />
  );
}

function ReadOnlyInfo({ exam }: { exam: AdminExamDetail }) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      <InfoRow label="Title">{exam.title}</InfoRow>
      <InfoRow label="Description">{exam.description || 'No description'}</InfoRow>
      <InfoRow label="Category">
        <Box component="span" sx={{ textTransform: 'capitalize' }}>
          {exam.category}
        </Box>
      </InfoRow>
      <InfoRow label="Number of Questions">{exam.numberOfQuestions}</InfoRow>
      <InfoRow label="Price">{formatPounds(exam.price)}</InfoRow>
      <InfoRow label="Tags">
        {exam.tags.length === 0 ? (
          'No tags'
        ) : (
          <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}>
            {exam.tags.map((tag) => (
              <Chip key={tag} label={tag} size="small" variant="outlined" component="span" />
            ))}
          </Box>
        )}
      </InfoRow>
      <InfoRow label="Status">
        <StatusChip published={exam.isActive} />
      </InfoRow>
    </Box>
  );
}

function EditInfoForm({ exam, onSaved }: { exam: AdminExamDetail; onSaved: (message: string) => void }) {
  const update = useUpdateExamMutation(exam._id);
  const [values, setValues] = useState<ExamInfoValues>(() => examInfoFromExam(exam));
  const [errors, setErrors] = useState<ExamInfoErrors>({});

  const set =
    (field: 'title' | 'description' | 'category' | 'numberOfQuestions' | 'price') =>
    (event: ChangeEvent<HTMLInputElement>) =>
      setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateExamInfo(values);
    setErrors(found);
    if (hasErrors(found)) return;
    update.mutate(toUpdateExamBody(values), {
      onSuccess: (result) => onSaved(result.message || 'Exam information updated successfully'),
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Edit Exam Information">
      {update.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorMessage(update.error, 'Error updating exam information')}
        </Alert>
      )}
      <TextField
        label="Title"
        required
        fullWidth
        margin="normal"
        value={values.title}
        onChange={set('title')}
        error={Boolean(errors.title)}
        helperText={errors.title}
      />
      <TextField
        label="Description"
        required
        fullWidth
        multiline
        minRows={3}
        margin="normal"
        value={values.description}
        onChange={set('description')}
        error={Boolean(errors.description)}
        helperText={errors.description}
      />
      <TextField
        label="Category"
        required
        fullWidth
        margin="normal"
        value={values.category}
        onChange={set('category')}
        error={Boolean(errors.category)}
        helperText={errors.category ?? 'For example medical, nursing, pharmacy'}
      />
      {/* Side by side from 600 px; a Box with a gap keeps the fields' own margins (Stack would reset them). */}
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, columnGap: 2 }}>
        <TextField
          label="Number of Questions"
          type="number"
          required
          fullWidth
          margin="normal"
          value={values.numberOfQuestions}
          onChange={set('numberOfQuestions')}
          error={Boolean(errors.numberOfQuestions)}
          helperText={errors.numberOfQuestions}
          slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
        />
        <TextField
          label="Price"
          type="number"
          required
          fullWidth
          margin="normal"
          value={values.price}
          onChange={set('price')}
          error={Boolean(errors.price)}
          helperText={errors.price ?? 'Monthly, in pounds; 0 makes the exam free'}
          slotProps={{
            htmlInput: { min: 0, step: 0.01, inputMode: 'decimal' },
            input: { startAdornment: <InputAdornment position="start">£</InputAdornment> },
          }}
        />
      </Box>
      <FormControlLabel
        sx={{ mt: 1 }}
        label={`Status: ${values.isActive ? 'Published' : 'Draft'}`}
        control={
          <Switch
            checked={values.isActive}
            onChange={(event) => setValues((current) => ({ ...current, isActive: event.target.checked }))}
          />
        }
      />
      <TagInput tags={values.tags} onChange={(tags) => setValues((current) => ({ ...current, tags }))} />
      <Button
        type="submit"
        variant="contained"
        sx={{ mt: 3 }}
        disabled={update.isPending}
        startIcon={
          update.isPending ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined
        }
      >
        {update.isPending ? 'Saving...' : 'Save Changes'}
      </Button>
    </Box>
  );
}

/**
 * Spec §2 Edit Exam: the read-only information panel with an 'Edit Exam Information' toggle ('Cancel
 * Editing') revealing the edit form.
 */
export function ExamInfoPanel({
  exam,
  onSaved,
}: {
  exam: AdminExamDetail;
  onSaved: (message: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="exam-info-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
      >
        <Typography id="exam-info-heading" component="h2" variant="h6">
          Exam Information
        </Typography>
        <Button
          variant={editing ? 'text' : 'outlined'}
          startIcon={editing ? <CloseIcon /> : <EditOutlinedIcon />}
          aria-expanded={editing}
          onClick={() => setEditing((current) => !current)}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          {editing ? 'Cancel Editing' : 'Edit Exam Information'}
        </Button>
      </Stack>
      {editing ? (
        <EditInfoForm
          exam={exam}
          onSaved={(message) => {
            setEditing(false);
            onSaved(message);
          }}
        />
      ) : (
        <ReadOnlyInfo exam={exam} />
      )}
    </Paper>
  );
}
