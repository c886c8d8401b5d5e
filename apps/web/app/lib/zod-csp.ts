import { config } from 'zod/v4/core';

/**
 * Zod probes `new Function` to decide whether it may compile faster parsers. Under the site's strict
 * Content-Security-Policy (no 'unsafe-eval') the browser reports that probe as a violation even though
 * zod catches the error. `jitless` skips the probe. It must run before the catalog builds its schemas,
 * so the docs page frame imports this module before anything that imports the catalog.
 */
config({ jitless: true });
