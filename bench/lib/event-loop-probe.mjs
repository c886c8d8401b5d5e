// Preloaded into the server by the operations benchmark (`node --import`): the server's own
// event-loop delay, from perf_hooks, for the health batch. SIGUSR2 starts the measured stretch
// (dropping start-up, when modules load); at exit the percentiles go to BENCH_EVENT_LOOP_FILE.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_EVENT_LOOP_FILE;
if (file) {
  const resolutionMs = 2;
  const histogram = monitorEventLoopDelay({ resolution: resolutionMs });
  histogram.enable();
  process.on('SIGUSR2', () => histogram.reset());
  // The histogram counts the timer's own period too: what is left is the delay.
  const delay = (ns) => Math.max(0, ns / 1e6 - resolutionMs);
  process.on('exit', () => {
    writeFileSync(
      file,
      JSON.stringify({
        samples: histogram.count,
        p50Ms: delay(histogram.percentile(50)),
        p99Ms: delay(histogram.percentile(99)),
        maxMs: delay(histogram.max),
      }),
    );
  });
}
