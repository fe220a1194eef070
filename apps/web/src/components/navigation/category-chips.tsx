import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';

/**
 * A list page's category filter (articles, courses, the exam catalogue): 'All' (the value '') and one
 * chip a category, the chosen one filled and pressed, in a group named "Categories".
 */
export function CategoryChips({
  values,
  selected,
  labelOf,
  onChoose,
}: {
  /** the categories after 'All' */
  values: readonly string[];
  /** the chosen category, '' for all */
  selected: string;
  labelOf: (value: string) => string;
  onChoose: (value: string) => void;
}) {
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      role="group"
      aria-label="Categories"
      sx={{ flexWrap: 'wrap', mb: 3 }}
    >
      {['', ...values].map((value) => {
        const pressed = value === selected;
        return (
          <Chip
            key={value || 'all'}
            label={value ? labelOf(value) : 'All'}
            onClick={() => onChoose(value)}
            color={pressed ? 'primary' : 'default'}
            variant={pressed ? 'filled' : 'outlined'}
            aria-pressed={pressed}
          />
        );
      })}
    </Stack>
  );
}
