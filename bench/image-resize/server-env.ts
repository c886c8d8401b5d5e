/**
 * Environment for the server under test (apps/api/src/config.ts lists every variable): only the rate
 * limit is raised, so the benchmark measures resizing and not the limiter; every other setting —
 * threads, load shedding, logging — stays at its production default.
 */
export function serverEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { RATE_LIMIT_MAX: '1000000', ...extra };
}
