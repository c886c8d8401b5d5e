import type { CDPSession, Page, Route } from '@playwright/test';
import { liveTools } from '@toolkit/catalog';
import { expect, HYDRATION_TIMEOUT_MS, test, waitForHydration } from './test.js';

/**
 * Opening a page the way a visitor on a slow phone meets it: the pre-rendered HTML is there, but the
 * page's JavaScript is held back (every script request waits until the test releases it) and the CPU
 * is throttled, so the window between "the control is visible" and "React has attached to it" is as
 * wide as the test needs and does not depend on the machine's speed.
 */
export const CPU_THROTTLING_RATE = 4;

/**
 * How many times each early action is repeated: one loss fails the test. Two rounds in the regular
 * run (at four, these tests took 40% of the browser suite's time); a soak run sets E2E_EARLY_LOOPS=20.
 */
export const earlyLoops = Number(process.env.E2E_EARLY_LOOPS ?? 2);

/**
 * Rounds for a test written once per tool, for the tool at `index` of `tools` tools sharing it
 * (E2E_EARLY_TOOL_LOOPS overrides). Every tool's panel runs the same shared frame and boot script, so
 * the `earlyLoops` rounds of a test written once are shared out between the tools, at least one each:
 * ten rounds among seven tools are two for the first three and one for the other four.
 */
export function toolLoops(tools: number, index: number): number {
  const override = process.env.E2E_EARLY_TOOL_LOOPS;
  if (override) return Number(override);
  const count = Math.max(1, tools);
  const extra = index % count < earlyLoops % count ? 1 : 0;
  return Math.max(1, Math.floor(earlyLoops / count) + extra);
}

/** Live tools whose try-it panel takes an image (catalog: a file input in the `image` field). */
export const imageTools = liveTools.filter((tool) => {
  const input: { kind?: string; field?: string } = tool.api.input;
  return input.kind === 'file' && input.field === 'image';
});

/** Live tools whose try-it panel takes typed text (catalog: text in JSON, or a file). */
export const textTools = liveTools.flatMap((tool) => {
  const input: { kind?: string; textKey?: string } = tool.api.input;
  return input.kind === 'json-or-file' && input.textKey ? [{ tool, textKey: input.textKey }] : [];
});

// A round may wait for hydration as long as waitForHydration allows, then acts and checks the result
// (each action at a quarter of the CPU on a machine that is busy besides: a minute).
const perLoopMs = HYDRATION_TIMEOUT_MS + 60_000;

/** Runs `body` `loops` times in the current test, each round with no cookies. */
export async function repeat(
  page: Page,
  body: (round: number) => Promise<void>,
  loops = earlyLoops,
): Promise<void> {
  test.setTimeout(perLoopMs * loops);
  for (let round = 1; round <= loops; round++) {
    await page.context().clearCookies();
    await test.step(`round ${round} of ${loops}`, () => body(round));
  }
}

/** `repeat` for the tests written once per image tool and once per text tool (see `toolLoops`). */
export const repeatForImageTool = (page: Page, index: number, body: (round: number) => Promise<void>) =>
  repeat(page, body, toolLoops(imageTools.length, index));
export const repeatForTextTool = (page: Page, index: number, body: (round: number) => Promise<void>) =>
  repeat(page, body, toolLoops(textTools.length, index));

/** Every script of the product: the fingerprinted chunks React Router loads. */
const scripts = /\/assets\/[^/?]+\.js(\?.*)?$/;

export interface EarlyPage {
  /** Lets the held scripts through; the page then hydrates and replays what was done meanwhile. */
  release(): Promise<void>;
}

const cdpSessions = new WeakMap<Page, CDPSession>();

async function throttle(page: Page): Promise<void> {
  let session = cdpSessions.get(page);
  if (!session) {
    session = await page.context().newCDPSession(page);
    cdpSessions.set(page, session);
  }
  await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING_RATE });
}

/**
 * Navigates to `path` with the scripts held back. It returns as soon as the HTML has arrived: the
 * caller acts the moment its control is visible, as a person would.
 */
export async function openEarly(page: Page, path: string): Promise<EarlyPage> {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  await page.route(scripts, async (route: Route) => {
    await gate;
    await route.continue().catch(() => undefined);
  });
  await throttle(page);
  const response = await page.goto(path, { waitUntil: 'commit' });
  expect(response?.status(), `GET ${path}`).toBe(200);
  return {
    release: async () => {
      // Acting must have happened before React attached, or the test would prove nothing.
      expect(await isHydrated(page), 'the page hydrated before the test released its scripts').toBe(false);
      open();
      await waitForHydration(page);
      // Replayed by now; what the actions lead to (a lazily loaded dialog, say) need not crawl.
      await unthrottle(page);
    },
  };
}

/** True once the root has hydrated (the marker the boot script waits for). */
export async function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'));
}

/** Lifts the throttling (for the part of a test that is not about early actions). */
export async function unthrottle(page: Page): Promise<void> {
  const session = cdpSessions.get(page);
  await session?.send('Emulation.setCPUThrottlingRate', { rate: 1 });
}
