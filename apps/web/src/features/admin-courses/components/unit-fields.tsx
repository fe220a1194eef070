import { useEffect, useState, type HTMLAttributes, type Key, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { type CourseUnitKind, type SittingMode } from '@mlp/contract';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import {
  firstOfferedMode,
  SizeAndModeFields,
  TopicsSelect,
} from '../../../components/form/practice-draw-fields.tsx';
import { StateChip } from '../../../components/table/cells.tsx';
import { courseArticleSearchQueryOptions, courseExamsQueryOptions } from '../api/courses-api.ts';
import {
  type CourseBodyOutput,
  type CourseFormValues,
  type PickedArticle,
} from '../course-rules.ts';

/* The fields of one unit of the course builder, by kind: an article, a practice set or a checkpoint. */

function useCourseForm() {
  return useFormContext<CourseFormValues, unknown, CourseBodyOutput>();
}

/** Waits `ms` after the last change before answering the new value (a search as the user types). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const SEARCH_DELAY_MS = 300;

/** A row of the pickers' lists: the title, which wraps, and a draft/published chip. */
function PickerOption({ title, published }: { title: string; published: boolean | undefined }) {
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, width: '100%' }}
    >
      <Box component="span" sx={{ minWidth: 0 }}>
        {title}
      </Box>
      {published !== undefined && <StateChip on={published} label={published ? 'Published' : 'Draft'} />}
    </Box>
  );
}

/** The pickers' list rows: a `PickerOption` for each, `published` saying which chip it carries. */
function pickerRow<T extends { title: string }>(published: (option: T) => boolean | undefined) {
  return function PickerRow(props: HTMLAttributes<HTMLLIElement> & { key: Key }, option: T) {
    const { key, ...rest } = props;
    return (
      <li key={key} {...rest}>
        <PickerOption title={option.title} published={published(option)} />
      </li>
    );
  };
}

/** A picker's required field: its validation message, else a hint about the choice. */
function PickerInput({
  params,
  label,
  field,
  error,
  hint,
}: {
  params: AutocompleteRenderInputParams;
  label: string;
  field: { ref: Ref<HTMLInputElement> };
  error: { message?: string | undefined } | undefined;
  hint: string;
}) {
  return (
    <TextField
      {...params}
      label={label}
      required
      margin="normal"
      inputRef={field.ref}
      error={Boolean(error)}
      helperText={error?.message ?? hint}
    />
  );
}

interface ArticleOption extends Partial<PickedArticle> {
  _id: string;
  title: string;
}

/** An article unit's article: a search of the administrator's articles (drafts too) by keyword. */
export function ArticlePicker({ index }: { index: number }) {
  const { control, setValue } = useCourseForm();
  const { field, fieldState } = useController({ control, name: `units.${index}.articleId` });
  const picked = useWatch({ control, name: `units.${index}.article` });
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed, SEARCH_DELAY_MS);
  const search = useQuery({ ...courseArticleSearchQueryOptions(keyword), enabled: open });

  const value: ArticleOption | null = field.value
    ? {
        _id: field.value,
        title: picked?.title ?? 'Chosen article',
        ...(picked ? { status: picked.status } : {}),
      }
    : null;
  const found: ArticleOption[] = search.data ?? [];
  // The chosen article stays among the options, so the picker never holds a value it does not list.
  const options = value && !found.some((option) => option._id === value._id) ? [value, ...found] : found;
  const draft = value?.status === 'draft';

  return (
    <Autocomplete
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={value}
      // The server searches; the list is not filtered again here.
      filterOptions={(list) => list}
      getOptionLabel={(option) => option.title}
      getOptionKey={(option) => option._id}
      isOptionEqualToValue={(option, chosen) => option._id === chosen._id}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setTyped(text);
        else if (reason === 'clear') setTyped('');
      }}
      onChange={(_event, option) => {
        setValue(
          `units.${index}.article`,
          option ? { title: option.title, status: option.status ?? 'published' } : null,
        );
        field.onChange(option?._id ?? null);
      }}
      onBlur={field.onBlur}
      loading={search.isFetching}
      loadingText="Searching articles…"
      noOptionsText={keyword ? `No articles found matching "${keyword}"` : 'No articles yet'}
      renderOption={pickerRow((option) =>
        option.status === undefined ? undefined : option.status === 'published',
      )}
      renderInput={(params) => (
        <PickerInput
          params={params}
          label="Article"
          field={field}
          error={fieldState.error}
          hint={
            draft
              ? 'This article is a draft: learners cannot read it until it is published.'
              : 'Type to search your articles by title.'
          }
        />
      )}
    />
  );
}

interface ExamOption {
  _id: string;
  title: string;
  isActive?: boolean;
  /** the sitting modes the exam offers */
  modes?: SittingMode[];
}

/** A practice set's or checkpoint's exam: every exam, draft or published, filtered by title as typed. */
export function ExamPicker({ index, kind }: { index: number; kind: Exclude<CourseUnitKind, 'article'> }) {
  const { control, setValue, getValues } = useCourseForm();
  const { field, fieldState } = useController({ control, name: `units.${index}.examId` });
  const examTitle = useWatch({ control, name: `units.${index}.examTitle` });
  const exams = useQuery(courseExamsQueryOptions());

  const listed: ExamOption[] = exams.data ?? [];
  const chosen = field.value ? listed.find((exam) => exam._id === field.value) : undefined;
  const value: ExamOption | null = field.value
    ? (chosen ?? { _id: field.value, title: examTitle ?? 'Chosen exam' })
    : null;
  const options = value && !chosen ? [value, ...listed] : listed;

  return (
    <Autocomplete
      options={options}
      value={value}
      getOptionLabel={(option) => option.title}
      getOptionKey={(option) => option._id}
      isOptionEqualToValue={(option, picked) => option._id === picked._id}
      onChange={(_event, option) => {
        setValue(`units.${index}.examTitle`, option?.title ?? null);
        if (kind === 'practice') {
          // Another exam's topics mean nothing here, and the mode must be one the exam offers.
          setValue(`units.${index}.topics`, []);
          const modes = option?.modes ?? [];
          const firstMode = firstOfferedMode(modes);
          if (firstMode && !modes.includes(getValues(`units.${index}.mode`))) {
            setValue(`units.${index}.mode`, firstMode);
          }
        }
        field.onChange(option?._id ?? null);
      }}
      onBlur={field.onBlur}
      loading={exams.isPending}
      loadingText="Loading exams…"
      noOptionsText={exams.isError ? 'The exams could not be loaded.' : 'No exams found'}
      renderOption={pickerRow((option) => option.isActive)}
      renderInput={(params) => (
        <PickerInput
          params={params}
          label="Exam"
          field={field}
          error={fieldState.error}
          hint={
            chosen && !chosen.isActive
              ? 'This exam is a draft: learners cannot sit it until it is published.'
              : kind === 'practice'
                ? 'The questions are drawn from this exam.'
                : 'Learners sit this exam in exam mode.'
          }
        />
      )}
    />
  );
}

/** A practice set's topics: several of its exam's topics, or none for all of them. */
export function TopicsField({ index }: { index: number }) {
  const { control } = useCourseForm();
  const examId = useWatch({ control, name: `units.${index}.examId` });
  const exams = useQuery(courseExamsQueryOptions());
  return (
    <TopicsSelect
      control={control}
      name={`units.${index}.topics`}
      examTopics={exams.data?.find((exam) => exam._id === examId)?.topics ?? []}
      examChosen={Boolean(examId)}
    />
  );
}

/** A practice set's size and mode; modes the exam does not offer are off. */
export function PracticeSettings({ index }: { index: number }) {
  const { control } = useCourseForm();
  const examId = useWatch({ control, name: `units.${index}.examId` });
  const exams = useQuery(courseExamsQueryOptions());
  return (
    <SizeAndModeFields
      control={control}
      sizeName={`units.${index}.size`}
      modeName={`units.${index}.mode`}
      offered={exams.data?.find((exam) => exam._id === examId)?.modes}
    />
  );
}

/** A checkpoint's pass mark, in per cent. */
export function PassMarkField({ index }: { index: number }) {
  const { control } = useCourseForm();
  return (
    <FormTextField
      control={control}
      name={`units.${index}.passMark`}
      label="Pass mark (%)"
      type="number"
      helperText="The score that passes, 1 to 100."
      slotProps={{ htmlInput: { min: 1, max: 100, step: 1, inputMode: 'numeric' } }}
      sx={{ maxWidth: { sm: 240 } }}
    />
  );
}
