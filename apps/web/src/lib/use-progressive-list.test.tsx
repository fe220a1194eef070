import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_ITEMS, useProgressiveList } from './use-progressive-list.ts';

function List({ items, seen }: { items: number[]; seen: number[] }) {
  const shown = useProgressiveList(items);
  seen.push(shown.length);
  return (
    <ul>
      {shown.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

describe('useProgressiveList', () => {
  it('mounted with a long list, commits the first items first, then all of them', async () => {
    const seen: number[] = [];
    render(<List items={range(20)} seen={seen} />);
    expect(await screen.findAllByRole('listitem')).toHaveLength(20);
    expect(seen[0]).toBe(FIRST_ITEMS);
    expect(seen.at(-1)).toBe(20);
  });

  it('renders a short list whole at once', () => {
    const seen: number[] = [];
    render(<List items={range(3)} seen={seen} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(seen).toEqual([3]);
  });

  it('shows items that arrive after mounting all at once', () => {
    const seen: number[] = [];
    const { rerender } = render(<List items={[]} seen={seen} />);
    rerender(<List items={range(20)} seen={seen} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    expect(seen).not.toContain(FIRST_ITEMS);
  });
});
