import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuestionImage } from './question-image.tsx';

const image = {
  hash: 'c'.repeat(64),
  url: `/api/media/${'c'.repeat(64)}`,
  contentType: 'image/jpeg' as const,
  width: 3000,
  height: 1000,
  alt: 'Wide chest X-ray',
};

describe('QuestionImage', () => {
  it('gives its size (no layout shift), its alt text, and loads lazily unless eager', () => {
    const { rerender } = render(<QuestionImage image={image} />);
    const picture = screen.getByRole('img', { name: 'Wide chest X-ray' });
    expect(picture.getAttribute('width')).toBe('3000');
    expect(picture.getAttribute('height')).toBe('1000');
    expect(picture.getAttribute('loading')).toBe('lazy');
    rerender(<QuestionImage image={image} eager />);
    expect(screen.getByRole('img').getAttribute('loading')).toBe('eager');
  });

  it('scales its given size down to a capped height, keeping the proportions', () => {
    render(<QuestionImage image={{ ...image, width: 600, height: 1200 }} maxHeight={300} />);
    const picture = screen.getByRole('img');
    expect([picture.getAttribute('width'), picture.getAttribute('height')]).toEqual(['150', '300']);
  });
});
