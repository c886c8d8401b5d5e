import { ensureBuilt, findFreePort, startProduct } from './product.js';

/**
 * Builds the product when needed and serves it for the whole run. E2E_BASE_URL, when it is set
 * before the run, points the suite at a product that is already running and skips both steps.
 * Otherwise it is set here, before the workers start, and playwright.config.ts reads it in each
 * worker.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) return undefined;
  ensureBuilt();
  const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await findFreePort();
  const product = await startProduct(port);
  process.env.E2E_BASE_URL = product.baseURL;
  console.log(`[e2e] product running at ${product.baseURL}`);
  return () => product.stop();
}
