import { readFileSync } from 'node:fs';

/**
 * CPU time the hypervisor gave to other machines ("steal" in /proc/stat) while a benchmark ran. On a
 * shared virtual machine it can reach a third of the time and more (seen here), which slows every
 * figure of that run: the benchmarks print it beside their tables so a run can be judged.
 */
export interface CpuSample {
  steal: number;
  total: number;
}

/** The machine's CPU counters now; null where /proc/stat does not exist (not Linux). */
export function cpuSample(): CpuSample | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already inside user).
    const counted = fields.slice(0, 8);
    if (counted.length < 8 || counted.some((value) => !Number.isFinite(value))) return null;
    return { steal: counted[7]!, total: counted.reduce((sum, value) => sum + value, 0) };
  } catch {
    return null;
  }
}

/** The share of CPU time stolen between two samples, in per cent (one decimal); null when unknown. */
export function stealPercent(before: CpuSample | null, after: CpuSample | null): number | null {
  if (!before || !after || after.total <= before.total) return null;
  return Math.round(((after.steal - before.steal) / (after.total - before.total)) * 1000) / 10;
}
