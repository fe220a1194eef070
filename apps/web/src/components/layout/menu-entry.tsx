import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { SvgIconComponent } from '@mui/icons-material';

/** What a menu item shows: its small icon, then its label. */
export function MenuEntry({ Icon, label }: { Icon: SvgIconComponent; label: string }) {
  return (
    <>
      <ListItemIcon>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </>
  );
}

/** Where the top bar's menus open: under their button, aligned to its right edge. */
export const MENU_BELOW_RIGHT = {
  anchorOrigin: { vertical: 'bottom', horizontal: 'right' },
  transformOrigin: { vertical: 'top', horizontal: 'right' },
} as const;
