import os from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { corpusDir } from '../../lib/paths.js';
import { referencePixels, ssimAgainst } from '../../lib/quality.js';
import type { BenchCase, CliPeer, Output, OutputFacts } from '../case.js';

const photo = join(corpusDir, 'images', 'photo_after-the-rain_pentaxk7_3000x1993.jpg');
const png = join(corpusDir, 'images', 'photo_drop_pentaxk7_exif_2000x1333.png');

/** Threads one process may use when `concurrency` run at once: the cores shared out, at least one. */
const threads = (concurrency: number) => String(Math.max(1, Math.floor(os.cpus().length / concurrency)));
const imEnv = (concurrency: number) => ({ MAGICK_THREAD_LIMIT: threads(concurrency) });
const vipsEnv = (concurrency: number) => ({ VIPS_CONCURRENCY: threads(concurrency) });

/** The tools a user would otherwise pick: ImageMagick and libvips' CLI, with their threads shared out. */
function peers(magick: readonly string[], vips: readonly string[], extension: string): CliPeer[] {
  return [
    {
      label: 'ImageMagick convert',
      command: ['/usr/bin/convert', ...magick],
      env: imEnv,
      outputExtension: extension,
    },
    { label: 'libvips CLI', command: ['/usr/bin/vips', ...vips], env: vipsEnv, outputExtension: extension },
  ];
}

/** An output must decode as `format` at the given size; `reference` adds its similarity to the input. */
function imageCheck(format: string, width: number, height: number, reference?: string) {
  return async ({ bytes }: Output): Promise<OutputFacts> => {
    try {
      const meta = await sharp(bytes).metadata();
      if (meta.format !== format) return { problem: `${meta.format}, not ${format}` };
      if (meta.width !== width || meta.height !== height)
        return { problem: `${meta.width}×${meta.height}, not ${width}×${height}` };
      await sharp(bytes).raw().toBuffer();
      if (!reference) return {};
      return { ssim: await ssimAgainst(bytes, await referencePixels(reference, width)) };
    } catch (error) {
      return { problem: `does not decode: ${String(error)}` };
    }
  };
}

const two = [1, 2] as const;

const elephants = join(corpusDir, 'images', 'photo_elephants_3840x2160.jpg');

export const imageCases: BenchCase[] = [
  {
    group: 'images',
    // No peers: the resize benchmark compares them. This row splits the HTTP gap (see RESULTS.md).
    name: "resize to 1024 px (the resize benchmark's photo, the server's whole operation in-process)",
    input: elephants,
    http: {
      path: '/images/resize',
      file: { field: 'image', path: elephants, type: 'image/jpeg' },
      fields: { width: 1024, quality: 85 },
    },
    inProcess: 'resize',
    peers: [],
    concurrencies: two,
    check: imageCheck('jpeg', 1024, 576),
  },
  {
    group: 'images',
    name: 'rotate 90° (JPEG 3000×1993)',
    input: photo,
    http: {
      path: '/images/rotate',
      file: { field: 'image', path: photo, type: 'image/jpeg' },
      fields: { angle: 90, quality: 85 },
    },
    inProcess: 'rotate',
    peers: peers(
      ['{in}', '-auto-orient', '-rotate', '90', '-quality', '85', '-strip', '{out}'],
      ['rot', '{in}', '{out}[Q=85,strip]', 'd90'],
      '.jpg',
    ),
    concurrencies: two,
    check: imageCheck('jpeg', 1993, 3000),
  },
  {
    group: 'images',
    name: 'convert JPEG → WebP (3000×1993)',
    input: photo,
    http: {
      path: '/images/convert',
      file: { field: 'image', path: photo, type: 'image/jpeg' },
      fields: { format: 'webp', quality: 80 },
    },
    inProcess: 'convert-webp',
    peers: peers(
      ['{in}', '-auto-orient', '-quality', '80', '-strip', '{out}'],
      ['copy', '{in}', '{out}[Q=80,strip]'],
      '.webp',
    ),
    concurrencies: two,
    check: imageCheck('webp', 3000, 1993),
  },
  {
    group: 'images',
    name: 'compress JPEG (3000×1993, quality 75)',
    input: photo,
    http: {
      path: '/images/compress',
      file: { field: 'image', path: photo, type: 'image/jpeg' },
      fields: { quality: 75 },
    },
    inProcess: 'compress-jpeg',
    peers: peers(
      // ImageMagick's documented web settings: 4:2:0 chroma, progressive, metadata stripped.
      [
        '{in}',
        '-auto-orient',
        '-strip',
        '-sampling-factor',
        '4:2:0',
        '-interlace',
        'JPEG',
        '-quality',
        '75',
        '{out}',
      ],
      ['copy', '{in}', '{out}[Q=75,strip,optimize_coding,interlace]'],
      '.jpg',
    ),
    concurrencies: two,
    check: imageCheck('jpeg', 3000, 1993, photo),
  },
  {
    group: 'images',
    name: 'compress PNG (2000×1333, lossy palette allowed)',
    input: png,
    http: { path: '/images/compress', file: { field: 'image', path: png, type: 'image/png' }, fields: {} },
    inProcess: 'compress-png',
    peers: peers(
      // The same kind of result as ours by default: a 256-colour palette, the best zlib settings.
      ['{in}', '-strip', '-colors', '256', '-define', 'png:compression-level=9', '{out}'],
      ['copy', '{in}', '{out}[palette,Q=75,compression=9,strip]'],
      '.png',
    ),
    concurrencies: two,
    check: imageCheck('png', 2000, 1333, png),
    ladder: [
      ...[
        ['-colors', '128'],
        ['-colors', '64'],
        ['-colors', '32'],
        ['-dither', 'FloydSteinberg', '-colors', '256'],
        // Lossless: what ImageMagick gives when asked for no palette at all.
        [],
      ].map((colours) => ({
        tool: 'ImageMagick convert',
        setting: colours.length ? colours.join(' ') : 'lossless, compression-level=9',
        command: [
          '/usr/bin/convert',
          '{in}',
          '-strip',
          ...colours,
          '-define',
          'png:compression-level=9',
          '{out}',
        ],
      })),
      { tool: 'HTTP API', setting: 'quality=90', fields: { quality: 90 } },
      { tool: 'HTTP API', setting: 'quality=100', fields: { quality: 100 } },
      { tool: 'HTTP API', setting: 'lossless=true', fields: { lossless: true } },
    ],
  },
];
