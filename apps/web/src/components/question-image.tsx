import Box from '@mui/material/Box';
import type { QuestionImage as QuestionImageData } from '@mlp/contract';

/**
 * An image in a question or its explanation (decision 0040), shown responsively: never wider
 * than its column (a wide X-ray shrinks to fit a phone), its width and height given so the page does not
 * jump when it loads, and loaded lazily unless it is on screen at once (`eager`: the current question).
 */
export function QuestionImage({
  image,
  eager = false,
  maxHeight,
}: {
  image: QuestionImageData;
  eager?: boolean;
  /** caps the height (a preview), keeping the proportions */
  maxHeight?: number;
}) {
  // A capped height scales the given size down, so the box keeps its proportions before the image loads.
  const scale = maxHeight && image.height > maxHeight ? maxHeight / image.height : 1;
  return (
    <Box
      component="img"
      src={image.url}
      alt={image.alt}
      width={Math.round(image.width * scale)}
      height={Math.round(image.height * scale)}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      sx={{
        display: 'block',
        maxWidth: '100%',
        height: 'auto',
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'grey.100',
      }}
    />
  );
}
