import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import type { Editor } from '@tiptap/react';
import { ARTICLE_CATEGORIES, REQUIRED_FIELDS_MESSAGE, type Article, type ArticleBody } from '@mlp/contract';
import { BackButton, PageLoadFailed, PageSkeleton } from '../../../components/page-loading.tsx';
import { PageHeader } from '../../../components/page-sections.tsx';
import { FormActions } from '../../../components/form/form-controls.tsx';
import { fieldBinding, FormTextField } from '../../../components/form/form-text-field.tsx';
import { useFocusFirstError } from '../../../components/form/focus-first-error.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { adminArticleQueryOptions, useSaveArticleMutation } from '../api/articles-api.ts';
import { useFeedback } from '../../../components/feedback.tsx';
import { UnsavedChangesGuard } from '../../../components/dialogs/unsaved-changes-guard.tsx';
import {
  articleFormSchema,
  categoryLabel,
  REQUIRED_ARTICLE_FIELDS,
  requiredFieldMissing,
  type ArticleFormValues,
} from '../article-rules.ts';
import { GenerateArticleDialog } from './generate-article-dialog.tsx';
import { RichTextEditor, useArticleEditor } from './rich-text-editor.tsx';

/** Spec §2/§9: after a successful save, wait 1.5 seconds, then go to the article list. */
export const REDIRECT_AFTER_SAVE_MS = 1500;

/** The editor's content as the form holds it: its HTML, or '' while it has no words. */
function contentOf(editor: Editor): string {
  return editor.getText().trim() ? editor.getHTML() : '';
}

/** The Category select's handle (MUI's Select gives its `inputRef` one): focuses the visible combobox. */
interface SelectHandle {
  focus: () => void;
}

/**
 * Create (no article) or edit an article: fields, the rich-text editor and AI drafting, on react-hook-form
 * with the contract's rules (articleFormSchema). Leaving with unsaved changes asks first (decision 0024),
 * never after a successful save or when nothing was changed.
 */
export function ArticleForm({ article }: { article?: Article }) {
  const navigate = useNavigate();
  const save = useSaveArticleMutation(article?._id);
  // After a first attempt to save, the editor says whether it is empty (it is made before the form).
  const [attempted, setAttempted] = useState(false);
  const contentErrorId = useId();
  const editor = useArticleEditor(article?.content ?? '', attempted ? contentErrorId : undefined);
  // What the form started with, to tell whether leaving would lose anything: the editor's own HTML of the
  // loaded content, so its normalising of the stored markup does not count as a change.
  const [initial] = useState<ArticleFormValues>(() => ({
    title: article?.title ?? '',
    summary: article?.summary ?? '',
    category: article?.category ?? '',
    status: article?.status ?? 'draft',
    content: contentOf(editor),
  }));
  const form = useForm<ArticleFormValues, unknown, ArticleBody>({
    resolver: zodResolver(articleFormSchema),
    defaultValues: initial,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // Focused once its message shows (useFocusFirstError).
    shouldFocusError: false,
  });
  useFocusFirstError(form, REQUIRED_ARTICLE_FIELDS);
  const { field: title, fieldState: titleState } = useController({ control: form.control, name: 'title' });
  const { field: category, fieldState: categoryState } = useController({
    control: form.control,
    name: 'category',
  });
  const { field: content, fieldState: contentState } = useController({
    control: form.control,
    name: 'content',
  });
  // Stable functions of react-hook-form: what the effects and refs below depend on.
  const { ref: registerTitle } = title;
  const { ref: registerCategory } = category;
  const { ref: registerContent, onChange: changeContent } = content;
  const categoryField = useRef<HTMLDivElement>(null);
  const contentField = useRef<HTMLDivElement>(null);
  const [generating, setGenerating] = useState(false);
  const { feedback, show } = useFeedback();
  const editing = article !== undefined;

  // The editor keeps its own document; the form follows what it holds, and checks it again after a
  // refused save, as it does the other fields.
  useEffect(() => {
    const follow = () => changeContent(contentOf(editor));
    editor.on('update', follow);
    return () => {
      editor.off('update', follow);
    };
  }, [editor, changeContent]);

  // The form's message sits above the fields, often out of sight when saving from below the 500 px
  // editor: the first missing field is scrolled to the middle of the screen (clear of the fixed top bar)
  // and focused, so its own message is seen and read out with it. These are the fields' focus.
  const titleRef = useCallback(
    (input: HTMLInputElement | null) => {
      registerTitle(
        input && {
          focus: () => {
            input.scrollIntoView({ block: 'center' });
            input.focus({ preventScroll: true });
          },
        },
      );
    },
    [registerTitle],
  );
  const categoryRef = useCallback(
    (select: SelectHandle | null) => {
      registerCategory(
        select && {
          focus: () => {
            categoryField.current?.scrollIntoView({ block: 'center' });
            select.focus();
          },
        },
      );
    },
    [registerCategory],
  );
  useEffect(() => {
    registerContent({
      focus: () => {
        // Taller than a small screen: its top (label, message, toolbar) goes to the top, below the bar.
        contentField.current?.scrollIntoView({ block: 'start' });
        editor.commands.focus('start', { scrollIntoView: false });
      },
    });
  }, [registerContent, editor]);

  const saved = save.isSuccess;
  // Nothing to lose once saved (the redirect to the list follows), or while nothing was changed.
  const unsaved = !saved && form.formState.isDirty;
  useEffect(() => {
    if (!saved) return undefined;
    const timer = setTimeout(() => void navigate('/admin/articles'), REDIRECT_AFTER_SAVE_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate]);

  const submit = form.handleSubmit((body) => save.mutate(body));
  const problem = requiredFieldMissing(form.formState.errors) ? REQUIRED_FIELDS_MESSAGE : null;
  const busy = save.isPending || saved;

  return (
    <>
      <PageHeader
        title={editing ? 'Edit Article' : 'Create Article'}
        subtitle={editing ? article.title : 'Write an article, or draft one with AI and review it'}
        actions={
          <Button
            variant="outlined"
            startIcon={<AutoAwesomeIcon />}
            onClick={() => setGenerating(true)}
            disabled={busy}
          >
            Generate with AI
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            setAttempted(true);
            void submit(event);
          }}
          aria-label={editing ? 'Edit Article' : 'Create Article'}
        >
          {saved && (
            <Alert severity="success" sx={{ mb: 1 }}>
              {editing ? 'Article updated successfully!' : 'Article created successfully!'}
            </Alert>
          )}
          {problem && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {problem}
            </Alert>
          )}
          {save.isError && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {errorMessage(save.error, editing ? 'Error updating article' : 'Error creating article')}
            </Alert>
          )}
          <TextField
            label="Title"
            required
            fullWidth
            margin="normal"
            {...fieldBinding(title, titleState)}
            inputRef={titleRef}
          />
          {/* Side by side from 600 px; a Box with a gap keeps the fields' own margins (Stack would reset them). */}
          <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, columnGap: 2 }}>
            <TextField
              select
              label="Category"
              required
              fullWidth
              margin="normal"
              {...fieldBinding(category, categoryState)}
              ref={categoryField}
              inputRef={categoryRef}
            >
              {ARTICLE_CATEGORIES.map((option) => (
                <MenuItem key={option} value={option}>
                  {categoryLabel(option)}
                </MenuItem>
              ))}
            </TextField>
            <FormTextField control={form.control} name="status" label="Status" select>
              <MenuItem value="draft">Draft</MenuItem>
              <MenuItem value="published">Published</MenuItem>
            </FormTextField>
          </Box>
          <FormTextField
            control={form.control}
            name="summary"
            label="Summary"
            required={false}
            multiline
            minRows={2}
            helperText="One or two sentences shown in article lists"
          />
          <RichTextEditor
            ref={contentField}
            editor={editor}
            error={contentState.error?.message}
            errorId={contentErrorId}
          />
          <FormActions
            busy={save.isPending}
            cancelTo="/admin/articles"
            submit={{
              label: editing ? 'Update Article' : 'Create Article',
              busyLabel: 'Saving...',
              spinner: true,
              disabled: saved,
            }}
          />
        </Box>
      </Paper>
      <GenerateArticleDialog
        open={generating}
        onClose={() => setGenerating(false)}
        onGenerated={(generated) => {
          setGenerating(false);
          // After a refused save, the drafted fields are checked again, so their messages follow.
          const fill = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
          form.setValue('title', generated.title, fill);
          form.setValue('summary', generated.summary, fill);
          // The suggested category fills the field only while the administrator has not chosen one.
          form.setValue('category', form.getValues('category') || (generated.category ?? ''), fill);
          editor.commands.setContent(generated.content);
          form.setValue('content', contentOf(editor), fill);
          show('Article drafted. Review it before saving.');
        }}
      />
      <UnsavedChangesGuard when={unsaved} what="this article" />
      {feedback}
    </>
  );
}

/** The edit screen: loads the article, then shows the form filled with it. */
export function EditArticlePage({ articleId }: { articleId: string }) {
  const article = useQuery(adminArticleQueryOptions(articleId));
  if (article.isPending) {
    return <PageSkeleton label="Loading article" titleWidth="40%" blocks={[56, 500]} />;
  }
  if (article.isError) {
    return (
      <PageLoadFailed
        title="Edit Article"
        back={<BackButton to="/admin/articles">Back to articles</BackButton>}
        message={errorMessage(article.error, 'Error fetching article')}
      />
    );
  }
  return <ArticleForm key={article.data._id} article={article.data} />;
}
