import { useId, useState, type MouseEvent } from 'react';
import { NavLink, Link as RouterLink, useNavigate } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import ArticleIcon from '@mui/icons-material/Article';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import InsightsIcon from '@mui/icons-material/Insights';
import DashboardIcon from '@mui/icons-material/Dashboard';
import FitnessCenterIcon from '@mui/icons-material/FitnessCenter';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import QuizIcon from '@mui/icons-material/Quiz';
import ReplayIcon from '@mui/icons-material/Replay';
import SchoolIcon from '@mui/icons-material/School';
import SettingsIcon from '@mui/icons-material/Settings';
import StickyNote2OutlinedIcon from '@mui/icons-material/StickyNote2Outlined';
import type { SvgIconComponent } from '@mui/icons-material';
import { useAuth } from '../../lib/auth.tsx';
import { useSiteSettings } from '../../lib/site-settings.tsx';
import { AccountMenu, MENU_BELOW_RIGHT, MenuEntry } from './menu-entry.tsx';

interface NavItem {
  label: string;
  to: string;
  Icon: SvgIconComponent;
  /** Only the top-level link should stay marked on its sub-pages. */
  end?: boolean;
}

/** Spec §2 'Top navigation': which links show for signed-in learners and for visitors. */
function navItems(isSignedIn: boolean): { main: NavItem[]; account: NavItem[] } {
  const main: NavItem[] = [
    ...(isSignedIn
      ? [
          { label: 'Dashboard', to: '/dashboard', Icon: DashboardIcon },
          { label: 'Browse Exams', to: '/exams', Icon: QuizIcon, end: true },
          { label: 'Practice', to: '/practice', Icon: FitnessCenterIcon },
          { label: 'Reviews', to: '/reviews', Icon: ReplayIcon },
          { label: 'Analytics', to: '/analytics', Icon: InsightsIcon },
          { label: 'Notebook', to: '/notebook', Icon: StickyNote2OutlinedIcon },
        ]
      : []),
    { label: 'Articles', to: '/articles', Icon: ArticleIcon },
    { label: 'Courses', to: '/courses', Icon: SchoolIcon },
    { label: 'About', to: '/about', Icon: InfoOutlinedIcon },
  ];
  const account: NavItem[] = isSignedIn
    ? [{ label: 'Settings', to: '/settings', Icon: SettingsIcon }]
    : [
        { label: 'Login', to: '/login', Icon: LoginIcon },
        { label: 'Register', to: '/register', Icon: PersonAddIcon },
      ];
  return { main, account };
}

// The active link is underlined and bold, not shown by colour alone.
const activeLinkSx = {
  '&.active': { textDecoration: 'underline', textUnderlineOffset: '6px', textDecorationThickness: '2px' },
  '&:focus-visible': { outline: '2px solid #fff', outlineOffset: '2px' },
} as const;

const activeMenuItemSx = {
  '&.active': { bgcolor: 'action.selected', '& .MuiListItemText-primary': { fontWeight: 700 } },
} as const;

export function TopNav() {
  const { isSignedIn, user, logout } = useAuth();
  const { siteName } = useSiteSettings();
  const navigate = useNavigate();
  const [mobileAnchor, setMobileAnchor] = useState<HTMLElement | null>(null);
  const mobileMenuId = useId();
  const { main, account } = navItems(isSignedIn);
  const initial = user?.name.trim().charAt(0).toUpperCase() || user?.email.charAt(0).toUpperCase() || '';

  const closeMobileMenu = () => setMobileAnchor(null);

  const handleLogout = async () => {
    closeMobileMenu();
    // Spec §2: logout clears the session and goes to /login.
    await logout();
    await navigate('/login');
  };

  const openMobile = (event: MouseEvent<HTMLElement>) => setMobileAnchor(event.currentTarget);
  // Where the links leave the menu for the bar: a signed-in learner has more of them.
  const wide = isSignedIn ? 'lg' : 'md';

  return (
    <AppBar position="sticky" color="primary" elevation={1}>
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 1 }}>
          <Typography
            component={RouterLink}
            to="/"
            variant="h6"
            noWrap
            sx={{
              color: 'inherit',
              textDecoration: 'none',
              fontWeight: 700,
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              flexGrow: 1,
              minWidth: 0,
              '&:focus-visible': { outline: '2px solid #fff', outlineOffset: '2px' },
            }}
          >
            <LocalHospitalIcon aria-hidden="true" />
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {siteName}
            </Box>
          </Typography>

          <Box
            component="nav"
            aria-label="Main"
            // The links keep their one line; on a narrow desktop the site name gives way (ellipsis). A learner's
            // nine links need the room of a wide screen: below it they go in the menu, so the name stays.
            sx={{ display: { xs: 'none', [wide]: 'flex' }, alignItems: 'center', gap: 0.5, flexShrink: 0 }}
          >
            {main.map(({ label, to, Icon, end }) => (
              <Button
                key={to}
                component={NavLink}
                to={to}
                end={end}
                color="inherit"
                startIcon={label === 'Articles' ? <Icon /> : undefined}
                sx={activeLinkSx}
              >
                {label}
              </Button>
            ))}
            {!isSignedIn &&
              account.map(({ label, to, Icon }) => (
                <Button
                  key={to}
                  component={NavLink}
                  to={to}
                  color="inherit"
                  startIcon={<Icon />}
                  sx={activeLinkSx}
                >
                  {label}
                </Button>
              ))}
          </Box>

          {isSignedIn && (
            <AccountMenu
              avatar={initial || <SettingsIcon fontSize="small" />}
              settingsPath="/settings"
              onLogout={() => void handleLogout()}
              sx={{ p: 0.5, display: { xs: 'none', [wide]: 'inline-flex' } }}
            />
          )}

          <IconButton
            color="inherit"
            edge="end"
            aria-label="Open navigation menu"
            aria-haspopup="true"
            // Always says whether the menu is open (WCAG 4.1.2); the menu exists only while open, which
            // aria-controls may point at while aria-expanded is false.
            aria-controls={mobileMenuId}
            aria-expanded={mobileAnchor ? 'true' : 'false'}
            onClick={openMobile}
            sx={{ display: { xs: 'inline-flex', [wide]: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Menu
            id={mobileMenuId}
            anchorEl={mobileAnchor}
            open={Boolean(mobileAnchor)}
            onClose={closeMobileMenu}
            {...MENU_BELOW_RIGHT}
            slotProps={{ paper: { sx: { minWidth: 220 } } }}
          >
            {main.map(({ label, to, Icon, end }) => (
              <MenuItem
                key={to}
                component={NavLink}
                to={to}
                end={end}
                onClick={closeMobileMenu}
                sx={activeMenuItemSx}
              >
                <MenuEntry Icon={Icon} label={label} />
              </MenuItem>
            ))}
            <Divider />
            {account.map(({ label, to, Icon }) => (
              <MenuItem key={to} component={NavLink} to={to} onClick={closeMobileMenu} sx={activeMenuItemSx}>
                <MenuEntry Icon={Icon} label={label} />
              </MenuItem>
            ))}
            {isSignedIn && (
              <MenuItem onClick={() => void handleLogout()}>
                <MenuEntry Icon={LogoutIcon} label="Logout" />
              </MenuItem>
            )}
          </Menu>
        </Toolbar>
      </Container>
    </AppBar>
  );
}
