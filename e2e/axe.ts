import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

// Issue 14: zero serious or critical violations (WCAG 2.1 A/AA rules and axe's best practices). Minor and
// moderate findings are printed, not failed.
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe on the page (or on one dialog) and fails with a readable list of the serious/critical violations:
 * rule, impact, help text and the first offending nodes' selectors.
 */
export async function expectNoBlockingViolations(page: Page, where: string, include?: string): Promise<void> {
  // Let Radix and CSS transitions settle: axe reads computed colours, a fading element has a pale one.
  await page.waitForTimeout(250);
  // Legacy mode: axe runs in the page itself. By default @axe-core/playwright opens a blank page for every check to
  // merge the frames' results (for cross-origin frames, which FamilyHub has none of); on the CI machine that page
  // cost about a second of CPU a check, a fifth of the journeys' axe time (ADR 064). The rules and tags are the same.
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .setLegacyMode(true);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const blocking = violations.filter((v) => v.impact && BLOCKING.has(v.impact));
  const report = blocking.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')}  ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`)
        .join('\n'),
  );
  const minor = violations.filter((v) => !v.impact || !BLOCKING.has(v.impact)).map((v) => v.id);
  if (minor.length) console.log(`axe (${where}): minor/moderate: ${minor.join(', ')}`);
  expect(report, `axe, ${where}`).toEqual([]);
}
