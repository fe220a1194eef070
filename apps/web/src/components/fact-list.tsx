import { Fragment, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * Facts as a description list: each label (dt) beside its value (dd), the labels' column as wide as the
 * longest. `wide` spaces the rows and columns further; `wrapAnywhere` breaks a long value (an e-mail
 * address) rather than widen the page.
 */
export function FactList({
  facts,
  wide = false,
  align,
  mt = 0,
  mb = 0,
  valueVariant = 'body2',
  wrapAnywhere = false,
}: {
  facts: ReadonlyArray<readonly [label: string, value: ReactNode]>;
  wide?: boolean;
  align?: 'baseline' | 'center';
  mt?: number;
  mb?: number;
  valueVariant?: 'body1' | 'body2';
  wrapAnywhere?: boolean;
}) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content minmax(0, 1fr)',
        columnGap: wide ? 3 : 2,
        rowGap: wide ? 1 : 0.75,
        ...(align && { alignItems: align }),
        m: 0,
        mt,
        mb,
      }}
    >
      {facts.map(([label, value]) => (
        <Fragment key={label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            variant={valueVariant}
            sx={{ m: 0, ...(wrapAnywhere && { overflowWrap: 'anywhere' }) }}
          >
            {value}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}
