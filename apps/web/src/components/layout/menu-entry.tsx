import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import LogoutIcon from '@mui/icons-material/Logout';
import SettingsIcon from '@mui/icons-material/Settings';
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

/**
 * A top bar's account button, a round avatar showing `avatar`, and the menu it opens under it: Settings
 * (a link to `settingsPath`) and Logout. Either item closes the menu first.
 */
export function AccountMenu({
  avatar,
  settingsPath,
  onLogout,
  sx,
}: {
  avatar: ReactNode;
  settingsPath: string;
  onLogout: () => void;
  sx: SxProps<Theme>;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label="Account menu"
        aria-haspopup="true"
        aria-controls={menuId}
        aria-expanded={anchor ? 'true' : 'false'}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={sx}
      >
        <Avatar sx={{ width: 34, height: 34, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}>
          {avatar}
        </Avatar>
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close} {...MENU_BELOW_RIGHT}>
        <MenuItem component={RouterLink} to={settingsPath} onClick={close}>
          <MenuEntry Icon={SettingsIcon} label="Settings" />
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onLogout();
          }}
        >
          <MenuEntry Icon={LogoutIcon} label="Logout" />
        </MenuItem>
      </Menu>
    </>
  );
}
