import sharp from 'sharp';

/**
 * Process-wide libvips settings. The operation cache is off: every upload is new, so cached
 * operations would only keep input buffers alive. Each image gets `concurrency` libvips threads;
 * parallelism across requests comes from the libuv thread pool (UV_THREADPOOL_SIZE), which is
 * the better use of a few cores when many requests are in flight.
 */
export function configureImageRuntime(options: { concurrency: number }): void {
  sharp.cache(false);
  sharp.concurrency(options.concurrency);
}
