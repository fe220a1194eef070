/* Reading the operators' metrics (Prometheus text exposition) in tests. */

/**
 * The value of one series of an exposition, e.g. `mlp_mail_outbox_backlog` or `name{label="…"}`;
 * undefined when the exposition has no such line.
 */
export function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
