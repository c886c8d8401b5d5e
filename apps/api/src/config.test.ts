import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('EXECUTION=shared', () => {
  it('refuses to start without REDIS_URL, saying why', () => {
    expect(() => loadConfig({ EXECUTION: 'shared' })).toThrow(
      new ConfigError(
        'Invalid environment: EXECUTION=shared needs REDIS_URL (the instances share their jobs and rate limits through it).',
      ),
    );
    // An empty value counts as unset.
    expect(() => loadConfig({ EXECUTION: 'shared', REDIS_URL: ' ' })).toThrow(ConfigError);
  });

  it('with REDIS_URL runs as direct does: requests and jobs in this instance, through Redis', () => {
    const config = loadConfig({ EXECUTION: 'shared', REDIS_URL: 'redis://:secret@redis:6379' });
    expect(config.jobs.execution).toBe('direct');
    expect(config.rateLimit.redisUrl).toBe('redis://:secret@redis:6379');
    expect(loadConfig({}).jobs.execution).toBe('direct');
    expect(loadConfig({ EXECUTION: 'queue', REDIS_URL: 'redis://redis:6379' }).jobs.execution).toBe('queue');
  });
});
