import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SiteSettings } from '@mlp/contract';
import { signInAdmin } from '../../../test/admin-session.ts';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { buildAdminExamDetail, buildSiteSettings } from '../../../test/factories.ts';
import { renderPage } from '../../../test/render.tsx';
import { CreateExamForm } from './create-exam-form.tsx';
import { EXAM_CREATION_OFF, PUBLISH_ON_CREATE_HINT } from '../exam-rules.ts';
import { ExamsPage } from './exams-page.tsx';

const settings = (examCreationEnabled: boolean): SiteSettings =>
  buildSiteSettings({
    siteName: 'Medical Learning Platform',
    contactEmail: 'support@example.com',
    examCreationEnabled,
  });

/** The element whose whole text is `text` (the reason's 'Settings' is a link inside it). */
const wholeText = (text: string) => (_content: string, element: Element | null) =>
  element?.textContent === text && Array.from(element.children).every((child) => child.textContent !== text);

describe("Manage Exams' Create Exam (decision 0024)", () => {
  it('links to the create page while exam creation is on', async () => {
    signInAdmin();
    stubFetch({
      'GET /api/admin/exams': () => json({ exams: [] }),
      'GET /api/admin/settings': () => json(settings(true)),
    });
    renderPage(<ExamsPage />, { url: '/admin/exams' });
    const link = await screen.findByRole('link', { name: 'Create Exam' });
    expect(link.getAttribute('href')).toBe('/admin/exams/create');
  });

  it('is disabled, with the reason and a link to Settings, while exam creation is off', async () => {
    signInAdmin();
    stubFetch({
      'GET /api/admin/exams': () => json({ exams: [] }),
      'GET /api/admin/settings': () => json(settings(false)),
    });
    renderPage(<ExamsPage />, { url: '/admin/exams' });
    const button = await screen.findByRole('button', { name: 'Create Exam' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('link', { name: 'Create Exam' })).toBeNull();
    const reason = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(EXAM_CREATION_OFF);
    expect(within(reason!).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(
      '/admin/settings',
    );
  });
});

describe('Create New Exam', () => {
  it('shows the reason instead of the form while exam creation is off', async () => {
    signInAdmin();
    const requests = stubFetch({ 'GET /api/admin/settings': () => json(settings(false)) });
    renderPage(<CreateExamForm />, { url: '/admin/exams/create' });

    expect(await screen.findByText(wholeText(EXAM_CREATION_OFF))).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Create New Exam' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Create New Exam' })).toBeNull();
    expect(screen.queryByLabelText(/^Exam Title/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to exams' }).getAttribute('href')).toBe('/admin/exams');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it("offers 'Publish Exam' disabled, with the reason, and creates the exam as a draft", async () => {
    signInAdmin();
    const requests = stubFetch({
      'GET /api/admin/settings': () => json(settings(true)),
      'POST /api/admin/exams': () =>
        json({ message: 'Exam created successfully', exam: buildAdminExamDetail() }, 201),
    });
    renderPage(<CreateExamForm />, { url: '/admin/exams/create' });
    const user = userEvent.setup();

    const publish = await screen.findByRole('checkbox', { name: 'Publish Exam' });
    expect((publish as HTMLInputElement).disabled).toBe(true);
    expect((publish as HTMLInputElement).checked).toBe(false);
    expect(document.getElementById(publish.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      PUBLISH_ON_CREATE_HINT,
    );

    await user.type(screen.getByLabelText(/^Exam Title/), 'Renal physiology');
    await user.click(screen.getByLabelText(/^Category/));
    await user.click(await screen.findByRole('option', { name: 'Medical' }));
    await user.type(screen.getByLabelText(/^Number of Questions/), '10');
    await user.type(screen.getByLabelText(/^Monthly Subscription Fee/), '3.5');
    await user.click(screen.getByRole('button', { name: 'Create Exam' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/admin/exams');
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      title: 'Renal physiology',
      isActive: false,
      numberOfQuestions: 10,
      monthlySubscriptionFee: 3.5,
    });
  });

  it("takes a field's message away as soon as it is filled after a refused submit, and sends nothing before", async () => {
    signInAdmin();
    const requests = stubFetch({ 'GET /api/admin/settings': () => json(settings(true)) });
    renderPage(<CreateExamForm />, { url: '/admin/exams/create' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Create Exam' }));
    expect(await screen.findByText('Exam title is required')).toBeTruthy();
    expect(screen.getByText('Category is required')).toBeTruthy();

    await user.type(screen.getByLabelText(/^Exam Title/), 'R');
    expect(screen.queryByText('Exam title is required')).toBeNull();
    // The others stay until they are fixed.
    expect(screen.getByText('Category is required')).toBeTruthy();
    await user.clear(screen.getByLabelText(/^Exam Title/));
    expect(screen.getByText('Exam title is required')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('focuses the first field with a problem on a refused submit, the category select among them', async () => {
    signInAdmin();
    stubFetch({ 'GET /api/admin/settings': () => json(settings(true)) });
    renderPage(<CreateExamForm />, { url: '/admin/exams/create' });
    const user = userEvent.setup();

    const title = await screen.findByLabelText(/^Exam Title/);
    // What a screen reader announces as the focus arrives: the field, invalid, described by its message.
    const announced: Array<[string | null, string | undefined]> = [];
    title.addEventListener('focus', () =>
      announced.push([
        title.getAttribute('aria-invalid'),
        document.getElementById(title.getAttribute('aria-describedby') ?? '')?.textContent,
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Create Exam' }));
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(announced).toEqual([['true', 'Exam title is required']]);

    await user.type(title, 'Renal physiology');
    await user.click(screen.getByRole('button', { name: 'Create Exam' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('combobox', { name: /^Category/ })),
    );

    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('option', { name: 'Pharmacy' }));
    expect(screen.queryByText('Category is required')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create Exam' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Number of Questions/)));
    expect(screen.getByText('Number of questions is required')).toBeTruthy();
    expect(screen.getByText('Monthly subscription fee is required')).toBeTruthy();
  });

  it("shows the server's refusal above the fields and keeps what was typed", async () => {
    signInAdmin();
    stubFetch({
      'GET /api/admin/settings': () => json(settings(true)),
      'POST /api/admin/exams': () => json({ message: 'An exam with this title already exists' }, 409),
    });
    renderPage(<CreateExamForm />, { url: '/admin/exams/create' });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Exam Title/), 'Cardiology');
    await user.click(screen.getByLabelText(/^Category/));
    await user.click(await screen.findByRole('option', { name: 'Medical' }));
    await user.type(screen.getByLabelText(/^Number of Questions/), '12');
    await user.type(screen.getByLabelText(/^Monthly Subscription Fee/), '2');
    await user.click(screen.getByRole('button', { name: 'Create Exam' }));

    expect((await screen.findByRole('alert')).textContent).toBe('An exam with this title already exists');
    expect(screen.getByLabelText<HTMLInputElement>(/^Exam Title/).value).toBe('Cardiology');
    expect(screen.getByRole('button', { name: 'Create Exam' }).hasAttribute('disabled')).toBe(false);
  });

  it('switches to the reason when the server refuses because creation was just turned off', async () => {
    signInAdmin();
    let enabled = true;
    stubFetch({
      'GET /api/admin/settings': () => json(settings(enabled)),
      'POST /api/admin/exams': () => {
        enabled = false;
        return json({ message: 'Exam creation is currently turned off in the site settings.' }, 403);
      },
    });
    renderPage(<CreateExamForm />, { url: '/admin/exams/create' });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Exam Title/), 'Late exam');
    await user.click(screen.getByLabelText(/^Category/));
    await user.click(await screen.findByRole('option', { name: 'Nursing' }));
    await user.type(screen.getByLabelText(/^Number of Questions/), '5');
    await user.type(screen.getByLabelText(/^Monthly Subscription Fee/), '0');
    await user.click(screen.getByRole('button', { name: 'Create Exam' }));

    expect(await screen.findByText(wholeText(EXAM_CREATION_OFF))).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText(/^Exam Title/)).toBeNull());
  });
});
