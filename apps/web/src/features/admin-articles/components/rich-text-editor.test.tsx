import { useEffect } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { RichTextEditor, useArticleEditor } from './rich-text-editor.tsx';

// jsdom has no layout: ProseMirror scrolls the selection into view after each command.
beforeAll(() => {
  const rects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  const box = () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getClientRects = rects;
  Range.prototype.getBoundingClientRect = box;
  if (!('getClientRects' in Element.prototype)) Object.assign(Element.prototype, { getClientRects: rects });
  document.elementFromPoint = () => null;
});

let current: Editor | null = null;
const capture = (editor: Editor) => {
  current = editor;
};

function Harness({ html }: { html: string }) {
  const editor = useArticleEditor(html);
  useEffect(() => capture(editor), [editor]);
  return <RichTextEditor editor={editor} />;
}

const TABLE_HTML =
  '<p>Doses</p><table><tbody><tr><th><p>Drug</p></th><th><p>Dose</p></th></tr>' +
  '<tr><td><p>Amoxicillin</p></td><td><p>500 mg</p></td></tr></tbody></table>';

describe('RichTextEditor tables', () => {
  it('keeps a table in loaded HTML instead of flattening it', () => {
    render(<Harness html={TABLE_HTML} />);
    const html = current!.getHTML();
    expect(html).toContain('<table');
    expect(html).toMatch(/<th[^>]*><p>Drug<\/p><\/th>/);
    expect(html).toMatch(/<td[^>]*><p>500 mg<\/p><\/td>/);
  });

  it('inserts a 3 × 3 table with a header row, then offers row and column actions', async () => {
    render(<Harness html="<p>Start</p>" />);
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'Add row' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Insert table' }));
    let html = current!.getHTML();
    expect(html.match(/<tr>/g)).toHaveLength(3);
    expect(html.match(/<th[ >]/g)).toHaveLength(3);

    // The cursor is now inside the table: the table actions appear and work.
    await user.click(await screen.findByRole('button', { name: 'Add row' }));
    await user.click(screen.getByRole('button', { name: 'Add column' }));
    html = current!.getHTML();
    expect(html.match(/<tr>/g)).toHaveLength(4);
    expect(html.match(/<th[ >]/g)).toHaveLength(4);

    await user.click(screen.getByRole('button', { name: 'Delete table' }));
    expect(current!.getHTML()).not.toContain('<table');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add row' })).toBeNull());
  });
});

describe('RichTextEditor toolbar', () => {
  it('names each text button with the text it shows (WCAG 2.5.3 label in name)', () => {
    render(<Harness html="<p>Start</p>" />);
    for (const button of screen.getByRole('toolbar', { name: 'Formatting' }).querySelectorAll('button')) {
      const visible = button.textContent?.trim() ?? '';
      if (visible) expect(button.getAttribute('aria-label') ?? visible).toContain(visible);
    }
    // The name starts with what the button shows.
    expect(screen.getByRole('button', { name: 'H2, heading level 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'H3, heading level 3' })).toBeTruthy();
  });
});
