/**
 * Child processes (the server, Chromium) that must not outlive the benchmark when it is interrupted
 * with Ctrl+C or SIGTERM: Node's default for those signals exits without any cleanup.
 */
const children = new Set<{ kill: (signal?: NodeJS.Signals) => boolean }>();
let installed = false;

export function killOnInterrupt(child: { kill: (signal?: NodeJS.Signals) => boolean }): () => void {
  children.add(child);
  if (!installed) {
    installed = true;
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        for (const c of children) c.kill('SIGKILL');
        process.exit(130);
      });
    }
  }
  return () => children.delete(child);
}
