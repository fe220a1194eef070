import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';

/**
 * The tabs above a list choosing which of its things it shows (the review deck's questions, the comments
 * to moderate), named by `label`, scrolling sideways on a phone.
 */
export function FilterTabs<Value extends string>({
  label,
  values,
  value,
  labelOf,
  onChoose,
}: {
  label: string;
  values: readonly Value[];
  value: Value;
  labelOf: (value: Value) => string;
  onChoose: (value: Value) => void;
}) {
  return (
    <Tabs
      value={value}
      onChange={(_event, next: Value) => onChoose(next)}
      aria-label={label}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {values.map((choice) => (
        <Tab key={choice} value={choice} label={labelOf(choice)} />
      ))}
    </Tabs>
  );
}
