import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub.ts';
import { renderPage } from '../../test/render.tsx';
import { ReportQuestionButton, reportDraftError } from './report-question-button.tsx';

describe('reportDraftError', () => {
  it('asks for a reason, and for details when the reason is "other"', () => {
    expect(reportDraftError({ reason: '', details: '', notify: true })?.message).toBe(
      'Choose what is wrong with the question',
    );
    expect(reportDraftError({ reason: 'other', details: '  ', notify: true })?.message).toBe(
      'Tell us what is wrong with the question',
    );
    expect(reportDraftError({ reason: 'typo', details: '', notify: false })).toBeNull();
  });
});

describe('ReportQuestionButton', () => {
  it('checks the form, sends the report with the result, and then says thank you', async () => {
    window.localStorage.setItem('token', 'learner-token');
    const requests = stubFetch({
      'POST /api/questions/q1/reports': () =>
        json({ message: 'Thank you. An administrator will look at this question.' }, 201),
    });
    const user = userEvent.setup();
    renderPage(<ReportQuestionButton questionId="q1" resultId="r1" questionNumber={3} />);

    await user.click(screen.getByRole('button', { name: 'Report a problem with this question (question 3)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem with this question' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Choose what is wrong with the question')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Tell us what is wrong with the question')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Details' }), 'The image is missing');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Email me when it has been looked at' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('Thank you. An administrator will look at this question.')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      reason: 'other',
      details: 'The image is missing',
      notify: false,
      resultId: 'r1',
    });
  });

  it("shows the server's refusal inside the dialog", async () => {
    window.localStorage.setItem('token', 'learner-token');
    stubFetch({
      'POST /api/questions/q1/reports': () =>
        json({ message: 'You have already reported this question. An administrator will look at it.' }, 409),
    });
    const user = userEvent.setup();
    renderPage(<ReportQuestionButton questionId="q1" questionNumber={1} />);
    await user.click(screen.getByRole('button', { name: 'Report a problem with this question (question 1)' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'There is a typo or formatting problem' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(
      await within(dialog).findByText('You have already reported this question. An administrator will look at it.'),
    ).toBeTruthy();
  });
});
