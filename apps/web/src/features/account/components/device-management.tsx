import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DevicesIcon from '@mui/icons-material/Devices';
import LogoutIcon from '@mui/icons-material/Logout';
import { DEVICE_NAME_MAX_LENGTH, RenameDeviceBodySchema, type Device } from '@mlp/contract';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import {
  devicesQueryOptions,
  useLogoutDeviceMutation,
  useRemoveDeviceMutation,
  useRenameDeviceMutation,
} from '../api/account-api.ts';
import { SectionCard } from '../../../components/page-sections.tsx';

/** A dialog to give a device a name of the learner's choosing (decision 0020). */
function RenameDeviceDialog({ device, onClose }: { device: Device | null; onClose: () => void }) {
  const renameDevice = useRenameDeviceMutation();
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState<string | null>(null);
  // Start each opening from the device's current name (set during render, not in an effect).
  if (device && shownFor !== device._id) {
    setShownFor(device._id);
    setName(device.deviceName);
    setInvalid(null);
  }
  const close = () => {
    if (renameDevice.isPending) return;
    renameDevice.reset();
    setShownFor(null);
    onClose();
  };
  const save = () => {
    if (!device) return;
    const parsed = RenameDeviceBodySchema.safeParse({ deviceName: name });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Device name is invalid');
      return;
    }
    setInvalid(null);
    renameDevice.mutate({ device, ...parsed.data }, { onSuccess: () => close() });
  };
  const failure = renameDevice.isError ? errorMessage(renameDevice.error, 'Error renaming device') : null;
  return (
    <Dialog
      open={device !== null}
      onClose={close}
      aria-labelledby="rename-device-title"
      fullWidth
      maxWidth="xs"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <DialogTitle id="rename-device-title">Rename Device</DialogTitle>
        <DialogContent>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="Device name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={invalid !== null}
            helperText={invalid ?? ' '}
            slotProps={{ htmlInput: { maxLength: DEVICE_NAME_MAX_LENGTH } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={renameDevice.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={renameDevice.isPending}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function DeviceRow({
  device,
  divider,
  busy,
  onLogout,
  onRemove,
  onRename,
}: {
  device: Device;
  divider: boolean;
  busy: boolean;
  onLogout: (device: Device) => void;
  onRemove: (device: Device) => void;
  onRename: (device: Device) => void;
}) {
  const nameId = `device-${device._id}-name`;
  return (
    <ListItem divider={divider} sx={{ px: 0, py: 2, display: 'block' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <DevicesIcon color="action" aria-hidden="true" />
            <Typography
              id={nameId}
              component="h3"
              variant="subtitle1"
              sx={{ fontWeight: 600, wordBreak: 'break-word' }}
            >
              {device.deviceName}
            </Typography>
            {device.current && <Chip label="This device" color="primary" size="small" />}
            <Chip
              label={device.loggedIn ? 'Logged in' : 'Logged out'}
              color={device.loggedIn ? 'success' : 'default'}
              variant="outlined"
              size="small"
            />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Last used: {formatDateTime(device.lastUsed)}
          </Typography>
        </Box>
        {/* On a phone the three buttons wrap as whole buttons, never mid-word. */}
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexShrink: 0, flexWrap: 'wrap', '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
        >
          <Button
            variant="outlined"
            size="small"
            startIcon={<EditOutlinedIcon />}
            disabled={busy}
            aria-describedby={nameId}
            onClick={() => onRename(device)}
          >
            Rename
          </Button>
          <Button
            variant="outlined"
            size="small"
            startIcon={<LogoutIcon />}
            disabled={!device.loggedIn || busy}
            aria-describedby={nameId}
            onClick={() => onLogout(device)}
          >
            Log out
          </Button>
          <Button
            variant="outlined"
            color="error"
            size="small"
            startIcon={<DeleteOutlinedIcon />}
            disabled={busy}
            aria-describedby={nameId}
            onClick={() => onRemove(device)}
          >
            Remove
          </Button>
        </Stack>
      </Stack>
    </ListItem>
  );
}

export function DeviceManagement() {
  const { endSession } = useAuth();
  const navigate = useNavigate();
  const devices = useQuery(devicesQueryOptions());
  const logoutDevice = useLogoutDeviceMutation();
  const removeDevice = useRemoveDeviceMutation();
  const [deviceToRemove, setDeviceToRemove] = useState<Device | null>(null);
  const [deviceToRename, setDeviceToRename] = useState<Device | null>(null);

  // Spec §4: logging out or removing the device in use ends this session.
  const endThisSession = () => {
    endSession();
    void navigate('/login', { replace: true });
  };

  const handleLogout = (device: Device) => {
    removeDevice.reset();
    logoutDevice.mutate(device, { onSuccess: () => (device.current ? endThisSession() : undefined) });
  };

  const confirmRemove = () => {
    if (!deviceToRemove) return;
    logoutDevice.reset();
    removeDevice.mutate(deviceToRemove, {
      onSuccess: (_result, device) => {
        setDeviceToRemove(null);
        if (device.current) endThisSession();
      },
      onError: () => setDeviceToRemove(null),
    });
  };

  const busy = logoutDevice.isPending || removeDevice.isPending;
  const list = devices.data?.devices ?? [];

  return (
    <SectionCard title="Device Management" titleVariant="h5" gutterBottom>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Devices that have signed in to your account. Log out or remove any you no longer use.
      </Typography>
      {logoutDevice.isError && (
        <Alert severity="error" sx={{ my: 1 }}>
          {errorMessage(logoutDevice.error, 'Error logging out device')}
        </Alert>
      )}
      {removeDevice.isError && (
        <Alert severity="error" sx={{ my: 1 }}>
          {errorMessage(removeDevice.error, 'Error removing device')}
        </Alert>
      )}
      {devices.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress aria-label="Loading devices" />
        </Box>
      )}
      {devices.isError && (
        <Alert severity="error" sx={{ my: 1 }}>
          {errorMessage(devices.error, 'Error fetching devices')}
        </Alert>
      )}
      {devices.isSuccess && list.length === 0 && <Typography sx={{ py: 2 }}>No devices found.</Typography>}
      {list.length > 0 && (
        <List disablePadding>
          {list.map((device, index) => (
            <DeviceRow
              key={device._id}
              device={device}
              divider={index < list.length - 1}
              busy={busy}
              onLogout={handleLogout}
              onRemove={setDeviceToRemove}
              onRename={setDeviceToRename}
            />
          ))}
        </List>
      )}

      <RenameDeviceDialog device={deviceToRename} onClose={() => setDeviceToRename(null)} />

      <Dialog
        open={deviceToRemove !== null}
        onClose={() => (removeDevice.isPending ? undefined : setDeviceToRemove(null))}
        aria-labelledby="remove-device-title"
        aria-describedby="remove-device-description"
      >
        <DialogTitle id="remove-device-title">Remove Device</DialogTitle>
        <DialogContent>
          <DialogContentText id="remove-device-description">
            Are you sure you want to remove this device from your account?
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeviceToRemove(null)} disabled={removeDevice.isPending}>
            Cancel
          </Button>
          <Button onClick={confirmRemove} color="error" variant="contained" disabled={removeDevice.isPending}>
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </SectionCard>
  );
}
