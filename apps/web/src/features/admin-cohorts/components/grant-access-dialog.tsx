import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { CohortAccessBodySchema, type AdminCohort, type CohortAccessBody } from '@mlp/contract';
import { ExamSelectField } from '../../../components/form/exam-select-field.tsx';
import { SaveFormDialog, type SaveDialogProps } from '../../../components/dialogs/save-form-dialog.tsx';
import { formatDate } from '../../../lib/format.ts';
import { assignableExamsQueryOptions, useGrantCohortAccessMutation } from '../api/cohorts-api.ts';

/**
 * An Owner gives every member of the cohort access to a published exam until the cohort's last day, paid
 * by the organisation (decision 0079): the support desk's complimentary grant, for each member at once.
 */
export function GrantAccessDialog({
  cohort,
  members,
  ...dialog
}: SaveDialogProps & {
  cohort: AdminCohort;
  members: number;
}) {
  const exams = useQuery(assignableExamsQueryOptions());
  const save = useGrantCohortAccessMutation(cohort._id);
  const { control, handleSubmit } = useForm<CohortAccessBody>({
    resolver: zodResolver(CohortAccessBodySchema),
    defaultValues: { examId: '' },
  });

  return (
    <SaveFormDialog
      {...dialog}
      save={save}
      handleSubmit={handleSubmit}
      failed="Access could not be given. Please try again."
      needs={[{ query: exams, failed: 'The exams could not be loaded.' }]}
      title="Give members access"
      submitLabel="Give access"
      busyLabel="Giving access..."
    >
      <Typography sx={{ mb: 2 }}>
        {members === 1 ? 'The cohort’s member gets' : `Each of the cohort’s ${members} members gets`} access
        to the exam until {formatDate(cohort.endsOn)}, paid by your organisation: nothing is charged, and each
        is told by e-mail. Members whose access already lasts that long keep it.
      </Typography>
      <ExamSelectField control={control} name="examId" exams={exams} />
    </SaveFormDialog>
  );
}
