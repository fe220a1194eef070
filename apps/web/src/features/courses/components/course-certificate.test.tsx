import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, publicSettings, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { buildCertificate } from '../course-fixtures.ts';
import { CourseCertificate } from './course-certificate.tsx';

function render(certificate: () => Response) {
  window.localStorage.setItem('token', 'learner-token');
  const requests = stubFetch({
    'GET /api/settings/public': () => publicSettings(),
    'GET /api/users/me': () => json({ _id: 'u1', name: 'Ada', email: 'ada@example.com' }),
    'GET /api/courses/c1/certificate': certificate,
  });
  renderPage(<CourseCertificate courseId="c1" />, {
    url: '/courses/c1/certificate',
    path: '/courses/:id/certificate',
  });
  return { requests, user: userEvent.setup() };
}

describe('CourseCertificate', () => {
  it('shows who completed which course and when, with the site, the units and its id, and prints', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = render(() => json(buildCertificate()));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Certificate of completion' });
    const certificate = heading.closest('article') as HTMLElement;
    expect(certificate.textContent).toContain(
      'This certifies that Ada Lovelace completed Cardiology in 3 steps on 5 March 2025',
    );
    expect(screen.getByText('3 units completed')).toBeTruthy();
    expect(screen.getByText('Certificate ID: cert-0192f0c1')).toBeTruthy();
    expect(await screen.findByText('MedLearn')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to course' }).getAttribute('href')).toBe('/courses/c1');

    // The print stylesheet leaves the certificate alone on the sheet.
    const styles = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(styles).toMatch(/@media print/);
    expect(styles).toContain('header.MuiAppBar-root');

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it("says 'Certificate not found' before the course is complete, with the way back to it", async () => {
    render(() => json({ message: 'Certificate not found' }, 404));
    expect(await screen.findByText('Certificate not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to course' }).getAttribute('href')).toBe('/courses/c1');
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
