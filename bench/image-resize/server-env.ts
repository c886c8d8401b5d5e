/**
 * Environment for the server under test (apps/api/src/config.ts lists every variable): the rate
 * limit and the per-client share of upload slots are raised, because the load generator is one
 * address standing for many clients, so the benchmark measures the work and not the limiters; every
 * other setting — threads, load shedding, logging — stays at its production default.
 */
export function serverEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { RATE_LIMIT_MAX: '1000000', UPLOADS_PER_CLIENT: '10000', ...extra };
}
