/** Texts of the device endpoints. */
export const DEVICE_MESSAGES = {
  loggedOut: 'Device logged out',
  renamed: 'Device renamed',
  removed: 'Device removed',
} as const;
