import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

/**
 * Runs axe-core (WCAG 2.0-2.2 A and AA rules plus best practices) on the page once it is still, and
 * returns the serious and critical violations. The page's context needs bypassCSP, as the script is
 * injected inline.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Colours are only final once fades and slides have ended (a toast mid-animation is half
  // transparent); endless animations such as spinners are left alone.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
      resultTypes: ['violations'],
    })) as { violations: AxeViolation[] };
    return result.violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** A readable report: one block per rule, with every offending element and why. */
export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 10)
        .map(
          (n) =>
            `    - ${JSON.stringify(n.target)}\n      ${n.html.slice(0, 200)}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      const more = v.nodes.length > 10 ? `\n    ... and ${v.nodes.length - 10} more` : '';
      return `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n\n');
}
