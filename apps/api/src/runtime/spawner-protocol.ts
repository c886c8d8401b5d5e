import type { SpawnRequest } from './spawner.js';

/** What the server asks of the spawn helper (spawner.ts, spawner-process.ts). */
export type HelperRequest = { type: 'run'; id: number } & Omit<SpawnRequest, 'args'> & { args: string[] };

/** What the helper reports about job `id`: its pid, its output, then one close. */
export type HelperMessage =
  | { type: 'spawned'; id: number; pid: number }
  | { type: 'stdout' | 'stderr'; id: number; chunk: Uint8Array }
  | { type: 'error'; id: number; message: string; code?: string | undefined }
  | { type: 'close'; id: number; code: number | null };
