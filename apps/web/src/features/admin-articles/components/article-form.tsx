import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { useEditorState } from '@tiptap/react';
import { ARTICLE_CATEGORIES, REQUIRED_FIELDS_MESSAGE, type Article } from '@mlp/contract';
import { PageHeader } from '../../../components/page-sections.tsx';
import { FormActions } from '../../../components/form/form-controls.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { adminArticleQueryOptions, useSaveArticleMutation } from '../api/articles-api.ts';
import { useFeedback } from '../../../components/feedback.tsx';
import { UnsavedChangesGuard } from '../../../components/dialogs/unsaved-changes-guard.tsx';
import {
  categoryLabel,
  FIELD_REQUIRED_TEXT,
  missingArticleFields,
  type ArticleDraft,
  type RequiredArticleField,
} from '../article-rules.ts';
import { GenerateArticleDialog } from './generate-article-dialog.tsx';
import { RichTextEditor, useArticleEditor } from './rich-text-editor.tsx';

/** Spec §2/§9: after a successful save, wait 1.5 seconds, then go to the article list. */
export const REDIRECT_AFTER_SAVE_MS = 1500;

function draftOf(article: Article | undefined): ArticleDraft {
  return {
    title: article?.title ?? '',
    summary: article?.summary ?? '',
    category: article?.category ?? '',
    status: article?.status ?? 'draft',
  };
}

function draftChanged(draft: ArticleDraft, start: ArticleDraft): boolean {
  return (
    draft.title !== start.title ||
    draft.summary !== start.summary ||
    draft.category !== start.category ||
    draft.status !== start.status
  );
}

/** The Category select's handle (MUI's Select gives its `inputRef` one): focuses the visible combobox. */
interface SelectHandle {
  focus: () => void;
}

/**
 * Create (no article) or edit an article: fields, the rich-text editor and AI drafting. Leaving with
 * unsaved changes asks first (decision 0024), never after a successful save or when nothing was changed.
 */
export function ArticleForm({ article }: { article?: Article }) {
  const navigate = useNavigate();
  const save = useSaveArticleMutation(article?._id);
  // After a first attempt to save, the required-fields messages follow what is filled in.
  const [attempted, setAttempted] = useState(false);
  const contentErrorId = useId();
  const editor = useArticleEditor(article?.content ?? '', attempted ? contentErrorId : undefined);
  const [draft, setDraft] = useState<ArticleDraft>(() => draftOf(article));
  // What the form started with, to tell whether leaving would lose anything. The editor's own HTML of
  // the loaded content, so its normalising of the stored markup does not count as a change.
  const [initial] = useState(() => ({ draft: draftOf(article), html: editor.getHTML() }));
  // The missing field to take the focus once the render showing its message is on screen (a new object
  // per failed save, so saving twice focuses twice).
  const [focusRequest, setFocusRequest] = useState<{ field: RequiredArticleField } | null>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const categoryField = useRef<HTMLDivElement>(null);
  const categoryInput = useRef<SelectHandle>(null);
  const contentField = useRef<HTMLDivElement>(null);
  const [generating, setGenerating] = useState(false);
  const { feedback, show } = useFeedback();
  const editing = article !== undefined;
  // The editor does not re-render this form as the author types; this follows just its emptiness.
  const contentEmpty = useEditorState({
    editor,
    selector: ({ editor: current }) => !current.getText().trim(),
  });

  const contentChanged = useEditorState({
    editor,
    selector: ({ editor: current }) => current.getHTML() !== initial.html,
  });

  const missing = attempted ? missingArticleFields(draft, contentEmpty ? '' : 'content') : [];
  const problem = missing.length > 0 ? REQUIRED_FIELDS_MESSAGE : null;
  const missingText = (name: RequiredArticleField) =>
    missing.includes(name) ? FIELD_REQUIRED_TEXT[name] : undefined;

  const saved = save.isSuccess;
  // Nothing to lose once saved (the redirect to the list follows), or while nothing was changed.
  const unsaved = !saved && (contentChanged || draftChanged(draft, initial.draft));
  useEffect(() => {
    if (!saved) return undefined;
    const timer = setTimeout(() => void navigate('/admin/articles'), REDIRECT_AFTER_SAVE_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate]);

  // The form's message sits above the fields, often out of sight when saving from below the 500 px
  // editor: the first missing field is scrolled to the middle of the screen (clear of the fixed top bar)
  // and focused, so its own message is seen and read out with it.
  useEffect(() => {
    if (!focusRequest) return;
    if (focusRequest.field === 'title') {
      titleInput.current?.scrollIntoView({ block: 'center' });
      titleInput.current?.focus({ preventScroll: true });
    } else if (focusRequest.field === 'category') {
      categoryField.current?.scrollIntoView({ block: 'center' });
      categoryInput.current?.focus();
    } else {
      // Taller than a small screen: its top (label, message, toolbar) goes to the top, below the bar.
      contentField.current?.scrollIntoView({ block: 'start' });
      editor.commands.focus('start', { scrollIntoView: false });
    }
  }, [focusRequest, editor]);

  /** A field's full width, normal margin and value in the draft. */
  const field = (name: 'title' | 'summary' | 'category' | 'status') => ({
    fullWidth: true,
    margin: 'normal' as const,
    value: draft[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setDraft((current) => ({ ...current, [name]: event.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const [firstMissing] = missingArticleFields(draft, editor.getText());
    if (firstMissing || !draft.category) {
      setFocusRequest({ field: firstMissing ?? 'category' });
      return;
    }
    save.mutate({
      title: draft.title.trim(),
      summary: draft.summary.trim(),
      category: draft.category,
      content: editor.getHTML(),
      status: draft.status,
    });
  };

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
          onSubmit={submit}
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
            {...field('title')}
            inputRef={titleInput}
            error={missing.includes('title')}
            helperText={missingText('title')}
          />
          {/* Side by side from 600 px; a Box with a gap keeps the fields' own margins (Stack would reset them). */}
          <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, columnGap: 2 }}>
            <TextField
              select
              label="Category"
              required
              {...field('category')}
              ref={categoryField}
              inputRef={categoryInput}
              error={missing.includes('category')}
              helperText={missingText('category')}
            >
              {ARTICLE_CATEGORIES.map((category) => (
                <MenuItem key={category} value={category}>
                  {categoryLabel(category)}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label="Status" required {...field('status')}>
              <MenuItem value="draft">Draft</MenuItem>
              <MenuItem value="published">Published</MenuItem>
            </TextField>
          </Box>
          <TextField
            label="Summary"
            multiline
            minRows={2}
            {...field('summary')}
            helperText="One or two sentences shown in article lists"
          />
          <RichTextEditor
            ref={contentField}
            editor={editor}
            error={missingText('content')}
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
          // The suggested category fills the field only while the administrator has not chosen one.
          setDraft((current) => ({
            ...current,
            title: generated.title,
            summary: generated.summary,
            category: current.category || (generated.category ?? ''),
          }));
          editor.commands.setContent(generated.content);
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
    return (
      <Stack spacing={2} role="status" aria-label="Loading article">
        <Skeleton variant="text" width="40%" height={56} />
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={500} />
      </Stack>
    );
  }
  if (article.isError) {
    return (
      <>
        <PageHeader
          title="Edit Article"
          actions={
            <Button component={RouterLink} to="/admin/articles">
              Back to articles
            </Button>
          }
        />
        <Alert severity="error">{errorMessage(article.error, 'Error fetching article')}</Alert>
      </>
    );
  }
  return <ArticleForm key={article.data._id} article={article.data} />;
}
