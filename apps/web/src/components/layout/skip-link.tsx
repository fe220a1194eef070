import Box from '@mui/material/Box';

/** Visible only when focused, so keyboard users can jump past the navigation to `targetId`. */
export function SkipLink({ targetId }: { targetId: string }) {
  return (
    <Box
      component="a"
      href={`#${targetId}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        px: 2,
        py: 1,
        borderRadius: 1,
        boxShadow: 2,
        '&:focus': { top: 8 },
      }}
    >
      Skip to main content
    </Box>
  );
}
