import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ArticleBody } from './article-body.tsx';

describe('ArticleBody', () => {
  it('puts each table and code block in a focusable, named region that scrolls sideways', () => {
    render(
      <ArticleBody
        html={
          '<p>Doses</p><table><tbody><tr><th>Drug</th><th>Dose</th></tr>' +
          '<tr><td>Amoxicillin</td><td>500 mg</td></tr></tbody></table>' +
          '<table><caption>Renal doses</caption><tbody><tr><td>x</td></tr></tbody></table>' +
          '<pre><code>dose = weight * 10</code></pre>'
        }
      />,
    );
    const first = screen.getByRole('region', { name: 'Table 1' });
    expect(first.getAttribute('tabindex')).toBe('0');
    expect(first.querySelector(':scope > table')?.textContent).toContain('Amoxicillin');
    // A table's caption names its region.
    expect(screen.getByRole('region', { name: 'Renal doses' }).querySelector('table')).toBeTruthy();
    const code = screen.getByRole('region', { name: 'Code block 1' });
    expect(code.getAttribute('tabindex')).toBe('0');
    expect(code.querySelector(':scope > pre')?.textContent).toBe('dose = weight * 10');
    expect(screen.getByText('Doses').closest('[role="region"]')).toBeNull();
  });
});
