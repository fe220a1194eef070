/** Texts of the settings endpoints that are not in the contract (spec §8 where it has them). */
export const SETTINGS_MESSAGES = {
  enableBeforeTest: 'Enable PayPal and save the settings before testing the connection',
  saveBeforeTest: 'Save a PayPal client ID and client secret before testing the connection',
  typeToTest: 'Enter a PayPal client ID and client secret to test the connection',
  refused: (reason: string) => `PayPal refused the credentials: ${reason}`,
  /** spec §8: '{provider} connection successful! Mode: {mode}' */
  connected: (mode: string) => `PayPal connection successful! Mode: ${mode}`,
} as const;
