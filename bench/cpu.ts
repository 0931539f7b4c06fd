/**
 * CPU time of the processes a booking figure depends on, read from /proc (Linux), for the bench's
 * "CPU per booking" figures. On these shared two-core machines bookings per second move by ±15 % from
 * burst to burst with the machine's other work; the CPU each booking costs each process moves far less,
 * so it is what shows where the time goes and whether a change took some of it out.
 */
import { readFileSync } from 'node:fs';

/** Clock ticks per second (`getconf CLK_TCK`): 100 on Linux. */
const TICK_MS = 10;

/** A process's own CPU time and that of its children it has waited for (ms), or null where /proc cannot tell. */
function processCpu(pid: number): { own: number; reaped: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name (in parentheses, which may hold spaces): state, ppid, … utime is field 14.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const at = (field: number) => Number(fields[field - 3]);
    return { own: (at(14) + at(15)) * TICK_MS, reaped: (at(16) + at(17)) * TICK_MS };
  } catch {
    return null;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The CPU time (ms) of a process and every process under it, each counted once; reaped children count with their parent. */
export type CpuSnapshot = Map<number, number> | null;

export function cpuOfTree(root: number | undefined): CpuSnapshot {
  if (root === undefined || processCpu(root) === null) return null;
  const times = new Map<number, number>();
  const visit = (pid: number) => {
    const cpu = processCpu(pid);
    if (!cpu) return;
    times.set(pid, cpu.own + cpu.reaped);
    for (const child of childrenOf(pid)) visit(child);
  };
  visit(root);
  return times;
}

/**
 * CPU (ms) spent between two snapshots of the same tree. Totals, not each process's difference: a
 * process that ended meanwhile (a database connection closed) is gone from the second snapshot, and its
 * time is in its parent's reaped children's time; one that started meanwhile counts from zero.
 */
export function cpuSpent(before: CpuSnapshot, after: CpuSnapshot): number | null {
  if (!before || !after) return null;
  const total = (snapshot: Map<number, number>) => [...snapshot.values()].reduce((sum, ms) => sum + ms, 0);
  return total(after) - total(before);
}

/** This process's CPU time (ms), its threads included. */
export const ownCpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
