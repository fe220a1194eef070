import { useId, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { TableKit } from '@tiptap/extension-table';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import CodeIcon from '@mui/icons-material/Code';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import InsertLinkIcon from '@mui/icons-material/InsertLink';
import RedoIcon from '@mui/icons-material/Redo';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import { FormAlert } from '../../../components/form/form-controls.tsx';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { normaliseLinkUrl } from '../article-rules.ts';

/** Spec §2: the 'Article Content' editor is 500 px high. */
export const EDITOR_HEIGHT = 500;

/** Room above the editor scrolled into view: the admin layout's fixed top bar (64 px) and a gap. */
const SCROLL_MARGIN = '88px';

/*
 * TipTap with StarterKit v3 (headings, lists, bold, italic, underline, links, blockquote, code, history)
 * and TableKit (tables with a header row; rows and columns added and removed from the toolbar while the
 * cursor is in a table). Column resizing is off: the server's sanitiser drops inline styles anyway.
 */

/**
 * The article editor instance, created once with the article's HTML. While `requiredErrorId` is given
 * (the form has tried to save), an editor without text says it is invalid and is described by that
 * message. The editor works this out from its own document: the form only learns the editor's emptiness
 * after the editor exists.
 */
export function useArticleEditor(initialContent: string, requiredErrorId?: string): Editor {
  return useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['mailto'],
          // Only http, https and mailto links (the server's sanitiser agrees).
          isAllowedUri: (url, { defaultValidate }) => defaultValidate(url) && normaliseLinkUrl(url) !== null,
        },
      }),
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: initialContent,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      // A function of the state, so ProseMirror recomputes it on every change of the document.
      attributes: (state) => ({
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': 'Article Content',
        'aria-required': 'true',
        ...(requiredErrorId && !state.doc.textContent.trim()
          ? { 'aria-invalid': 'true', 'aria-describedby': requiredErrorId }
          : {}),
      }),
    },
  });
}

/**
 * An icon or short-text toolbar button named by `label`. A button showing text (H2) must have that text
 * in its name too (WCAG 2.5.3 label in name, axe's label-content-name-mismatch), so speech users can say
 * what they see; the name starts with it, as the W3C's understanding of 2.5.3 advises.
 */
function ToolbarButton({
  label,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  /** Formatting toggles say whether they are on; one-off actions (undo, redo) leave it out. */
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const button = (
    <IconButton
      size="small"
      aria-label={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      // Keep the editor's selection when a toolbar button is clicked.
      onMouseDown={(event) => event.preventDefault()}
      sx={{
        borderRadius: 1,
        minWidth: 34,
        color: pressed ? 'primary.main' : 'text.primary',
        bgcolor: pressed ? 'action.selected' : undefined,
        fontWeight: 700,
        fontSize: '0.85rem',
      }}
    >
      {children}
    </IconButton>
  );
  return disabled ? (
    button
  ) : (
    <Tooltip title={label} describeChild>
      {button}
    </Tooltip>
  );
}

/** A worded toolbar action (table editing), shown only while it applies. */
function ToolbarTextButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      size="small"
      onClick={onClick}
      onMouseDown={(event) => event.preventDefault()}
      sx={{ textTransform: 'none', minWidth: 0, px: 1 }}
    >
      {label}
    </Button>
  );
}

function LinkDialog({
  open,
  initialUrl,
  onClose,
  onApply,
}: {
  open: boolean;
  initialUrl: string;
  onClose: () => void;
  onApply: (url: string | null) => void;
}) {
  const [url, setUrl] = useState(initialUrl);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Stop the submit reaching the article form around the editor.
    event.stopPropagation();
    if (!url.trim()) {
      onApply(null);
      return;
    }
    const normalised = normaliseLinkUrl(url);
    if (!normalised) {
      setProblem('Enter a link starting with http://, https:// or mailto:');
      return;
    }
    onApply(normalised);
  };

  return (
    <FormDialog
      open={open}
      title="Insert Link"
      onSubmit={submit}
      onCancel={onClose}
      submit={{ label: 'Apply' }}
      dialog={{ maxWidth: 'xs' }}
    >
      <FormAlert message={problem} />
      <TextField
        label="URL"
        fullWidth
        margin="normal"
        autoFocus
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        placeholder="https://www.nice.org.uk"
        helperText="http, https or mailto links. Leave empty to remove the link."
      />
    </FormDialog>
  );
}

function Toolbar({ editor, editorId }: { editor: Editor; editorId: string }) {
  const [linkDialog, setLinkDialog] = useState<{ open: boolean; url: string; key: number }>({
    open: false,
    url: '',
    key: 0,
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
      code: current.isActive('code'),
      link: current.isActive('link'),
      table: current.isActive('table'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });

  const chain = () => editor.chain().focus();

  const openLinkDialog = () => {
    const href = editor.getAttributes('link').href as string | undefined;
    setLinkDialog((current) => ({ open: true, url: href ?? '', key: current.key + 1 }));
  };

  const applyLink = (url: string | null) => {
    setLinkDialog((current) => ({ ...current, open: false }));
    if (url === null) {
      chain().extendMarkRange('link').unsetLink().run();
      return;
    }
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: insert the address itself as the link text.
      chain()
        .insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] })
        .run();
      return;
    }
    chain().extendMarkRange('link').setLink({ href: url }).run();
  };

  return (
    <Box
      role="toolbar"
      aria-label="Formatting"
      aria-controls={editorId}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 0.5,
        p: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'grey.50',
      }}
    >
      <ToolbarButton
        label="H2, heading level 2"
        pressed={state.h2}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      >
        H2
      </ToolbarButton>
      <ToolbarButton
        label="H3, heading level 3"
        pressed={state.h3}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      >
        H3
      </ToolbarButton>
      <Divider orientation="vertical" flexItem />
      <ToolbarButton label="Bold" pressed={state.bold} onClick={() => chain().toggleBold().run()}>
        <FormatBoldIcon fontSize="small" />
      </ToolbarButton>
      <ToolbarButton label="Italic" pressed={state.italic} onClick={() => chain().toggleItalic().run()}>
        <FormatItalicIcon fontSize="small" />
      </ToolbarButton>
      <ToolbarButton
        label="Underline"
        pressed={state.underline}
        onClick={() => chain().toggleUnderline().run()}
      >
        <FormatUnderlinedIcon fontSize="small" />
      </ToolbarButton>
      <ToolbarButton label="Inline code" pressed={state.code} onClick={() => chain().toggleCode().run()}>
        <CodeIcon fontSize="small" />
      </ToolbarButton>
      <Divider orientation="vertical" flexItem />
      <ToolbarButton
        label="Bullet list"
        pressed={state.bulletList}
        onClick={() => chain().toggleBulletList().run()}
      >
        <FormatListBulletedIcon fontSize="small" />
      </ToolbarButton>
      <ToolbarButton
        label="Numbered list"
        pressed={state.orderedList}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <FormatListNumberedIcon fontSize="small" />
      </ToolbarButton>
      <ToolbarButton
        label="Quote"
        pressed={state.blockquote}
        onClick={() => chain().toggleBlockquote().run()}
      >
        <FormatQuoteIcon fontSize="small" />
      </ToolbarButton>
      <ToolbarButton label="Link" pressed={state.link} onClick={openLinkDialog}>
        <InsertLinkIcon fontSize="small" />
      </ToolbarButton>
      <ToolbarButton
        label="Insert table"
        disabled={state.table}
        onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
      >
        <TableChartOutlinedIcon fontSize="small" />
      </ToolbarButton>
      {state.table && (
        <>
          <ToolbarTextButton label="Add row" onClick={() => chain().addRowAfter().run()} />
          <ToolbarTextButton label="Add column" onClick={() => chain().addColumnAfter().run()} />
          <ToolbarTextButton label="Delete row" onClick={() => chain().deleteRow().run()} />
          <ToolbarTextButton label="Delete column" onClick={() => chain().deleteColumn().run()} />
          <ToolbarTextButton label="Delete table" onClick={() => chain().deleteTable().run()} />
        </>
      )}
      <Divider orientation="vertical" flexItem />
      <ToolbarButton label="Undo" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <UndoIcon fontSize="small" />
      </ToolbarButton>
      <ToolbarButton label="Redo" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        <RedoIcon fontSize="small" />
      </ToolbarButton>
      <LinkDialog
        key={linkDialog.key}
        open={linkDialog.open}
        initialUrl={linkDialog.url}
        onClose={() => setLinkDialog((current) => ({ ...current, open: false }))}
        onApply={applyLink}
      />
    </Box>
  );
}

/**
 * Spec §2: the rich-text 'Article Content' editor (500 px high) with its formatting toolbar. `error` shows
 * between the label and the toolbar rather than under the 500 px box, where it would often be off screen
 * while the editor has the focus; `errorId` is its id (the one given to `useArticleEditor`). `ref` is the
 * whole field, for scrolling it into view.
 */
export function RichTextEditor({
  editor,
  error,
  errorId,
  ref,
}: {
  editor: Editor;
  error?: string | null;
  errorId?: string;
  ref?: Ref<HTMLDivElement>;
}) {
  const labelId = useId();
  const editorId = useId();
  return (
    <Box ref={ref} sx={{ mt: 2, scrollMarginTop: SCROLL_MARGIN }}>
      <Box
        id={labelId}
        component="p"
        sx={{ m: 0, mb: 0.5, color: error ? 'error.main' : 'text.secondary', fontSize: '0.875rem' }}
        onClick={() => editor.commands.focus()}
      >
        Article Content *
      </Box>
      {error && (
        <Box component="p" id={errorId} sx={{ color: 'error.main', fontSize: '0.75rem', m: 0, mb: 0.5 }}>
          {error}
        </Box>
      )}
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'grey.400',
          borderRadius: 1,
          overflow: 'hidden',
          // As MUI's own fields: an error stays red while the editor has the focus.
          '&:focus-within': {
            borderColor: error ? 'error.main' : 'primary.main',
            boxShadow: (theme) =>
              `0 0 0 1px ${error ? theme.palette.error.main : theme.palette.primary.main}`,
          },
        }}
      >
        <Toolbar editor={editor} editorId={editorId} />
        <Box
          id={editorId}
          sx={{
            height: EDITOR_HEIGHT,
            overflowY: 'auto',
            cursor: 'text',
            '& .ProseMirror': {
              minHeight: '100%',
              p: 2,
              outline: 'none',
              lineHeight: 1.6,
              '& > *:first-of-type': { mt: 0 },
              '& h2': { fontSize: '1.5rem', fontWeight: 600, mt: 3, mb: 1 },
              '& h3': { fontSize: '1.2rem', fontWeight: 600, mt: 2.5, mb: 1 },
              '& blockquote': { borderLeft: 4, borderColor: 'divider', m: 0, pl: 2, color: 'text.secondary' },
              '& code': { bgcolor: 'grey.100', px: 0.5, borderRadius: 0.5, fontSize: '0.9em' },
              '& pre': { bgcolor: 'grey.100', p: 1.5, borderRadius: 1, overflowX: 'auto' },
              '& a': { color: 'primary.main', textDecoration: 'underline' },
              '& table': { borderCollapse: 'collapse', width: '100%', my: 2, tableLayout: 'fixed' },
              '& td, & th': {
                border: 1,
                borderColor: 'grey.400',
                p: 0.75,
                verticalAlign: 'top',
                position: 'relative',
              },
              '& th': { bgcolor: 'grey.100', fontWeight: 600, textAlign: 'left' },
              '& td p, & th p': { m: 0 },
              '& .selectedCell::after': {
                content: '""',
                position: 'absolute',
                inset: 0,
                bgcolor: 'action.selected',
                pointerEvents: 'none',
              },
            },
          }}
          onClick={(event) => {
            if (event.target === event.currentTarget) editor.commands.focus('end');
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
    </Box>
  );
}
