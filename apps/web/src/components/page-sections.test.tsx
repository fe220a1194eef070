import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { SectionCard } from './page-sections.tsx';

describe('SectionCard', () => {
  it('is a region named by its h2', () => {
    render(
      <SectionCard title="Score by topic">
        <p>Anatomy 80%</p>
      </SectionCard>,
    );
    const region = screen.getByRole('region', { name: 'Score by topic' });
    expect(region.tagName).toBe('SECTION');
    expect(region.contains(screen.getByRole('heading', { level: 2, name: 'Score by topic' }))).toBe(true);
    expect(region.textContent).toContain('Anatomy 80%');
  });

  it('keeps a heading id given to it, and may be an aside', () => {
    render(
      <SectionCard title="Test yourself on this" component="aside" headingId="test-yourself">
        <p>Practise</p>
      </SectionCard>,
    );
    const aside = screen.getByRole('complementary', { name: 'Test yourself on this' });
    expect(aside.getAttribute('aria-labelledby')).toBe('test-yourself');
    expect(screen.getByRole('heading', { level: 2 }).id).toBe('test-yourself');
  });

  it('puts the heading in the row the header makes', () => {
    render(
      <SectionCard
        title="Filters"
        titleVariant="subtitle1"
        header={(heading) => <div data-testid="row">{heading}</div>}
      >
        <p>Fields</p>
      </SectionCard>,
    );
    expect(screen.getByTestId('row').contains(screen.getByRole('heading', { name: 'Filters' }))).toBe(true);
    expect(screen.getByRole('region', { name: 'Filters' }).textContent).toContain('Fields');
  });

  it('lets the page move the focus to its heading through headingRef', () => {
    const ref = createRef<HTMLHeadingElement>();
    render(
      <SectionCard title="Score: 3 of 4 (75%)" headingRef={ref}>
        <p>Marked</p>
      </SectionCard>,
    );
    ref.current?.focus();
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: 'Score: 3 of 4 (75%)' }),
    );
  });
});
