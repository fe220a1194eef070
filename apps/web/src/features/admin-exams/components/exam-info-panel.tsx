import { useState, type ReactNode } from 'react';
import { FormProvider, useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import { TIMED_PAUSE_LIMIT_SECONDS, type AdminExamInfo, type UpdateExamBody } from '@mlp/contract';
import { SectionCard } from '../../../components/page-sections.tsx';
import { BusyButton } from '../../../components/form/form-controls.tsx';
import { FormSwitchField } from '../../../components/form/form-switch-field.tsx';
import { StateChip } from '../../../components/table/cells.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateExamMutation } from '../api/exams-api.ts';
import { examInfoFormSchema, examInfoFromExam, type ExamInfoValues } from '../exam-rules.ts';
import { EXAM_FIELD_ORDER, ExamFields } from './exam-fields.tsx';
import { useFocusFirstError } from '../../../components/form/focus-first-error.ts';
import { formatPounds } from '../pounds.ts';
import { TagInput } from './tag-input.tsx';
import { ExamTopicsDialog } from './exam-topics-dialog.tsx';

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

/** The exam's topics as chips, with the way to manage them (decision 0050). */
function TopicsRow({ exam, onChanged }: { exam: AdminExamInfo; onChanged: (message: string) => void }) {
  const [managing, setManaging] = useState(false);
  return (
    <InfoRow label="Topics">
      <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
        {exam.topics.length === 0
          ? 'No topics'
          : exam.topics.map((topic) => (
              <Chip key={topic} label={topic} size="small" variant="outlined" component="span" />
            ))}
        <Button
          size="small"
          startIcon={<LabelOutlinedIcon />}
          onClick={() => setManaging(true)}
          sx={{ ml: 0.5 }}
        >
          Manage topics
        </Button>
      </Box>
      <ExamTopicsDialog
        open={managing}
        examId={exam._id}
        onClose={() => setManaging(false)}
        onChanged={onChanged}
      />
    </InfoRow>
  );
}

function ReadOnlyInfo({ exam }: { exam: AdminExamInfo }) {
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
        <StateChip on={exam.isActive} label={exam.isActive ? 'Published' : 'Draft'} />
      </InfoRow>
      <InfoRow label="Pausing timed sittings">
        {exam.timedPauseAllowed ? `Allowed, up to ${PAUSE_LIMIT_MINUTES} minutes` : 'Not allowed'}
      </InfoRow>
    </Box>
  );
}

const PAUSE_LIMIT_MINUTES = Math.round(TIMED_PAUSE_LIMIT_SECONDS / 60);

/** What the exam's switch for pausing timed sittings (decision 0064) means for learners. */
const TIMED_PAUSE_HINT = `Learners may pause a timed sitting for up to ${PAUSE_LIMIT_MINUTES} minutes in all; the clock stops while paused.`;

/**
 * The edit form, on react-hook-form with the contract's rules (examInfoFormSchema): a refused save focuses
 * the first field with a problem, and after it each change checks the form again, so a message goes as
 * soon as its field is fixed.
 */
function EditInfoForm({ exam, onSaved }: { exam: AdminExamInfo; onSaved: (message: string) => void }) {
  const update = useUpdateExamMutation(exam._id);
  const form = useForm<ExamInfoValues, unknown, UpdateExamBody>({
    resolver: zodResolver(examInfoFormSchema),
    defaultValues: examInfoFromExam(exam),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // Focused once its message shows (useFocusFirstError).
    shouldFocusError: false,
  });
  useFocusFirstError(form, EXAM_FIELD_ORDER.edit);
  const { field: tags } = useController({ control: form.control, name: 'tags' });

  const submit = form.handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: (result) => onSaved(result.message || 'Exam information updated successfully'),
    }),
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Edit Exam Information"
    >
      {update.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorMessage(update.error, 'Error updating exam information')}
        </Alert>
      )}
      <FormProvider {...form}>
        <ExamFields mode="edit" />
      </FormProvider>
      <FormSwitchField
        control={form.control}
        name="isActive"
        label={(published) => `Status: ${published ? 'Published' : 'Draft'}`}
      />
      <FormSwitchField
        control={form.control}
        name="timedPauseAllowed"
        label="Allow pausing timed sittings"
        helperText={TIMED_PAUSE_HINT}
      />
      <TagInput tags={tags.value} onChange={tags.onChange} />
      <BusyButton type="submit" busy={update.isPending} busyLabel="Saving..." spinner sx={{ mt: 3 }}>
        Save Changes
      </BusyButton>
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
  exam: AdminExamInfo;
  onSaved: (message: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <SectionCard
      title="Exam Information"
      header={(heading) => (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
        >
          {heading}
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
      )}
    >
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
      {/* Saved at once, not with the form: in both modes (decision 0050). */}
      <Box component="dl" sx={{ m: 0, mt: editing ? 2 : 0 }}>
        <TopicsRow exam={exam} onChanged={onSaved} />
      </Box>
    </SectionCard>
  );
}
