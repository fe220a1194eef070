import { readdirSync, readFileSync } from 'node:fs';

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

/** CPU seconds of the processes that serve a bench run, by who spent them. */
export interface ServingCpu {
  /** Node processes started since `since` (the server and its workers) */
  server: number;
  /** every PostgreSQL process (backends, WAL writer, checkpointer, autovacuum) */
  postgres: number;
}

const TICKS_PER_SECOND = 100;

/** Clock ticks since the machine booted, on the same clock as a process's start in /proc/<pid>/stat. */
export function ticksSinceBoot(): number {
  try {
    return Math.floor(Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]) * TICKS_PER_SECOND);
  } catch {
    return 0;
  }
}

/**
 * Per process, the CPU ticks (user and system) of the server's Node processes (started since `sinceTicks`
 * of `ticksSinceBoot`, so not the bench itself nor anything older) and of PostgreSQL's, read from /proc;
 * null off Linux. Two
 * samples give what each side spent between them (`servingCpuBetween`); a process that exits between them
 * takes its ticks with it, so sample while the server still runs.
 */
export function servingCpuSample(
  sinceTicks: number,
): Map<number, { kind: keyof ServingCpu; ticks: number }> | null {
  try {
    const sample = new Map<number, { kind: keyof ServingCpu; ticks: number }>();
    for (const entry of readdirSync('/proc')) {
      const pid = Number(entry);
      if (!Number.isInteger(pid) || pid === process.pid) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue;
      }
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      // After the command: state is field 3; utime 14, stime 15, starttime 22.
      const fields = stat.slice(close + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      const started = Number(fields[19]);
      if (comm === 'postgres') sample.set(pid, { kind: 'postgres', ticks });
      else if (comm.startsWith('node') && started >= sinceTicks) sample.set(pid, { kind: 'server', ticks });
    }
    return sample;
  } catch {
    return null;
  }
}

/** CPU seconds each side spent between two samples; null when either is unknown. */
export function servingCpuBetween(
  before: ReturnType<typeof servingCpuSample>,
  after: ReturnType<typeof servingCpuSample>,
): ServingCpu | null {
  if (!before || !after) return null;
  const spent: ServingCpu = { server: 0, postgres: 0 };
  for (const [pid, now] of after)
    spent[now.kind] += (now.ticks - (before.get(pid)?.ticks ?? 0)) / TICKS_PER_SECOND;
  return { server: Math.round(spent.server * 10) / 10, postgres: Math.round(spent.postgres * 10) / 10 };
}
