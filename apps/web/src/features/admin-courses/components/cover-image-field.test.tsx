import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MediaUpload } from '@mlp/contract';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { buildCourse, COURSE_ID, COVER_HASH } from '../course-fixtures.ts';
import { CourseForm, EditCoursePage } from './course-form.tsx';

const HASH = 'd'.repeat(64);
const uploaded: MediaUpload = {
  hash: HASH,
  contentType: 'image/png',
  width: 1200,
  height: 600,
  url: `/api/media/${HASH}`,
};

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cover.png', { type: 'image/png' });

function renderCreate(upload: () => Response | Promise<Response> = () => json(uploaded, 201)) {
  window.localStorage.setItem('adminToken', 'admin-token');
  const requests = stubFetch({
    'POST /api/admin/media': upload,
    'POST /api/admin/courses': () => json({ message: 'Course created', course: buildCourse() }, 201),
  });
  renderPage(<CourseForm />, { url: '/admin/courses/create' });
  return { requests, user: userEvent.setup() };
}

describe('CoverImageField', () => {
  it('uploads the chosen image, previews it with its alt text and saves its hash', async () => {
    let release: () => void = () => undefined;
    const { requests, user } = renderCreate(
      () =>
        new Promise((resolve) => {
          release = () => resolve(json(uploaded, 201));
        }),
    );
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Sepsis pathway');
    await user.click(screen.getByRole('combobox', { name: /^Category/ }));
    await user.click(await screen.findByRole('option', { name: 'Medical' }));

    await user.upload(screen.getByLabelText('Choose cover image file'), png());
    expect(screen.getByText('Uploading image…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload cover image' }).hasAttribute('disabled')).toBe(true);
    // Saving waits for the upload.
    expect(screen.getByRole('button', { name: 'Create Course' }).hasAttribute('disabled')).toBe(true);
    const upload = requests.find((request) => request.path === '/api/admin/media');
    expect(upload?.headers.get('content-type')).toBe('application/octet-stream');
    expect(upload?.headers.get('authorization')).toBe('Admin admin-token');
    release();

    await user.type(await screen.findByRole('textbox', { name: /^Cover image alt text/ }), 'A drip stand');
    expect(screen.getByRole('img', { name: 'A drip stand' }).getAttribute('src')).toBe(`/api/media/${HASH}`);
    expect(screen.getByRole('button', { name: 'Replace cover image' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create Course' }));
    expect(await screen.findByText('Course created')).toBeTruthy();
    expect(requests.find((request) => request.path === '/api/admin/courses')?.body).toMatchObject({
      coverImage: HASH,
      coverImageAlt: 'A drip stand',
    });
  });

  it('refuses an empty file before uploading, and shows the server refusing an image', async () => {
    const { requests, user } = renderCreate(() =>
      json({ message: 'This file is not an image we can use' }, 422),
    );
    await user.upload(
      screen.getByLabelText('Choose cover image file'),
      new File([], 'empty.png', { type: 'image/png' }),
    );
    expect(screen.getByText('The file is empty. Choose an image.')).toBeTruthy();
    expect(requests.some((request) => request.path === '/api/admin/media')).toBe(false);

    await user.upload(screen.getByLabelText('Choose cover image file'), png());
    expect(await screen.findByText('This file is not an image we can use')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('removes a stored cover image and sends none', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    const requests = stubFetch({
      [`GET /api/admin/courses/${COURSE_ID}`]: () => json(buildCourse({ units: [], unitCount: 0 })),
      [`PUT /api/admin/courses/${COURSE_ID}`]: () =>
        json({ message: 'Course updated', course: buildCourse() }),
    });
    renderPage(<EditCoursePage courseId={COURSE_ID} />, { url: `/admin/courses/${COURSE_ID}/edit` });
    const user = userEvent.setup();

    expect((await screen.findByRole('img', { name: 'A drip stand' })).getAttribute('src')).toBe(
      `/api/media/${COVER_HASH}`,
    );
    await user.click(screen.getByRole('button', { name: 'Remove cover image' }));
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload cover image' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Update Course' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      coverImage: null,
      coverImageAlt: '',
    });
  });
});
