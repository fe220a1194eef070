import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { EXAM_CATEGORIES } from '@mlp/contract';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateExamMutation, useExamCreationEnabled } from '../api/exams-api.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { ExamCreationOffText, type ExamsPageState } from './exams-page.tsx';
import { PUBLISH_ON_CREATE_HINT, priceProblem, questionCountProblem } from '../exam-rules.ts';

interface CreateExamValues {
  title: string;
  category: string;
  description: string;
  numberOfQuestions: string;
  monthlySubscriptionFee: string;
}

type CreateExamErrors = Partial<
  Record<'title' | 'category' | 'numberOfQuestions' | 'monthlySubscriptionFee', string>
>;

const EMPTY: CreateExamValues = {
  title: '',
  category: '',
  description: '',
  numberOfQuestions: '',
  monthlySubscriptionFee: '',
};

const categoryLabel = (category: string) => category.charAt(0).toUpperCase() + category.slice(1);

/** Spec §5 Exam create: title, category, number of questions and fee required; description optional. */
export function validateCreateExam(values: CreateExamValues): CreateExamErrors {
  const errors: CreateExamErrors = {};
  if (!values.title.trim()) errors.title = 'Exam title is required';
  if (!values.category) errors.category = 'Category is required';
  const count = questionCountProblem(values.numberOfQuestions);
  if (count) errors.numberOfQuestions = count;
  const fee = priceProblem(values.monthlySubscriptionFee, 'Monthly subscription fee');
  if (fee) errors.monthlySubscriptionFee = fee;
  return errors;
}

/**
 * Spec §2 'Create New Exam'. While site settings turn exam creation off, the page says so instead of
 * offering a form the server would refuse (issue 15.11).
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

/** The form itself. Success goes back to the exam list. */
function CreateExamFields() {
  const navigate = useNavigate();
  const create = useCreateExamMutation();
  const [values, setValues] = useState<CreateExamValues>(EMPTY);
  const [errors, setErrors] = useState<CreateExamErrors>({});

  const publishHelpId = useId();

  const set = (field: keyof CreateExamValues) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateCreateExam(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      {
        title: values.title.trim(),
        category: values.category as (typeof EXAM_CATEGORIES)[number],
        description: values.description.trim(),
        isActive: false,
        numberOfQuestions: Number(values.numberOfQuestions.trim()),
        monthlySubscriptionFee: Number(values.monthlySubscriptionFee.trim()),
      },
      {
        onSuccess: (result) => {
          const state: ExamsPageState = { message: result.message || 'Exam created successfully' };
          void navigate('/admin/exams', { state });
        },
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Create New Exam"
        subtitle="Set the exam up, then add its questions from the exam list"
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
        <Box component="form" noValidate onSubmit={submit} aria-label="Create New Exam">
          {create.isError && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {errorMessage(create.error, 'Error creating exam')}
            </Alert>
          )}
          <TextField
            label="Exam Title"
            required
            fullWidth
            margin="normal"
            value={values.title}
            onChange={set('title')}
            error={Boolean(errors.title)}
            helperText={errors.title}
          />
          <TextField
            select
            label="Category"
            required
            fullWidth
            margin="normal"
            value={values.category}
            onChange={set('category')}
            error={Boolean(errors.category)}
            helperText={errors.category}
          >
            {EXAM_CATEGORIES.map((category) => (
              <MenuItem key={category} value={category}>
                {categoryLabel(category)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Description"
            fullWidth
            multiline
            minRows={4}
            margin="normal"
            value={values.description}
            onChange={set('description')}
            helperText="Optional. Shown to learners on the exam page."
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
              helperText={errors.numberOfQuestions ?? 'Questions a learner answers in one attempt'}
              slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
            />
            <TextField
              label="Monthly Subscription Fee"
              type="number"
              required
              fullWidth
              margin="normal"
              value={values.monthlySubscriptionFee}
              onChange={set('monthlySubscriptionFee')}
              error={Boolean(errors.monthlySubscriptionFee)}
              helperText={errors.monthlySubscriptionFee ?? 'In pounds; 0 makes the exam free'}
              slotProps={{
                htmlInput: { min: 0, step: 0.01, inputMode: 'decimal' },
                input: { startAdornment: <InputAdornment position="start">£</InputAdornment> },
              }}
            />
          </Box>
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
          <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
            <Button
              type="submit"
              variant="contained"
              disabled={create.isPending}
              startIcon={
                create.isPending ? (
                  <CircularProgress size={16} color="inherit" aria-hidden="true" />
                ) : undefined
              }
            >
              {create.isPending ? 'Creating...' : 'Create Exam'}
            </Button>
            <Button component={RouterLink} to="/admin/exams" disabled={create.isPending}>
              Cancel
            </Button>
          </Stack>
        </Box>
      </Paper>
    </>
  );
}
