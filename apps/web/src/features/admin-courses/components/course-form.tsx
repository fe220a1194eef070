import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormProvider, useController, useForm, useWatch, type Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COURSE_LIMITS, EXAM_CATEGORIES, type AdminCourse } from '@mlp/contract';
import { BackButton, PageLoadFailed, PageSkeleton } from '../../../components/page-loading.tsx';
import { PageHeader } from '../../../components/page-sections.tsx';
import { FormActions } from '../../../components/form/form-controls.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { UnsavedChangesGuard } from '../../../components/dialogs/unsaved-changes-guard.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { adminCourseQueryOptions, useSaveCourseMutation } from '../api/courses-api.ts';
import {
  categoryLabel,
  checkCourseForm,
  courseFormValues,
  sameCourse,
  STATUS_NOTE,
  withSavedUnitIds,
  type CourseBodyOutput,
  type CourseFormValues,
} from '../course-rules.ts';
import { CoverImageField } from './cover-image-field.tsx';
import { UnitsEditor } from './units-editor.tsx';

/** As the article editor: after creating a course, wait 1.5 seconds, then go to the course list. */
export const REDIRECT_AFTER_CREATE_MS = 1500;

/**
 * The contract's CourseBodySchema (and what each kind of unit needs) as the form's resolver: every
 * problem shows under its own field ('units.1.size'), a list-wide one under the units' heading. After a
 * refused submit react-hook-form checks again on each change, so a message goes as soon as it is fixed.
 */
const courseResolver: Resolver<CourseFormValues, unknown, CourseBodyOutput> = (values, _context, options) => {
  const checked = checkCourseForm(values);
  if (checked.ok) return { values: checked.body, errors: {} };
  const flat = Object.fromEntries(
    checked.issues.map((issue) => [issue.path, { type: 'contract', message: issue.message }]),
  );
  return { values: {}, errors: toNestErrors(flat, options) };
};

/** A text field with its length against the contract's limit under it, beside any message. */
function CountedTextField({
  name,
  label,
  limit,
  hint,
  required = false,
  multiline = false,
}: {
  name: 'title' | 'summary';
  label: string;
  limit: number;
  hint?: string;
  required?: boolean;
  multiline?: boolean;
}) {
  const { field, fieldState } = useController<CourseFormValues, 'title' | 'summary', CourseBodyOutput>({
    name,
  });
  const message: ReactNode = fieldState.error?.message ?? hint;
  return (
    <TextField
      label={label}
      required={required}
      fullWidth
      margin="normal"
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={
        <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <span>{message}</span>
          <Box component="span" sx={{ flexShrink: 0 }}>{`${field.value.length}/${limit}`}</Box>
        </Box>
      }
    />
  );
}

/**
 * Create (no course) or edit a course (decision 0053): its fields, cover image and units. The contract's
 * schema checks it before it is sent; the server's refusals show above the fields. Creating goes back to
 * the list after the server's message; editing stays, with the saved units' ids, so saving again keeps
 * the learners' progress. Leaving with unsaved changes asks first (decision 0024).
 */
export function CourseForm({ course }: { course?: AdminCourse }) {
  const editing = course !== undefined;
  const navigate = useNavigate();
  const save = useSaveCourseMutation(course?._id);
  // What the form last matched on the server: the loaded course, then what each update saved.
  const [baseline, setBaseline] = useState(() => courseFormValues(course));
  const [uploading, setUploading] = useState(false);
  const form = useForm<CourseFormValues, unknown, CourseBodyOutput>({
    resolver: courseResolver,
    defaultValues: baseline,
  });
  const values = useWatch({ control: form.control }) as CourseFormValues;
  const serverError = useRef<HTMLDivElement>(null);

  const created = !editing && save.isSuccess;
  const unsaved = !created && !sameCourse(values, baseline);
  const failed = save.isError;

  useEffect(() => {
    if (!created) return undefined;
    const timer = setTimeout(() => void navigate('/admin/courses'), REDIRECT_AFTER_CREATE_MS);
    return () => clearTimeout(timer);
  }, [created, navigate]);

  // The server's refusal sits above the fields, out of sight when saving from below a long list of units.
  useEffect(() => {
    if (failed) serverError.current?.scrollIntoView?.({ block: 'center' });
  }, [failed]);

  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (result) => {
        if (!editing) return;
        const saved = withSavedUnitIds(form.getValues(), result.course);
        setBaseline(saved);
        form.reset(saved);
      },
    }),
  );

  const busy = save.isPending || created;
  const title = editing ? 'Edit Course' : 'Create Course';

  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          editing ? course.title : 'Set the course up, then add its units in the order learners take them'
        }
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 960 }}>
        <FormProvider {...form}>
          <Box component="form" noValidate aria-label={title} onSubmit={(event) => void submit(event)}>
            {save.isSuccess && !unsaved && (
              <Alert severity="success" sx={{ mb: 1 }}>
                {save.data.message || (editing ? 'Course updated' : 'Course created')}
              </Alert>
            )}
            {failed && (
              <Alert ref={serverError} severity="error" sx={{ mb: 1 }}>
                {errorMessage(save.error, editing ? 'Error updating course' : 'Error creating course')}
              </Alert>
            )}
            <CountedTextField name="title" label="Title" limit={COURSE_LIMITS.title} required />
            <CountedTextField
              name="summary"
              label="Summary"
              limit={COURSE_LIMITS.summary}
              hint="Shown on the course's card and page."
              multiline
            />
            {/* Side by side from 600 px; a Box with a gap keeps the fields' own margins (Stack would reset them). */}
            <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, columnGap: 2 }}>
              <FormTextField control={form.control} name="category" label="Category" select>
                {EXAM_CATEGORIES.map((category) => (
                  <MenuItem key={category} value={category}>
                    {categoryLabel(category)}
                  </MenuItem>
                ))}
              </FormTextField>
              <FormTextField
                control={form.control}
                name="status"
                label="Status"
                select
                helperText={STATUS_NOTE}
              >
                <MenuItem value="draft">Draft</MenuItem>
                <MenuItem value="published">Published</MenuItem>
              </FormTextField>
            </Box>
            <CoverImageField onBusyChange={setUploading} />
            <UnitsEditor disabled={busy} />
            {uploading && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                Saving waits until the cover image has uploaded.
              </Typography>
            )}
            <FormActions
              busy={save.isPending}
              cancelTo="/admin/courses"
              submit={{
                label: editing ? 'Update Course' : 'Create Course',
                busyLabel: 'Saving...',
                spinner: true,
                disabled: created || uploading,
              }}
            />
          </Box>
        </FormProvider>
      </Paper>
      <UnsavedChangesGuard when={unsaved} what="this course" />
    </>
  );
}

/** The edit screen: loads the course, then shows the form filled with it. */
export function EditCoursePage({ courseId }: { courseId: string }) {
  const course = useQuery(adminCourseQueryOptions(courseId));
  if (course.isPending) return <PageSkeleton label="Loading course" titleWidth="40%" blocks={[56, 320]} />;
  if (course.isError) {
    return (
      <PageLoadFailed
        title="Edit Course"
        back={<BackButton to="/admin/courses">Back to courses</BackButton>}
        message={errorMessage(course.error, 'Error fetching course')}
      />
    );
  }
  return <LoadedCourse key={course.data._id} course={course.data} />;
}

/** The course first loaded: refreshing it after a save does not start the form again. */
function LoadedCourse({ course: loaded }: { course: AdminCourse }) {
  const [course] = useState(loaded);
  return <CourseForm course={course} />;
}
