import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import MenuItem from '@mui/material/MenuItem';
import { COHORT_LIMITS, CohortBodySchema, type AdminCohort, type CohortBody } from '@mlp/contract';
import { SaveFormDialog, type SaveDialogProps } from '../../../components/dialogs/save-form-dialog.tsx';
import { DATE_INPUT, FormTextField } from '../../../components/form/form-text-field.tsx';
import { tutorsQueryOptions, useSaveCohortMutation } from '../api/cohorts-api.ts';

function formValues(cohort?: AdminCohort): CohortBody {
  return {
    name: cohort?.name ?? '',
    description: cohort?.description ?? '',
    startsOn: cohort?.startsOn ?? '',
    endsOn: cohort?.endsOn ?? '',
    tutorIds: cohort?.tutors.map((tutor) => tutor._id) ?? [],
  };
}

/**
 * Create or edit a cohort (Owners; decision 0079): its name, description, dates and tutors (administrators
 * with the role Tutor). The contract's CohortBodySchema checks the form; the server's refusal shows above
 * the fields.
 */
export function CohortFormDialog({
  cohort,
  ...dialog
}: SaveDialogProps & {
  cohort?: AdminCohort;
}) {
  const tutors = useQuery(tutorsQueryOptions());
  const save = useSaveCohortMutation(cohort?._id);
  const { control, handleSubmit } = useForm<CohortBody, unknown, CohortBody>({
    resolver: zodResolver(CohortBodySchema),
    defaultValues: formValues(cohort),
  });

  return (
    <SaveFormDialog
      {...dialog}
      save={save}
      handleSubmit={handleSubmit}
      failed="The cohort could not be saved. Please try again."
      needs={[{ query: tutors, failed: 'The tutors could not be loaded.' }]}
      title={cohort ? 'Edit cohort' : 'New cohort'}
      submitLabel={cohort ? 'Save changes' : 'Create cohort'}
    >
      <FormTextField
        control={control}
        name="name"
        label="Name"
        slotProps={{ htmlInput: { maxLength: COHORT_LIMITS.name } }}
      />
      <FormTextField
        control={control}
        name="description"
        label="Description"
        required={false}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: COHORT_LIMITS.description } }}
      />
      <FormTextField control={control} name="startsOn" label="Starts" {...DATE_INPUT} />
      <FormTextField control={control} name="endsOn" label="Ends" {...DATE_INPUT} />
      <FormTextField
        control={control}
        name="tutorIds"
        label="Tutors"
        select
        required={false}
        disabled={tutors.isPending}
        helperText="Administrators with the role Tutor. Owners see every cohort."
        slotProps={{ select: { multiple: true } }}
      >
        {(tutors.data ?? []).map((tutor) => (
          <MenuItem key={tutor._id} value={tutor._id}>
            {tutor.name} ({tutor.email})
          </MenuItem>
        ))}
      </FormTextField>
    </SaveFormDialog>
  );
}
