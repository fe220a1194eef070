import { useId, useState } from 'react';
import { NavLink, Outlet, Link as RouterLink, useNavigate, useNavigation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ArticleIcon from '@mui/icons-material/Article';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventIcon from '@mui/icons-material/Event';
import ForumIcon from '@mui/icons-material/Forum';
import GroupsIcon from '@mui/icons-material/Groups';
import HistoryIcon from '@mui/icons-material/History';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import OutlinedFlagIcon from '@mui/icons-material/OutlinedFlag';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import QuizIcon from '@mui/icons-material/Quiz';
import SchoolIcon from '@mui/icons-material/School';
import SettingsIcon from '@mui/icons-material/Settings';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import type { SvgIconComponent } from '@mui/icons-material';
import { ADMIN_ROLE_LABELS } from '@mlp/contract/constants';
import { rolesFor, type AdminRouteGroup } from '@mlp/contract/routes';
import { useAdminRole } from '../../lib/admin/admin-api.ts';
import { useAuth } from '../../lib/auth.tsx';
import { useSiteSettings } from '../../lib/site-settings.tsx';
import { AccountMenu } from './menu-entry.tsx';
import { SkipLink } from './skip-link.tsx';

/** Spec §9: the admin side menu is 240 px wide. */
const ADMIN_DRAWER_WIDTH = 240;
const ADMIN_MAIN_ID = 'admin-main-content';

interface AdminNavItem {
  label: string;
  to: string;
  Icon: SvgIconComponent;
  /** Dashboard (/admin) must not stay marked on the other admin pages. */
  end?: boolean;
  /** the operation the page lists with: the item shows only to roles that may call it (decision 0067) */
  needs?: [AdminRouteGroup, string];
}

/** Spec §2 Admin layout: the side menu's items, in order (Logout follows them), with Payments and Activity. */
const ADMIN_NAV_ITEMS: AdminNavItem[] = [
  // A Tutor has no dashboard: its counts are the whole site's (decision 0079).
  { label: 'Dashboard', to: '/admin', Icon: DashboardIcon, end: true, needs: ['stats', 'read'] },
  { label: 'Users', to: '/admin/users', Icon: PeopleIcon, needs: ['adminUsers', 'list'] },
  { label: 'Exams', to: '/admin/exams', Icon: QuizIcon, needs: ['adminExams', 'list'] },
  { label: 'Articles', to: '/admin/articles', Icon: ArticleIcon, needs: ['adminArticles', 'list'] },
  // Not in spec §2's menu: the course builder (decision 0053).
  { label: 'Courses', to: '/admin/courses', Icon: SchoolIcon, needs: ['adminCourses', 'list'] },
  // Not in spec §2's menu: live mock exams (decision 0077).
  { label: 'Mock exams', to: '/admin/mocks', Icon: EventIcon, needs: ['adminMocks', 'list'] },
  // Not in spec §2's menu: cohorts, their tutors, members and assignments (decision 0079).
  { label: 'Cohorts', to: '/admin/cohorts', Icon: GroupsIcon, needs: ['adminCohorts', 'list'] },
  // Not in spec §2's menu: payments and refunds (decision 0033).
  { label: 'Payments', to: '/admin/payments', Icon: PaymentsIcon, needs: ['adminPayments', 'list'] },
  // Not in spec §2's menu: learner reports of problems with questions (decision 0041).
  { label: 'Reports', to: '/admin/reports', Icon: OutlinedFlagIcon, needs: ['reports', 'list'] },
  // Not in spec §2's menu: moderating the learning community's discussions (decision 0056).
  { label: 'Community', to: '/admin/community', Icon: ForumIcon, needs: ['adminCommunity', 'queue'] },
  { label: 'Admins', to: '/admin/admins', Icon: SupervisorAccountIcon, needs: ['admins', 'list'] },
  { label: 'Settings', to: '/admin/settings', Icon: SettingsIcon },
  // Not in spec §2's menu: the activity log's own page (decision 0024).
  { label: 'Activity', to: '/admin/activity', Icon: HistoryIcon, needs: ['audit', 'list'] },
];

// The active item is shown by background, bold text and a bar at the edge: not by colour alone.
const activeItemSx = {
  '&.active': {
    bgcolor: 'action.selected',
    boxShadow: (theme: { palette: { primary: { main: string } } }) =>
      `inset 4px 0 0 ${theme.palette.primary.main}`,
    '& .MuiListItemText-primary': { fontWeight: 700 },
    '& .MuiListItemIcon-root': { color: 'primary.main' },
  },
} as const;

function SideMenu({ onNavigate, onLogout }: { onNavigate?: () => void; onLogout: () => void }) {
  const role = useAdminRole();
  // Until the role is known only the items every role has show, so no item appears and then vanishes.
  const items = ADMIN_NAV_ITEMS.filter(
    ({ needs }) => needs === undefined || (role !== undefined && !!rolesFor(...needs)?.includes(role)),
  );
  return (
    <Box component="nav" aria-label="Admin" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ gap: 1 }}>
        <AdminPanelSettingsIcon color="primary" aria-hidden="true" />
        <Box>
          <Typography component="p" variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            Admin Panel
          </Typography>
          {role && (
            <Typography component="p" variant="caption" color="text.secondary">
              Role: {ADMIN_ROLE_LABELS[role]}
            </Typography>
          )}
        </Box>
      </Toolbar>
      <Divider />
      <List>
        {items.map(({ label, to, Icon, end }) => (
          <ListItem key={to} disablePadding>
            <ListItemButton component={NavLink} to={to} end={end} onClick={onNavigate} sx={activeItemSx}>
              <ListItemIcon>
                <Icon />
              </ListItemIcon>
              <ListItemText primary={label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Divider sx={{ my: 1 }} />
      <List>
        <ListItem disablePadding>
          <ListItemButton onClick={onLogout}>
            <ListItemIcon>
              <LogoutIcon />
            </ListItemIcon>
            <ListItemText primary="Logout" />
          </ListItemButton>
        </ListItem>
      </List>
    </Box>
  );
}

/**
 * The administrator panel's frame (spec §2 Admin layout): a fixed 240 px side menu, which becomes a
 * temporary drawer opened from a hamburger button below the md breakpoint, and a top bar with the site
 * name and an account menu (Settings, Logout).
 */
export function AdminLayout() {
  const { adminLogout } = useAuth();
  const { siteName } = useSiteSettings();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerId = useId();

  const handleLogout = async () => {
    setDrawerOpen(false);
    await adminLogout();
    await navigate('/admin/login', { replace: true });
  };
  const logout = () => void handleLogout();

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink targetId={ADMIN_MAIN_ID} />
      <AppBar
        position="fixed"
        elevation={1}
        sx={{ width: { md: `calc(100% - ${ADMIN_DRAWER_WIDTH}px)` }, ml: { md: `${ADMIN_DRAWER_WIDTH}px` } }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Open admin menu"
            aria-controls={drawerOpen ? drawerId : undefined}
            aria-expanded={drawerOpen ? 'true' : 'false'}
            onClick={() => setDrawerOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Typography
            component={RouterLink}
            to="/admin"
            variant="h6"
            noWrap
            sx={{
              flexGrow: 1,
              minWidth: 0,
              color: 'inherit',
              textDecoration: 'none',
              fontWeight: 700,
              '&:focus-visible': { outline: '2px solid #fff', outlineOffset: '2px' },
            }}
          >
            {siteName}
          </Typography>
          <AccountMenu
            avatar={<AdminPanelSettingsIcon fontSize="small" />}
            settingsPath="/admin/settings"
            onLogout={logout}
            sx={{ p: 0.5 }}
          />
        </Toolbar>
        {navigation.state !== 'idle' && (
          <LinearProgress
            aria-label="Loading page"
            color="secondary"
            sx={{ position: 'absolute', left: 0, right: 0, bottom: 0 }}
          />
        )}
      </AppBar>

      <Box sx={{ width: { md: ADMIN_DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        <Drawer
          id={drawerId}
          variant="temporary"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          slotProps={{ paper: { 'aria-label': 'Admin menu' } }}
          sx={{
            display: { xs: 'block', md: 'none' },
            '& .MuiDrawer-paper': { boxSizing: 'border-box', width: ADMIN_DRAWER_WIDTH },
          }}
        >
          <SideMenu onNavigate={() => setDrawerOpen(false)} onLogout={logout} />
        </Drawer>
        <Drawer
          variant="permanent"
          open
          sx={{
            display: { xs: 'none', md: 'block' },
            '& .MuiDrawer-paper': { boxSizing: 'border-box', width: ADMIN_DRAWER_WIDTH },
          }}
        >
          <SideMenu onLogout={logout} />
        </Drawer>
      </Box>

      <Box
        component="main"
        id={ADMIN_MAIN_ID}
        tabIndex={-1}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          width: { md: `calc(100% - ${ADMIN_DRAWER_WIDTH}px)` },
          outline: 'none',
        }}
      >
        <Toolbar />
        <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1280, mx: 'auto' }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
