import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LockResetIcon from '@mui/icons-material/LockReset';
import SaveIcon from '@mui/icons-material/Save';
import type { SiteSettings } from '@mlp/contract';
import { PageHeader, SectionCard } from '../../../components/page-sections.tsx';
import { BusyButton } from '../../../components/form/form-controls.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { adminSettingsQueryOptions, useAdminRole } from '../../../lib/admin/admin-api.ts';
import { ADMIN_ROLE_LABELS } from '@mlp/contract/constants';
import { adminCan } from '@mlp/contract/routes';
import { useTestPaypalMutation, useUpdateSettingsMutation } from '../api/settings-api.ts';
import { useFeedback } from '../../../components/feedback.tsx';
import { TEST_PAYMENTS_ON } from '../../../components/admin/test-payments-warning.tsx';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import {
  paymentTestState,
  paypalProblems,
  toFormValues,
  toTestBody,
  toUpdateBody,
  validateSettings,
  webhookHelp,
  type SettingsErrors,
  type SettingsFormValues,
} from '../settings-rules.ts';

// A disabled field's helper text still has to be readable (WCAG contrast): only the field is disabled.
const readableHelper = { formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } } as const;

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <SectionCard title={title}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {description}
      </Typography>
      {children}
    </SectionCard>
  );
}

/** The System section's switches, in the order shown. */
const SYSTEM_SWITCHES = [
  {
    field: 'maintenanceMode',
    label: 'Maintenance Mode',
    description: 'Learners see a maintenance notice and cannot use the site. This panel keeps working.',
  },
  {
    field: 'registrationEnabled',
    label: 'Registration Enabled',
    description: 'New learners can create accounts.',
  },
  {
    field: 'examCreationEnabled',
    label: 'Exam Creation Enabled',
    description: 'Administrators can create new exams.',
  },
] as const;
type SystemSwitch = (typeof SYSTEM_SWITCHES)[number];

/** The Community section's switches (decision 0056). */
const COMMUNITY_SWITCHES: ReadonlyArray<{
  field: keyof SettingsFormValues['community'];
  label: string;
  description: string;
}> = [
  {
    field: 'enabled',
    label: 'Community discussions',
    description: 'Off hides every discussion under questions and articles.',
  },
  {
    field: 'holdFirstComments',
    label: 'Hold first comments for approval',
    description: "A learner's comments wait for a moderator until one of theirs has been approved.",
  },
];

function SwitchRow({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const descriptionId = useId();
  return (
    <Box sx={{ py: 1 }}>
      <FormControlLabel
        label={label}
        control={
          <Switch
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': descriptionId } }}
          />
        }
      />
      <Typography id={descriptionId} variant="body2" color="text.secondary" sx={{ ml: { xs: 0, sm: 6 } }}>
        {description}
      </Typography>
    </Box>
  );
}

function SettingsForm({ saved }: { saved: SiteSettings }) {
  const [values, setValues] = useState<SettingsFormValues>(() => toFormValues(saved));
  const [errors, setErrors] = useState<SettingsErrors>({});
  // After a first save attempt, the PayPal fields' problems show as errors as they change.
  const [attempted, setAttempted] = useState(false);
  const update = useUpdateSettingsMutation();
  const testPaypal = useTestPaypalMutation();
  const { feedback, show } = useFeedback();

  /** A General field's full width, normal margin and value. */
  const text = (field: 'siteName' | 'siteDescription' | 'contactEmail') => ({
    fullWidth: true,
    margin: 'normal' as const,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
  });
  /** A System switch's value. */
  const flag = (field: SystemSwitch['field']) => ({
    checked: values[field],
    onChange: (checked: boolean) => setValues((current) => ({ ...current, [field]: checked })),
  });
  /** A Community switch's value. */
  const communityFlag = (field: keyof SettingsFormValues['community']) => ({
    checked: values.community[field],
    onChange: (checked: boolean) =>
      setValues((current) => ({ ...current, community: { ...current.community, [field]: checked } })),
  });
  const setPaypal = (patch: Partial<SettingsFormValues['paypal']>) => {
    testPaypal.reset();
    setValues((current) => ({ ...current, paypal: { ...current.paypal, ...patch } }));
  };
  /** A PayPal text field's full width, normal margin and value; off while PayPal is. */
  const paypalText = (field: 'clientId' | 'clientSecret' | 'webhookId') => ({
    fullWidth: true,
    margin: 'normal' as const,
    disabled: !values.paypal.enabled,
    value: values.paypal[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setPaypal({ [field]: event.target.value }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSettings(values, saved);
    setErrors(found);
    setAttempted(true);
    if (Object.keys(found).length > 0) return;
    update.mutate(toUpdateBody(values), {
      onSuccess: (result) => {
        // The secret field empties again: the saved secret is never sent back.
        setValues(toFormValues(result));
        show('Settings updated successfully');
      },
    });
  };

  const paypalEnabled = values.paypal.enabled;
  const { canTest, hint } = paymentTestState(values, saved);
  const paypalMissing = paypalProblems(values, saved);

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Site settings">
      <Stack spacing={3}>
        <Section title="General" description="How the site names and describes itself.">
          <TextField
            label="Site Name"
            required
            {...text('siteName')}
            error={Boolean(errors.siteName)}
            helperText={errors.siteName ?? 'Shown in the top bar and the browser tab'}
          />
          <TextField label="Site Description" multiline minRows={2} {...text('siteDescription')} />
          <TextField
            label="Contact Email"
            type="email"
            required
            {...text('contactEmail')}
            error={Boolean(errors.contactEmail)}
            helperText={errors.contactEmail}
          />
        </Section>

        <Section title="Payment" description="PayPal takes the monthly subscription payments, in GBP.">
          <FormControlLabel
            label="Enable PayPal"
            control={
              <Switch
                checked={paypalEnabled}
                onChange={(event) => setPaypal({ enabled: event.target.checked })}
              />
            }
          />
          <TextField
            label="Client ID"
            {...paypalText('clientId')}
            autoComplete="off"
            error={attempted && Boolean(paypalMissing.clientId)}
            helperText={paypalMissing.clientId}
          />
          <TextField
            label="Client Secret"
            type="password"
            {...paypalText('clientSecret')}
            autoComplete="new-password"
            slotProps={readableHelper}
            error={attempted && Boolean(paypalMissing.clientSecret)}
            helperText={
              paypalMissing.clientSecret ??
              (saved.paypal.hasClientSecret
                ? 'A secret is saved. Leave empty to keep it.'
                : 'No secret saved yet.')
            }
          />
          <TextField
            select
            label="Mode"
            fullWidth
            margin="normal"
            disabled={!paypalEnabled}
            value={values.paypal.mode}
            onChange={(event) =>
              setPaypal({ mode: event.target.value as SettingsFormValues['paypal']['mode'] })
            }
          >
            <MenuItem value="sandbox">Sandbox</MenuItem>
            <MenuItem value="production">Production</MenuItem>
          </TextField>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ mt: 1, alignItems: { sm: 'center' } }}
          >
            <Button
              variant="outlined"
              disabled={!canTest || testPaypal.isPending}
              onClick={() => testPaypal.mutate(toTestBody(values))}
              startIcon={testPaypal.isPending ? <CircularProgress size={16} aria-hidden="true" /> : undefined}
              sx={{ flexShrink: 0 }}
            >
              {testPaypal.isPending ? 'Testing...' : 'Test Connection'}
            </Button>
            {hint && (
              <Typography variant="body2" color="text.secondary">
                {hint}
              </Typography>
            )}
          </Stack>
          {testPaypal.isSuccess && (
            <Alert severity="success" sx={{ mt: 2 }}>
              {`PayPal connection successful! Mode: ${testPaypal.data.mode}`}
            </Alert>
          )}
          {testPaypal.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(testPaypal.error, 'Error testing PayPal connection')}
            </Alert>
          )}
          <TextField
            label="Webhook ID"
            {...paypalText('webhookId')}
            autoComplete="off"
            error={Boolean(errors.webhookId)}
            helperText={errors.webhookId ?? webhookHelp(window.location.origin)}
            slotProps={{
              // The webhook's address is one long word: it wraps anywhere on a phone.
              formHelperText: {
                sx: { overflowWrap: 'anywhere', '&.Mui-disabled': { color: 'text.secondary' } },
              },
              htmlInput: { spellCheck: false },
            }}
          />
          <SwitchRow
            label="Allow Test Payments in Production"
            description="In Sandbox mode learners may subscribe to paid exams with the demo payment, which takes no money. Outside production this is always so; on the live site only while this is on (decision 0019)."
            checked={values.paypal.testPayments}
            onChange={(checked) => setPaypal({ testPayments: checked })}
          />
          {saved.testPaymentsActive && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {TEST_PAYMENTS_ON}
            </Alert>
          )}
        </Section>

        <Section title="System" description="Switch parts of the platform on or off.">
          {SYSTEM_SWITCHES.map((row) => (
            <SwitchRow key={row.field} label={row.label} description={row.description} {...flag(row.field)} />
          ))}
        </Section>

        <Section
          title="Community"
          description="Discussions under questions and articles, and how new learners' comments are checked."
        >
          {COMMUNITY_SWITCHES.map((row) => (
            <SwitchRow
              key={row.field}
              label={row.label}
              description={row.description}
              {...communityFlag(row.field)}
            />
          ))}
        </Section>

        {update.isError && (
          <Alert severity="error">{errorMessage(update.error, 'Error updating settings')}</Alert>
        )}
        <Box>
          <BusyButton
            type="submit"
            size="large"
            busy={update.isPending}
            busyLabel="Saving..."
            spinner
            startIcon={<SaveIcon />}
          >
            Save Settings
          </BusyButton>
        </Box>
      </Stack>
      {feedback}
    </Box>
  );
}

/** Spec §2 Admin settings: general, payment, system and community sections, and the password dialog. */
export function SettingsPage() {
  const role = useAdminRole();
  // Every role changes its own password here; only an Owner sees the site's settings (decision 0067).
  const readsSettings = adminCan(role, 'adminSettings', 'read');
  const settings = useQuery({ ...adminSettingsQueryOptions(), enabled: readsSettings });
  const [changingPassword, setChangingPassword] = useState(false);
  return (
    <>
      <PageHeader
        title="Settings"
        subtitle={
          role && !readsSettings
            ? 'Your administrator password'
            : 'Site-wide settings and your administrator password'
        }
        actions={
          <Button variant="outlined" startIcon={<LockResetIcon />} onClick={() => setChangingPassword(true)}>
            Change Password
          </Button>
        }
      />
      {role && !readsSettings && (
        <Alert severity="info">
          Site settings are managed by an Owner. Your role is {ADMIN_ROLE_LABELS[role]}.
        </Alert>
      )}
      {(role === undefined || (readsSettings && settings.isPending)) && (
        <Stack spacing={3} role="status" aria-label="Loading settings">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} variant="rounded" height={200} />
          ))}
        </Stack>
      )}
      {settings.isError && (
        <Alert severity="error">{errorMessage(settings.error, 'Error fetching settings')}</Alert>
      )}
      {settings.isSuccess && <SettingsForm saved={settings.data} />}
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </>
  );
}
