import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { QuestionHistory, QuestionVersionContent } from '@mlp/contract';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { buildAdminQuestion } from '../../../test/factories.ts';
import { renderPage } from '../../../test/render.tsx';
import { changedFieldsText, imageChanges } from '../history-rules.ts';
import { ExamTopicsDialog } from './exam-topics-dialog.tsx';
import { QuestionHistoryDialog } from './question-history-dialog.tsx';
import { SetTopicBar } from './set-topic-bar.tsx';

/* The panel's content tools (decision 0050): a question's history, the exam's topics, bulk 'Set topic'. */

const EXAM_ID = 'exam-1';
const URL = `/admin/exams/${EXAM_ID}/edit`;

const content = (overrides: Partial<QuestionVersionContent> = {}): QuestionVersionContent => ({
  question: 'Which drug reverses warfarin?',
  options: ['Vitamin K', 'Protamine', 'Idarucizumab', 'Andexanet'],
  correctAnswer: 0,
  explanation: 'Vitamin K restores clotting factor synthesis.',
  rationales: [],
  objective: '',
  references: [],
  topic: 'Anticoagulation',
  image: null,
  explanationImage: null,
  ...overrides,
});

describe('history in words', () => {
  it('names the changed fields and the images that differ', () => {
    expect(changedFieldsText(['correctAnswer', 'topic'])).toBe('Changed: correct answer, topic');
    expect(changedFieldsText([])).toBe('No content changed');
    const image = { hash: 'a', width: 1, height: 1, alt: 'ECG' };
    expect(imageChanges(content(), content({ image }))).toEqual([
      { field: 'image', before: null, after: '“ECG”' },
    ]);
    expect(imageChanges(content({ image }), content({ image }))).toEqual([]);
  });
});

describe('QuestionHistoryDialog', () => {
  const history: QuestionHistory = {
    questionId: 'q1',
    current: 3,
    total: 3,
    page: 1,
    limit: 20,
    older: null,
    versions: [
      {
        version: 3,
        source: 'second-opinion',
        changes: ['correctAnswer', 'rationales'],
        by: 'Ada Admin',
        createdAt: '2026-11-27T09:00:00.000Z',
        restoredFrom: null,
        content: content({ correctAnswer: 2, rationales: ['Slow', '', 'Right: fast', ''] }),
      },
      {
        version: 2,
        source: 'edited',
        changes: ['explanation'],
        by: null,
        createdAt: '2026-11-26T09:00:00.000Z',
        restoredFrom: null,
        content: content(),
      },
      {
        version: 1,
        source: 'created',
        changes: [],
        by: 'Ada Admin',
        createdAt: '2026-11-25T09:00:00.000Z',
        restoredFrom: null,
        content: content({ explanation: 'Old words.' }),
      },
    ],
  };

  it('shows each version with who, how and what changed, and restores an earlier one', async () => {
    const requests = stubFetch({
      [`GET /api/admin/exams/${EXAM_ID}/questions/q1/versions`]: () => json(history),
      [`POST /api/admin/exams/${EXAM_ID}/questions/q1/versions/2/restore`]: () =>
        json({ message: 'Version 2 restored as version 4.', question: buildAdminQuestion({ version: 4 }) }),
    });
    window.localStorage.setItem('adminToken', 'admin-token');
    const onRestored = vi.fn();
    renderPage(
      <QuestionHistoryDialog
        open
        examId={EXAM_ID}
        questionId="q1"
        label="Question 7"
        onClose={() => undefined}
        onRestored={onRestored}
      />,
      { url: URL },
    );
    const dialog = await screen.findByRole('dialog', { name: /History/ });
    const newest = await within(dialog).findByRole('article', { name: 'Version 3 (current)' });
    expect(within(newest).getByText(/^AI suggestion applied · Ada Admin · /)).toBeTruthy();
    expect(within(newest).getByText('Changed: correct answer, rationales')).toBeTruthy();
    expect(within(newest).getByText('Correct answer: A → C')).toBeTruthy();
    // The current version cannot be restored; an edit by a deleted administrator says 'System'.
    expect(within(newest).queryByRole('button', { name: 'Restore this version' })).toBeNull();
    const second = within(dialog).getByRole('article', { name: 'Version 2' });
    expect(within(second).getByText(/^Edited · System · /)).toBeTruthy();
    // Its explanation's change against version 1: the old words struck through, the new ones underlined.
    const removed = [...second.querySelectorAll('del')].map((del) => del.textContent).join(' ');
    const added = [...second.querySelectorAll('ins')].map((ins) => ins.textContent).join(' ');
    expect(removed).toContain('Old');
    expect(added).toContain('Vitamin');

    await userEvent.setup().click(within(second).getByRole('button', { name: 'Restore this version' }));
    await waitFor(() => expect(onRestored).toHaveBeenCalledWith('Version 2 restored as version 4.'));
    expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/versions/2/restore'))).toBe(true);
  });
});

describe('ExamTopicsDialog', () => {
  it('lists topics with their question counts, renames one and removes one saying where its questions go', async () => {
    let topics = [
      { name: 'Cardio', questionCount: 4 },
      { name: 'Renal', questionCount: 2 },
    ];
    const requests = stubFetch({
      [`GET /api/admin/exams/${EXAM_ID}/topics`]: () => json({ topics, untagged: 1 }),
      [`POST /api/admin/exams/${EXAM_ID}/topics/rename`]: () => {
        topics = [{ name: 'Cardiology', questionCount: 4 }, topics[1]!];
        return json({
          message: 'Topic "Cardio" renamed to "Cardiology" (4 questions)',
          topics: { topics, untagged: 1 },
        });
      },
      [`POST /api/admin/exams/${EXAM_ID}/topics/remove`]: () =>
        json({
          message: 'Topic "Renal" removed (2 questions moved to "Cardiology")',
          topics: { topics, untagged: 1 },
        }),
    });
    window.localStorage.setItem('adminToken', 'admin-token');
    const onChanged = vi.fn();
    renderPage(<ExamTopicsDialog open examId={EXAM_ID} onClose={() => undefined} onChanged={onChanged} />, {
      url: URL,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Topics' });
    expect(await within(dialog).findByText('4 questions')).toBeTruthy();
    expect(within(dialog).getByText('Without a topic (General): 1 question')).toBeTruthy();
    const user = userEvent.setup();

    await user.click(within(dialog).getByRole('button', { name: 'Actions for the topic Cardio' }));
    await user.click(screen.getByRole('menuitem', { name: 'Rename…' }));
    const form = within(dialog).getByRole('form', { name: 'Rename “Cardio”' });
    expect(within(form).getByText(/Its 4 questions keep the topic under its new name/)).toBeTruthy();
    const name = within(form).getByRole('textbox', { name: 'New name' });
    await user.clear(name);
    await user.click(within(form).getByRole('button', { name: 'Rename' }));
    expect(within(form).getByText('A topic name is required')).toBeTruthy();
    await user.type(name, 'Cardiology');
    await user.click(within(form).getByRole('button', { name: 'Rename' }));
    await waitFor(() =>
      expect(onChanged).toHaveBeenCalledWith('Topic "Cardio" renamed to "Cardiology" (4 questions)'),
    );
    expect(requests.find((r) => r.path.endsWith('/topics/rename'))?.body).toEqual({
      from: 'Cardio',
      to: 'Cardiology',
    });

    await user.click(await within(dialog).findByRole('button', { name: 'Actions for the topic Renal' }));
    await user.click(screen.getByRole('menuitem', { name: 'Remove…' }));
    const removal = within(dialog).getByRole('form', { name: 'Remove “Renal”' });
    await user.click(within(removal).getByRole('combobox', { name: 'Move its questions to' }));
    await user.click(screen.getByRole('option', { name: 'Cardiology' }));
    await user.click(within(removal).getByRole('button', { name: 'Remove topic' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path.endsWith('/topics/remove'))?.body).toEqual({
        name: 'Renal',
        moveTo: 'Cardiology',
      }),
    );
  });

  it("shows the server's refusal and keeps the form", async () => {
    stubFetch({
      [`GET /api/admin/exams/${EXAM_ID}/topics`]: () =>
        json({ topics: [{ name: 'ECG', questionCount: 0 }], untagged: 0 }),
      [`POST /api/admin/exams/${EXAM_ID}/topics`]: () =>
        json({ message: '"ECG" is already one of this exam\'s topics.' }, 409),
    });
    window.localStorage.setItem('adminToken', 'admin-token');
    renderPage(<ExamTopicsDialog open examId={EXAM_ID} onClose={() => undefined} onChanged={vi.fn()} />, {
      url: URL,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Topics' });
    const user = userEvent.setup();
    await user.type(await within(dialog).findByRole('textbox', { name: 'New topic' }), 'ecg');
    await user.click(within(dialog).getByRole('button', { name: 'Add topic' }));
    expect(await within(dialog).findByText('"ECG" is already one of this exam\'s topics.')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'New topic' })).toHaveProperty('value', 'ecg');
  });
});

/** The bar with the page's selection state, as the editor holds it. */
function Bar({ onDone }: { onDone: (message: string) => void }) {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <SetTopicBar
      examId={EXAM_ID}
      topics={['Cardio', 'Renal']}
      shown={['q1', 'q2']}
      selected={selected}
      onSelect={setSelected}
      onDone={onDone}
    />
  );
}

describe('SetTopicBar', () => {
  it('selects the page, files the chosen questions under a topic, and clears the selection', async () => {
    const requests = stubFetch({
      [`POST /api/admin/exams/${EXAM_ID}/questions/topic`]: () =>
        json({ message: '2 questions filed under "Renal"', updated: 2 }),
    });
    window.localStorage.setItem('adminToken', 'admin-token');
    const onDone = vi.fn();
    renderPage(<Bar onDone={onDone} />, { url: URL });
    const user = userEvent.setup();
    expect(screen.getByText('Select questions to set their topic together.')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Topic' }));
    await user.click(screen.getByRole('option', { name: 'Renal' }));
    await user.click(screen.getByRole('button', { name: 'Set topic' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('2 questions filed under "Renal"'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      questionIds: ['q1', 'q2'],
      topic: 'Renal',
    });
    expect(screen.getByText('Select questions to set their topic together.')).toBeTruthy();
  });
});
