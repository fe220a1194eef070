import { createTheme, type Theme } from '@mui/material/styles';

/**
 * Spec §9 fixes the layout constants (breakpoints, 8 px spacing, 14 px base font, modal layer 1300).
 * Colours: a calm clinical blue and a deep teal. `contrastThreshold: 4.5` makes MUI pick dark text on any
 * colour where white would fall below WCAG AA (warning, info), so chips and buttons stay readable.
 */
function buildTheme(): Theme {
  return createTheme({
    breakpoints: {
      values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 },
    },
    spacing: 8,
    typography: {
      fontSize: 14,
      h1: { fontWeight: 600 },
      h2: { fontWeight: 600 },
      h3: { fontWeight: 600 },
      h4: { fontWeight: 600 },
    },
    zIndex: { modal: 1300 },
    palette: {
      contrastThreshold: 4.5,
      primary: { main: '#1565c0' },
      // #00897b with white text is 4.3:1; one shade deeper passes AA (5.3:1).
      secondary: { main: '#00796b' },
      background: { default: '#f5f7fa', paper: '#ffffff' },
    },
    shape: { borderRadius: 8 },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // The scrollbar's place is kept even on short pages, so a page growing long never moves it sideways.
          html: { scrollbarGutter: 'stable' },
          // Decision 0023: a word longer than its box (a pasted URL, a drug name run together) breaks
          // anywhere rather than widening the page. Unlike `break-word`, `anywhere` also lowers the
          // box's min-content width, so flex and grid children sized by their content shrink too.
          // Inherited by everything, dialogs and menus in their portals included.
          body: { overflowWrap: 'anywhere' },
          // WCAG 2.3.3: a learner who asks the system for less motion gets none. Transitions (dialogs,
          // menus, snackbars) and ripples end at once; progress indicators and skeletons stand still in
          // their last frame and keep their role and label. Decision 0082.
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': {
              animationDuration: '0.01ms !important',
              animationIterationCount: '1 !important',
              transitionDuration: '0.01ms !important',
              transitionDelay: '0s !important',
              scrollBehavior: 'auto !important',
            },
          },
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
      },
      MuiLink: {
        defaultProps: { underline: 'hover' },
      },
      MuiAlert: {
        // An alert's buttons ('Resume it', 'Try again') keep their words whole (decision 0058). The
        // body's break-anywhere lets a flex item shrink to one letter, so beside a long message the
        // buttons were squeezed into 'Continu e it'. The buttons never shrink; below 600 px they take a
        // line of their own under the text.
        styleOverrides: {
          root: ({ ownerState, theme }) =>
            ownerState.action ? { [theme.breakpoints.down('sm')]: { flexWrap: 'wrap' } } : {},
          message: ({ ownerState, theme }) =>
            ownerState.action ? { [theme.breakpoints.down('sm')]: { flex: '1 1 0%' } } : {},
          action: ({ ownerState, theme }) => ({
            flexShrink: 0,
            '& .MuiButton-root': { wordBreak: 'normal', overflowWrap: 'break-word' },
            ...(ownerState.action
              ? {
                  [theme.breakpoints.down('sm')]: {
                    flexBasis: '100%',
                    flexWrap: 'wrap',
                    justifyContent: 'flex-end',
                    gap: theme.spacing(1),
                    marginLeft: 0,
                    padding: 0,
                  },
                }
              : {}),
          }),
        },
      },
      MuiFormHelperText: {
        styleOverrides: {
          // A disabled field's help often says why it is disabled ('Choose an exam first'): it stays
          // readable (MUI's disabled grey is 2.6:1 on white; text.secondary is 5.7:1, WCAG AA).
          root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
        },
      },
    },
  });
}

let theme: Theme | undefined;

/**
 * The learner theme, built on first use: building it takes a few milliseconds (tens on a throttled
 * phone), which then fall in React's first render instead of the task that evaluates the app's modules.
 */
export function appTheme(): Theme {
  theme ??= buildTheme();
  return theme;
}
