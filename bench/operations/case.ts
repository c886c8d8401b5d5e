/**
 * One operation compared side by side: the HTTP endpoint, the same operation in-process (where the
 * issue asks for it) and the command-line tools a user would otherwise pick. A case is data: adding
 * an operation to the benchmark is a few lines in cases/<group>.ts.
 */

/** What a run produced, as the case's check sees it. */
export interface Output {
  bytes: Buffer;
  /** The response's Content-Type (HTTP) or undefined (CLI, in-process). */
  contentType?: string;
}

/** Facts about an output the report shows beside the speed. */
export interface OutputFacts {
  /** What is wrong with the output, or undefined when it is right. */
  problem?: string;
  /** Structural similarity to the case's reference (images), 0–1. */
  ssim?: number;
  /** Any other figure worth a column: pages, words agreeing, … */
  note?: string;
}

export interface HttpCall {
  path: string;
  /** A file upload: the multipart field and the file; text fields go with it. */
  file?: { field: string; path: string; type: string };
  /** Several files under one field (archives). */
  files?: { field: string; paths: readonly string[] };
  /** Form fields (multipart) or the JSON body (when no file is sent). */
  fields: Record<string, string | number | boolean>;
  /** Request headers (e.g. Accept). */
  headers?: Record<string, string>;
}

export interface CliPeer {
  /** Shown in the table, e.g. "ImageMagick convert". */
  label: string;
  /** The program and its arguments; `{in}` and `{out}` are replaced by the input and output paths. */
  command: readonly string[];
  /** Environment for a run at a concurrency (thread limits). */
  env?: (concurrency: number) => Record<string, string>;
  /**
   * Where the output is: the `{out}` file (default), or the program's standard output, which is
   * sent straight to that file (a shell's `> out`), not read by the benchmark while it is timed.
   */
  output?: 'file' | 'stdout';
  /** Output file name extension (for tools that pick the format by it). */
  outputExtension?: string;
  /** How many times as fast as this peer HTTP must be (default: as fast; audio and PDF: within 10%). */
  speedup?: number;
}

/**
 * A bare server of the benchmark's own, started for each of its cells in a process of its own:
 * the case's input is POSTed to it as the raw body (no multipart), back to back like HTTP's.
 */
export interface ServerPeer {
  label: string;
  /** A Node script (bench/operations/peers/) that prints the port it listens on. */
  server: string;
  /** As CliPeer's. */
  speedup?: number;
}

export interface BenchCase {
  /** Which issue's table the case belongs to. */
  group: 'images' | 'data' | 'files' | 'media';
  name: string;
  /** The input file (single-file operations) shown in the table and given to the peers as `{in}`. */
  input: string;
  http: HttpCall;
  /** A module of bench/operations/in-process/ whose default export runs the operation on the input bytes. */
  inProcess?: string;
  peers: readonly (CliPeer | ServerPeer)[];
  concurrencies: readonly number[];
  /** Checks one output (the first of each cell) and measures what the report shows beside the speed. */
  check: (output: Output) => Promise<OutputFacts>;
  /**
   * Other settings of the same tools, each run once and untimed, to place every tool's bytes against
   * its SSIM: "smaller at equal or better SSIM" is then judged with each side matched to the other's
   * quality (bench/operations/ladder.ts), not only at the one setting of the timed rows.
   */
  ladder?: readonly LadderStep[];
}

/** One setting of a quality ladder: HTTP with other fields, or a peer (by label) with other arguments. */
export type LadderStep =
  | { tool: 'HTTP API'; setting: string; fields: Record<string, string | number | boolean> }
  | { tool: string; setting: string; command: readonly string[] };

/** One cell: one tool at one concurrency. */
export interface CellResult {
  case: string;
  group: BenchCase['group'];
  tool: string;
  concurrency: number;
  opsPerSecond: number;
  p50Ms: number;
  completed: number;
  errors: number;
  errorSamples: string[];
  outputBytes: number | undefined;
  facts: OutputFacts;
  systemCpuPercent: number | undefined;
  /** Operations per second of every round this cell was measured in (settings.rounds), in the order run. */
  rounds?: number[];
}
