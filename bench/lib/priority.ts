import os from 'node:os';

/**
 * Raises this process's scheduling priority (nice −10), which every child it starts (server, workers,
 * CLI tools, Chromium) inherits. On a machine shared with other people's builds and tests, the measured
 * processes then get most of the CPU they ask for, and the tools compared all get the same priority.
 * Needs root (or CAP_SYS_NICE); elsewhere the benchmark runs at normal priority and says so.
 */
export function raisePriority(): string {
  try {
    os.setPriority(-10);
    return 'nice −10 (benchmark and every process it starts)';
  } catch {
    return 'normal (could not raise it: not root)';
  }
}
