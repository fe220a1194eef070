import { describe, expect, it } from 'vitest';
import { imageFileProblem } from './image-upload.ts';

describe('imageFileProblem', () => {
  it('refuses an empty file or one over 2 MB before uploading it', () => {
    expect(imageFileProblem({ size: 0 })).toBe('The file is empty. Choose an image.');
    expect(imageFileProblem({ size: 2 * 1024 * 1024 + 1 })).toBe(
      'The image is too large: it must be at most 2 MB.',
    );
    expect(imageFileProblem({ size: 2 * 1024 * 1024 })).toBeNull();
  });

  it('refuses an empty file, another type and a file over 2 MB', () => {
    expect(imageFileProblem({ size: 0, type: 'image/png' })).toBe('The file is empty. Choose an image.');
    expect(imageFileProblem({ size: 10, type: 'image/gif' })).toBe('Choose a PNG, JPEG or WebP image.');
    expect(imageFileProblem({ size: 3 * 1024 * 1024, type: 'image/jpeg' })).toMatch(/at most 2 MB/);
    expect(imageFileProblem({ size: 10, type: 'image/webp' })).toBeNull();
  });
});
