/**
 * Environment for the server under test: its documented limits raised so the benchmark measures
 * resizing, not the rate limiter (see apps/api/README.md for the variables).
 */
export function serverEnv(): Record<string, string> {
  return {
    RATE_LIMIT_MAX: '1000000',
  };
}
