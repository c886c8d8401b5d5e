/**
 * Whether this process comes back to idle (under `busyMs` of CPU over half a second) within `ms`:
 * work that was stopped stops using the CPU; work left running would not.
 */
export async function idleWithin(ms: number, busyMs = 250): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    const start = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const used = process.cpuUsage(start);
    if ((used.user + used.system) / 1000 < busyMs) return true;
  }
  return false;
}
