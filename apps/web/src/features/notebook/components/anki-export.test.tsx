import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANKI_MESSAGES } from '@mlp/contract';
import { stubDownload } from '../../../test/download.ts';
import { fileAnswer, json, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { AnkiExport } from './anki-export.tsx';

const counts = { total: 10, unused: 2, wrong: 3, omitted: 1, flagged: 2 };
const options = () =>
  json({
    exams: [
      { _id: 'e1', title: 'Cardiology Basics', ...counts, topics: [] },
      { _id: 'e2', title: 'Renal Finals', ...counts, topics: [] },
    ],
  });

function render(file: (request: RecordedRequest) => Response) {
  window.localStorage.setItem('token', 'learner-token');
  const requests = stubFetch({
    'GET /api/practice-sets/options': options,
    'GET /api/notes/export/anki': file,
  });
  renderPage(<AnkiExport />);
  return { requests, user: userEvent.setup() };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AnkiExport', () => {
  it('downloads the chosen questions of the chosen exam as the file the server names', async () => {
    const { created, clicked } = stubDownload('blob:anki');
    const { requests, user } = render(() =>
      fileAnswer('#separator:tab\n', 'anki-flagged-questions-2026-12-01.txt'),
    );
    await user.click(screen.getByRole('button', { name: 'Take it to Anki' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take it to Anki' });
    expect(dialog.textContent).toContain('the 1,000 most recent at most');
    expect(
      within(dialog).getByRole<HTMLInputElement>('radio', { name: 'Questions I answered wrongly last time' })
        .checked,
    ).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: 'Questions I flagged' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Exam' }));
    await user.click(await screen.findByRole('option', { name: 'Renal Finals' }));
    await user.click(within(dialog).getByRole('button', { name: 'Download file' }));

    expect(await screen.findByText(/Your Anki file is downloading/)).toBeTruthy();
    const call = requests.find((request) => request.path === '/api/notes/export/anki');
    expect(call?.search).toBe('?source=flagged&examId=e2');
    // The downloaded file, handed to the browser once (web tests share a page: other code may make object
    // URLs of its own meanwhile, so only this file's are counted).
    const files = created.mock.calls.filter(([file]) => (file as Blob).size === '#separator:tab\n'.length);
    expect(files).toHaveLength(1);
    expect(clicked).toHaveBeenCalledOnce();
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('anki-flagged-questions-2026-12-01.txt');
  });

  it('says when there is nothing to export and keeps the dialog open', async () => {
    const { user } = render(() => json({ message: ANKI_MESSAGES.nothing }, 404));
    await user.click(screen.getByRole('button', { name: 'Take it to Anki' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take it to Anki' });
    await user.click(within(dialog).getByRole('button', { name: 'Download file' }));
    expect(await within(dialog).findByText(ANKI_MESSAGES.nothing)).toBeTruthy();
  });
});
