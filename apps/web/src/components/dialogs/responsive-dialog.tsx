import Dialog, { type DialogProps } from '@mui/material/Dialog';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

/** A dialog that fills the screen on phones (below 600 px) and is a centred card elsewhere. */
export function ResponsiveDialog(props: DialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return <Dialog fullWidth maxWidth="sm" fullScreen={fullScreen} {...props} />;
}
