import { describe, expect, it } from 'vitest';

describe('zod under the Content-Security-Policy', () => {
  it('runs zod jitless, so it never probes eval', async () => {
    await import('./zod-csp');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // Schemas still validate normally.
    expect(z.object({ width: z.number() }).safeParse({ width: 3 }).success).toBe(true);
  });
});
