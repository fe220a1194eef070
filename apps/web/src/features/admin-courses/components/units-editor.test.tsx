import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { ARTICLES, EXAMS } from '../course-fixtures.ts';
import { CourseForm } from './course-form.tsx';

function renderForm() {
  window.localStorage.setItem('adminToken', 'admin-token');
  stubFetch({
    'GET /api/admin/exams': () => json(EXAMS),
    'GET /api/admin/articles': () => json(ARTICLES),
  });
  renderPage(<CourseForm />, { url: '/admin/courses/create' });
  return userEvent.setup();
}

const headings = () => screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
const button = (name: string) => screen.getByRole('button', { name });
const announced = () =>
  screen
    .getAllByRole('status')
    .map((status) => status.textContent)
    .join(' ');

describe('UnitsEditor with the keyboard alone', () => {
  it("opens 'Add unit' from the keyboard and focuses the new unit's first field", async () => {
    const user = renderForm();
    expect(screen.getByText(/No units yet/)).toBeTruthy();
    const add = button('Add unit');
    expect(add.getAttribute('aria-expanded')).toBe('false');
    expect(add.getAttribute('aria-haspopup')).toBe('true');

    add.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(add.getAttribute('aria-expanded')).toBe('true');
    // The menu the button names (the house style: MUI's Menu takes the id, its list is the menu role).
    expect(document.getElementById(add.getAttribute('aria-controls') ?? '')?.contains(menu)).toBe(true);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Article', 'Practice set', 'Checkpoint']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');

    expect(await screen.findByRole('group', { name: 'Unit 1: Checkpoint' })).toBeTruthy();
    const unit = screen.getByRole('group', { name: 'Unit 1: Checkpoint' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(unit).getByRole('combobox', { name: /^Exam/ })),
    );
    expect(announced()).toContain('Checkpoint added as unit 1.');
  });

  it("goes back to 'Add unit' when the menu is closed without a choice", async () => {
    const user = renderForm();
    button('Add unit').focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(button('Add unit'));
    expect(headings()).toEqual([]);
  });

  it('moves a unit with its own buttons, which keep the focus, and announces it', async () => {
    const user = renderForm();
    for (const kind of ['Article', 'Practice set', 'Checkpoint']) {
      await user.click(button('Add unit'));
      await user.click(await screen.findByRole('menuitem', { name: kind }));
    }
    expect(headings()).toEqual(['Unit 1: Article', 'Unit 2: Practice set', 'Unit 3: Checkpoint']);
    expect(button('Move unit 1 up').hasAttribute('disabled')).toBe(true);
    expect(button('Move unit 3 down').hasAttribute('disabled')).toBe(true);

    button('Move unit 1 down').focus();
    await user.keyboard('{Enter}');
    expect(headings()).toEqual(['Unit 1: Practice set', 'Unit 2: Article', 'Unit 3: Checkpoint']);
    expect(document.activeElement).toBe(button('Move unit 2 down'));
    expect(announced()).toContain('Unit 1 moved to position 2.');

    await user.keyboard('{Enter}');
    expect(headings()).toEqual(['Unit 1: Practice set', 'Unit 2: Checkpoint', 'Unit 3: Article']);
    // At the end its 'down' button is off: the focus goes to its 'up' button.
    expect(document.activeElement).toBe(button('Move unit 3 up'));
  });

  it('removes a unit and puts the focus on the next one, or on Add unit when none is left', async () => {
    const user = renderForm();
    for (const kind of ['Article', 'Checkpoint']) {
      await user.click(button('Add unit'));
      await user.click(await screen.findByRole('menuitem', { name: kind }));
    }
    button('Remove unit 1').focus();
    await user.keyboard('{Enter}');
    expect(headings()).toEqual(['Unit 1: Checkpoint']);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Unit 1: Checkpoint' }));
    expect(announced()).toContain('Unit 1 removed.');

    await user.click(button('Remove unit 1'));
    expect(headings()).toEqual([]);
    expect(document.activeElement).toBe(button('Add unit'));
  });
});
