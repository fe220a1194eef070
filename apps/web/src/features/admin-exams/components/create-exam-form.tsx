import { useId } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { CreateExamBody } from '@mlp/contract';
import { PageHeader } from '../../../components/page-sections.tsx';
import { FormActions } from '../../../components/form/form-controls.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateExamMutation, useExamCreationEnabled } from '../api/exams-api.ts';
import { ExamCreationOffText, type ExamsPageState } from './exams-page.tsx';
import { createExamFormSchema, PUBLISH_ON_CREATE_HINT, type ExamFieldValues } from '../exam-rules.ts';
import { EXAM_FIELD_ORDER, ExamFields } from './exam-fields.tsx';
import { useFocusFirstError } from '../../../components/form/focus-first-error.ts';

const EMPTY: ExamFieldValues = {
  title: '',
  category: '',
  description: '',
  numberOfQuestions: '',
  price: '',
};

/**
 * Spec §2 'Create New Exam'. While site settings turn exam creation off, the page says so instead of
 * offering a form the server would refuse (decision 0024).
 */
export function CreateExamForm() {
  const { enabled, pending } = useExamCreationEnabled();
  if (pending) {
    return (
      <>
        <PageHeader title="Create New Exam" />
        <Skeleton variant="rounded" height={480} sx={{ maxWidth: 760 }} role="status" aria-label="Loading" />
      </>
    );
  }
  if (enabled === false) {
    return (
      <>
        <PageHeader title="Create New Exam" />
        <Alert severity="info" sx={{ maxWidth: 760, mb: 2 }}>
          <AlertTitle>
            <ExamCreationOffText />
          </AlertTitle>
          New exams cannot be created until &lsquo;Exam Creation Enabled&rsquo; is switched on again. Existing
          exams can still be edited.
        </Alert>
        <Button component={RouterLink} to="/admin/exams" startIcon={<ArrowBackIcon />}>
          Back to exams
        </Button>
      </>
    );
  }
  return <CreateExamFields />;
}

/**
 * The form itself, on react-hook-form with the contract's rules (createExamFormSchema). After a refused
 * submit the first field with a problem takes the focus and each change checks the form again, so a
 * message goes as soon as its field is fixed. Success goes back to the exam list.
 */
function CreateExamFields() {
  const navigate = useNavigate();
  const create = useCreateExamMutation();
  const form = useForm<ExamFieldValues, unknown, CreateExamBody>({
    resolver: zodResolver(createExamFormSchema),
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // Focused once its message shows (useFocusFirstError).
    shouldFocusError: false,
  });
  useFocusFirstError(form, EXAM_FIELD_ORDER.create);

  const publishHelpId = useId();

  const submit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (result) => {
        const state: ExamsPageState = { message: result.message || 'Exam created successfully' };
        void navigate('/admin/exams', { state });
      },
    }),
  );

  return (
    <>
      <PageHeader
        title="Create New Exam"
        subtitle="Set the exam up, then add its questions from the exam list"
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void submit(event)}
          aria-label="Create New Exam"
        >
          {create.isError && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {errorMessage(create.error, 'Error creating exam')}
            </Alert>
          )}
          <FormProvider {...form}>
            <ExamFields mode="create" />
          </FormProvider>
          {/*
           * Spec §2 lists a 'Publish Exam' box here, but a new exam has no questions and publishing needs
           * all of them (§5), so ticking it could only fail: it is shown, unticked and disabled, with the
           * reason (decision 0024).
           */}
          <FormControlLabel
            sx={{ mt: 1 }}
            label="Publish Exam"
            disabled
            control={
              <Checkbox checked={false} slotProps={{ input: { 'aria-describedby': publishHelpId } }} />
            }
          />
          <FormHelperText id={publishHelpId} sx={{ mt: 0 }}>
            {PUBLISH_ON_CREATE_HINT}
          </FormHelperText>
          <FormActions
            busy={create.isPending}
            cancelTo="/admin/exams"
            submit={{ label: 'Create Exam', busyLabel: 'Creating...', spinner: true }}
          />
        </Box>
      </Paper>
    </>
  );
}
