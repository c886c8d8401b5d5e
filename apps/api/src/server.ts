import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { configureImageRuntime } from './operations/image/runtime.js';
import { closeWorkerPool } from './runtime/worker-pool.js';

/*
 * The only entry point: configuration from the environment, listen, graceful shutdown. SIGTERM
 * (or SIGINT) stops accepting connections, lets in-flight requests finish, then exits; if that
 * takes longer than SHUTDOWN_TIMEOUT_MS the process exits anyway.
 */

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
configureImageRuntime({ concurrency: config.runtime.sharpConcurrency });

const app = await buildApp(config);

let stopping = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out: exiting with requests still open');
    process.exit(1);
  }, config.timeouts.shutdownMs);
  timer.unref();
  try {
    await app.close();
    await closeWorkerPool();
    app.log.info('shut down cleanly');
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error while shutting down');
    process.exit(1);
  }
}

process.once('SIGTERM', (signal) => void shutdown(signal));
process.once('SIGINT', (signal) => void shutdown(signal));

try {
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  app.log.error({ err: error }, 'could not start listening');
  process.exit(1);
}
