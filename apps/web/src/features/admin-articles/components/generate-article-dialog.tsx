import type { FormEvent } from 'react';
import type { GeneratedArticle } from '@mlp/contract';
import { AiDraftDialog, useAiDraftForm } from '../../../components/admin/ai-draft-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useGenerateArticleMutation } from '../api/articles-api.ts';

/** Spec §8: 'Failed to generate article: {reason}', the reason being the server's message when it sent one. */
export function generateArticleError(error: unknown): string {
  const reason =
    error instanceof ApiError
      ? (error.serverMessage ?? error.message)
      : error instanceof Error
        ? error.message
        : 'Unknown error';
  return `Failed to generate article: ${reason}`;
}

/**
 * Spec §2 'Generate with AI': a prompt (required); the draft fills the form for review, its category only
 * while none is chosen (decision 0011, addendum 2026-11-27).
 */
export function GenerateArticleDialog({
  open,
  onClose,
  onGenerated,
}: {
  open: boolean;
  onClose: () => void;
  onGenerated: (article: GeneratedArticle) => void;
}) {
  const generate = useGenerateArticleMutation();
  const { prompt, setPrompt, problem, setProblem, dialog } = useAiDraftForm(generate, onClose);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog is rendered inside the article form's React tree: keep this submit to ourselves.
    event.stopPropagation();
    if (!prompt.trim()) {
      setProblem('Please enter a prompt');
      return;
    }
    setProblem(null);
    generate.mutate(prompt.trim(), {
      onSuccess: (article) => {
        generate.reset();
        setPrompt('');
        onGenerated(article);
      },
    });
  };

  return (
    <AiDraftDialog
      {...dialog}
      open={open}
      title="Generate with AI"
      description="Describe the article. The draft replaces the title, summary and content in the form, and fills in a category if none is chosen, for you to review before saving."
      promptInvalid={Boolean(problem)}
      placeholder="e.g. Revision tips for the MRCP Part 1 exam"
      error={problem ?? (generate.isError ? generateArticleError(generate.error) : null)}
      progress={{
        label: 'Generating article',
        text: 'Writing the article... This can take up to a minute.',
        sx: { mt: 1 },
      }}
      onSubmit={submit}
    />
  );
}
