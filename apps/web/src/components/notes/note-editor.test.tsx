import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NOTE_MESSAGES, NOTE_TEXT_MAX, type Note } from '@mlp/contract';
import { json, stubFetch, type RecordedRequest } from '../../test/fetch-stub.ts';
import { buildNote } from '../../test/factories.ts';
import { renderPage } from '../../test/render.tsx';
import { NoteEditor, noteDraftError, versionNotice } from './note-editor.tsx';
import { useQuery } from '@tanstack/react-query';
import { questionNoteQueryOptions } from './notes-api.ts';

/** The editor fed from the question's own note query, as tutor mode would place it. */
function Placed({ questionId }: { questionId: string }) {
  const note = useQuery(questionNoteQueryOptions(questionId));
  if (!note.data) return null;
  return <NoteEditor questionId={questionId} questionNumber={3} note={note.data.note} />;
}

function render(note: Note | null, handlers: Record<string, (request: RecordedRequest) => Response> = {}) {
  window.localStorage.setItem('token', 'learner-token');
  const requests = stubFetch({
    'GET /api/notes/q1': () => json({ note }),
    'PUT /api/notes/q1': (request) =>
      json({ message: 'Note saved', note: buildNote({ text: (request.body as { text: string }).text }) }),
    'DELETE /api/notes/q1': () => new Response(null, { status: 204 }),
    ...handlers,
  });
  renderPage(<Placed questionId="q1" />);
  return { requests, user: userEvent.setup() };
}

describe('noteDraftError', () => {
  it('asks for some text and keeps to the longest note', () => {
    expect(noteDraftError('   ')).toBe(NOTE_MESSAGES.empty);
    expect(noteDraftError('x'.repeat(NOTE_TEXT_MAX + 1))).toBe(NOTE_MESSAGES.tooLong);
    expect(noteDraftError(` ${'x'.repeat(NOTE_TEXT_MAX)} `)).toBeNull();
  });
});

describe('versionNotice', () => {
  it('speaks only when the question changed since the note', () => {
    expect(versionNotice(buildNote())).toBeNull();
    expect(versionNotice(buildNote({ version: 2, currentVersion: 4, questionChanged: true }))).toBe(
      'Written on version 2 of this question; it has been updated since (now version 4).',
    );
  });
});

describe('NoteEditor', () => {
  it("opens from 'Add a note', refuses an empty note, saves with Save and shows the note", async () => {
    const { requests, user } = render(null);
    await user.click(await screen.findByRole('button', { name: 'Add a note (question 3)' }));
    const field = screen.getByRole('textbox', { name: 'Your note' });
    expect(document.activeElement).toBe(field);
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(screen.getByText(NOTE_MESSAGES.empty)).toBeTruthy();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.type(field, '  Beta blockers first  ');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Beta blockers first')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Note saved');
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      text: 'Beta blockers first',
    });
    // The focus goes back to the button that opens the editor again.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit note (question 3)' })),
    );
  });

  it('saves with Ctrl+Enter and cancels with Escape, keeping the note as it was', async () => {
    const { requests, user } = render(buildNote({ text: 'Old words' }));
    await user.click(await screen.findByRole('button', { name: 'Edit note (question 3)' }));
    const field = screen.getByRole('textbox', { name: 'Your note' });
    expect((field as HTMLTextAreaElement).value).toBe('Old words');
    await user.clear(field);
    await user.type(field, 'Thrown away');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Old words')).toBeTruthy();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Edit note (question 3)' }));
    await user.type(screen.getByRole('textbox', { name: 'Your note' }), ' and new');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Old words and new')).toBeTruthy();
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    const { user } = render(null, {
      'PUT /api/notes/q1': () => json({ message: NOTE_MESSAGES.notSeen }, 404),
    });
    await user.click(await screen.findByRole('button', { name: 'Add a note (question 3)' }));
    await user.type(screen.getByRole('textbox', { name: 'Your note' }), 'Kept');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText(NOTE_MESSAGES.notSeen)).toBeTruthy();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your note' }).value).toBe('Kept');
  });

  it('says which version the note was written on, and deletes it after asking', async () => {
    const { requests, user } = render(
      buildNote({ text: 'Written earlier', version: 1, currentVersion: 2, questionChanged: true }),
    );
    expect(await screen.findByText(/Written on version 1 of this question/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete note (question 3)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete note' });
    expect(dialog.textContent).toContain('Delete your note on this question?');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('button', { name: 'Add a note (question 3)' })).toBeTruthy();
    expect(screen.queryByText('Written earlier')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(NOTE_MESSAGES.deleted);
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });
});
