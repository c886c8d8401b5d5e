/**
 * Zod probes `new Function` to decide whether it may compile faster parsers. Under the site's strict
 * Content-Security-Policy (no 'unsafe-eval') the browser reports that probe as a violation even though
 * zod catches the error. Zod's `jitless` setting skips the probe.
 *
 * The setting is written to the object zod keeps its global configuration in (`z.config()` writes the
 * same object), so this module does not need to import zod: it runs from the docs page frame, which is
 * evaluated before any chunk that builds a schema, without putting zod into that page's first load.
 * The unit test checks that zod reads the setting.
 */
declare global {
  var __zod_globalConfig: Record<string, unknown> | undefined;
}

globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, { jitless: true });

export {};
