import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AnswerReview, type AnswerReviewProps } from './answer-review.tsx';

const base: AnswerReviewProps = {
  choices: ['Atenolol', 'Amlodipine', 'Ramipril', 'Furosemide'],
  rationales: [
    'A beta blocker: not first line here.',
    'Right: a calcium channel blocker for a patient of African family origin.',
    '',
    'A loop diuretic treats fluid overload, not blood pressure.',
  ],
  answer: 'Atenolol',
  correctAnswer: 'Amlodipine',
  explanation: 'NICE NG136 step 1.',
  objective: 'Choose first-line antihypertensives by age and family origin.',
  references: [
    { title: 'NICE NG136 Hypertension in adults', url: 'https://www.nice.org.uk/guidance/ng136' },
    { title: 'BNF, 2026 edition', url: null },
  ],
  headingLevel: 3,
};

const options = () => within(screen.getByRole('list', { name: 'Options' })).getAllByRole('listitem');

describe('AnswerReview', () => {
  it('lists every option in the order given, each with its rationale where written', () => {
    render(<AnswerReview {...base} />);
    const rows = options();
    expect(rows).toHaveLength(4);
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual(base.choices);
    expect(within(rows[0]!).getByText('A beta blocker: not first line here.')).toBeTruthy();
    expect(within(rows[1]!).getByText(/^Right: a calcium channel blocker/)).toBeTruthy();
    // Ramipril has none: its row is the option alone.
    expect(rows[2]!.textContent).toBe('3Ramipril');
    expect(within(rows[3]!).getByText(/^A loop diuretic/)).toBeTruthy();
  });

  it('marks the wrong pick and the key in words, not colour alone', () => {
    render(<AnswerReview {...base} />);
    const [pick, key, other] = options() as [HTMLElement, HTMLElement, HTMLElement];
    expect(pick.textContent).toContain('Your answer, incorrect');
    expect(pick.textContent).not.toContain('Correct answer');
    expect(key.textContent).toContain('Correct answer');
    expect(key.textContent).not.toContain('Your answer');
    expect(other.textContent).not.toMatch(/Your answer|Correct answer/);
  });

  it('marks a right pick as both, and an unanswered question by its key only', () => {
    const { rerender } = render(<AnswerReview {...base} answer="Amlodipine" />);
    const key = options()[1]!;
    expect(key.textContent).toContain('Your answer, correct');
    expect(key.textContent).toContain('Correct answer');
    expect(screen.queryByText(/incorrect/)).toBeNull();

    rerender(<AnswerReview {...base} answer={null} />);
    expect(screen.queryByText('Your answer')).toBeNull();
    expect(options()[1]!.textContent).toContain('Correct answer');
  });

  it('shows the explanation, then the objective and the references under headings one below the question', () => {
    render(<AnswerReview {...base} headingLevel={4} />);
    expect(screen.getByText('NICE NG136 step 1.').textContent).toBe('Explanation: NICE NG136 step 1.');
    expect(screen.getByRole('heading', { level: 4, name: 'Learning objective' })).toBeTruthy();
    expect(screen.getByText(/^Choose first-line antihypertensives/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 4, name: 'References' })).toBeTruthy();
    const headings = screen.getAllByRole('heading').map((h) => h.textContent);
    expect(headings).toEqual(['Learning objective', 'References']);
  });

  it('opens a reference link in a new tab without giving it the page, its text the title', () => {
    render(<AnswerReview {...base} />);
    const link = screen.getByRole('link', { name: /^NICE NG136 Hypertension in adults/ });
    expect(link.getAttribute('href')).toBe('https://www.nice.org.uk/guidance/ng136');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toBe('NICE NG136 Hypertension in adults (opens in a new tab)');
    // Without a URL, the title is plain text.
    expect(screen.getByText('BNF, 2026 edition').closest('a')).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('never makes a javascript: or other non-http reference a link', () => {
    render(
      <AnswerReview
        {...base}
        references={[
          { title: 'Sneaky', url: 'javascript:alert(1)' },
          { title: 'Data', url: 'data:text/html,<script>alert(1)</script>' },
          { title: 'Relative', url: '/admin' },
        ]}
      />,
    );
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByText('Sneaky')).toBeTruthy();
    expect(document.querySelector('a')).toBeNull();
  });

  it('shows no rationale, objective or references when none is written', () => {
    render(<AnswerReview {...base} rationales={[]} objective="" references={[]} explanation="" />);
    const rows = options();
    expect(rows.map((row) => row.textContent)).toEqual([
      '1AtenololYour answer, incorrect',
      '2AmlodipineCorrect answer',
      '3Ramipril',
      '4Furosemide',
    ]);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByText(/Explanation/)).toBeNull();
  });

  it('renders text as text, never as HTML', () => {
    render(
      <AnswerReview
        {...base}
        rationales={['<img src=x onerror=alert(1)>', '', '', '']}
        objective="<b>bold</b>"
      />,
    );
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(screen.getByText('<b>bold</b>')).toBeTruthy();
    expect(document.querySelector('img, b')).toBeNull();
  });

  it('keeps a long unbroken word in full, in a row that may shrink below it (decision 0023)', () => {
    const word = 'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(4);
    render(<AnswerReview {...base} choices={[word, 'Amlodipine']} rationales={[word, '']} answer={word} />);
    const [row] = options();
    expect(within(row!).getAllByText(word)).toHaveLength(2);
    // The text column of a flex row must be allowed to shrink, or the word would widen the page.
    const column = within(row!).getAllByText(word)[0]!.parentElement!.parentElement!;
    expect(getComputedStyle(column).minWidth).toBe('0px');
  });

  it('puts the peers’ share on each option, with what it means said once', () => {
    render(
      <AnswerReview
        {...base}
        shares={{
          byChoice: new Map([
            ['Atenolol', 30],
            ['Amlodipine', 58],
            ['Ramipril', 9],
            ['Furosemide', 3],
          ]),
          note: '58% of 24 learners answered this correctly.',
        }}
      />,
    );
    expect(screen.getByText(/^58% of 24 learners answered this correctly\. Beside each option/)).toBeTruthy();
    expect(options()[1]!.textContent).toContain('chosen by 58% of learners');
    expect(options()[3]!.textContent).toContain('chosen by 3% of learners');
  });
});
