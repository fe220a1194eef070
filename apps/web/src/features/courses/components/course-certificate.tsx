import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PrintIcon from '@mui/icons-material/Print';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { LoadError } from '../../../components/load-error.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useSiteSettings } from '../../../lib/site-settings.tsx';
import { courseCertificateQueryOptions } from '../api/courses-api.ts';
import { formatCertificateDate, unitCountLabel } from '../course-text.ts';

const NO_PRINT = 'certificate-no-print';

/*
 * Printing shows the certificate alone: the learner layout's top bar and footer and this page's buttons
 * are hidden, the page area loses its screen height (no blank second sheet) and the certificate its
 * shadow-free frame stays. Present only while the certificate is on screen.
 */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        [`header.MuiAppBar-root, body footer, .${NO_PRINT}`]: { display: 'none !important' },
        'main#main-content': { minHeight: '0 !important' },
        'main#main-content > .MuiContainer-root': { padding: '0 !important', maxWidth: 'none !important' },
      },
    }}
  />
);

function BackToCourse({ courseId, mb = 2 }: { courseId: string; mb?: number }) {
  return (
    <Button
      component={RouterLink}
      to={`/courses/${encodeURIComponent(courseId)}`}
      startIcon={<ArrowBackIcon />}
      className={NO_PRINT}
      sx={{ mb }}
    >
      Back to course
    </Button>
  );
}

/**
 * The certificate of completion of a course the learner finished: who, what, when, how many units, its
 * id and the site's name, with 'Print' (the print stylesheet leaves only the certificate). 'Certificate
 * not found' before the course is complete.
 */
export function CourseCertificate({ courseId }: { courseId: string }) {
  const { siteName } = useSiteSettings();
  const certificate = useQuery(courseCertificateQueryOptions(courseId));

  if (certificate.isPending) {
    return (
      <Box>
        <BackToCourse courseId={courseId} />
        <Paper
          variant="outlined"
          sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}
          aria-busy="true"
          aria-label="Loading certificate"
        >
          <Skeleton variant="text" width="60%" height={48} sx={{ mx: 'auto' }} />
          <Skeleton variant="text" width="80%" sx={{ mx: 'auto', mt: 3 }} />
          <Skeleton variant="text" width="50%" sx={{ mx: 'auto' }} />
          <Skeleton variant="text" width="40%" sx={{ mx: 'auto' }} />
        </Paper>
      </Box>
    );
  }

  if (certificate.isError) {
    const notFound = certificate.error instanceof ApiError && certificate.error.status === 404;
    return (
      <Box>
        <BackToCourse courseId={courseId} />
        {notFound ? (
          <Alert severity="warning">
            <AlertTitle>Certificate not found</AlertTitle>A certificate is given once every unit of the course
            is complete.
          </Alert>
        ) : (
          <LoadError
            message={errorMessage(certificate.error, 'Error fetching certificate')}
            onRetry={() => certificate.refetch()}
          />
        )}
      </Box>
    );
  }

  const data = certificate.data;
  const date = formatCertificateDate(data.completedAt);
  return (
    <Box>
      {printStyles}
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        className={NO_PRINT}
        sx={{ flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', mb: 2 }}
      >
        <BackToCourse courseId={courseId} mb={0} />
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          Print
        </Button>
      </Stack>
      <Paper
        variant="outlined"
        component="article"
        aria-labelledby="certificate-title"
        sx={{
          p: { xs: 3, sm: 6 },
          textAlign: 'center',
          borderWidth: 2,
          borderColor: 'primary.main',
          '@media print': { borderColor: '#000' },
        }}
      >
        <Typography variant="overline" component="p" color="text.secondary" sx={{ fontSize: '0.9rem' }}>
          {siteName}
        </Typography>
        <WorkspacePremiumOutlinedIcon color="primary" sx={{ fontSize: 56, my: 1 }} aria-hidden="true" />
        <Typography
          id="certificate-title"
          component="h1"
          variant="h3"
          sx={{ fontSize: { xs: '1.9rem', sm: '2.8rem' } }}
        >
          Certificate of completion
        </Typography>
        <Typography component="p" sx={{ mt: 4, fontSize: '1.1rem', lineHeight: 2 }}>
          This certifies that{' '}
          <Box component="strong" sx={{ display: 'block', fontSize: '1.6rem' }}>
            {data.learnerName}
          </Box>{' '}
          completed{' '}
          <Box component="strong" sx={{ display: 'block', fontSize: '1.4rem' }}>
            {data.courseTitle}
          </Box>{' '}
          on <time dateTime={data.completedAt}>{date}</time>
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {unitCountLabel(data.totalUnits)} completed
        </Typography>
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 5 }}>
          Certificate ID: {data.certificateId}
        </Typography>
      </Paper>
    </Box>
  );
}
