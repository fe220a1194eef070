/** The operators' metrics (decision 0070). */
export const METRICS_PATH = '/api/metrics';

export const METRICS_MESSAGES = {
  unavailable: 'Metrics are not available just now; try again shortly',
  wrongToken: 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>',
} as const;
