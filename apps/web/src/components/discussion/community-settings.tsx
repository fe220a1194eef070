import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../lib/api-client.ts';
import { useSiteSettings } from '../../lib/site-settings.tsx';
import { LoadError } from '../load-error.tsx';
import { SectionCard } from '../page-sections.tsx';
import { ChangeDisplayNameDialog, DisplayNameForm } from './comment-composer.tsx';
import { communityProfileQueryOptions } from './discussion-api.ts';

/**
 * The Settings page's Community card (decision 0056): the public display name the learner's comments show
 * (chosen here or before their first post, changed at any time), and a moderator's suspension if any.
 * Nothing while the community is switched off.
 */
export function CommunitySettings() {
  const { communityEnabled } = useSiteSettings();
  const profile = useQuery({ ...communityProfileQueryOptions(), enabled: communityEnabled });
  const [changing, setChanging] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  if (!communityEnabled) return null;

  let body;
  if (profile.isPending) {
    body = <Skeleton variant="rounded" height={56} aria-label="Loading your community profile" />;
  } else if (profile.isError) {
    body = (
      <LoadError
        message={errorMessage(profile.error, 'Your community profile could not be loaded')}
        onRetry={() => profile.refetch()}
      />
    );
  } else if (profile.data.displayName === null) {
    body = <DisplayNameForm onSaved={setNotice} />;
  } else {
    const { displayName } = profile.data;
    body = (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography>
          Your display name: <strong>{displayName}</strong>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Other learners see it beside your comments; your e-mail is never shown.
        </Typography>
        <Button variant="outlined" size="small" onClick={() => setChanging(true)}>
          Change display name
        </Button>
        <ChangeDisplayNameDialog
          open={changing}
          current={displayName}
          onClose={() => setChanging(false)}
          onSaved={(message) => {
            setChanging(false);
            setNotice(message);
          }}
        />
      </Stack>
    );
  }

  return (
    <SectionCard title="Community" gutterBottom>
      <Stack spacing={2}>
        {profile.data?.commentingSuspended && (
          <Alert severity="warning">
            A moderator has suspended your commenting. You can still read discussions.
          </Alert>
        )}
        {body}
        {notice && (
          <Typography role="status" variant="body2" color="success.main">
            {notice}
          </Typography>
        )}
      </Stack>
    </SectionCard>
  );
}
