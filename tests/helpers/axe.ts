import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

export interface AxeOptions {
  /** CSS selectors to limit the scan to (default: the whole page). */
  include?: string[];
  /** CSS selectors to leave out. */
  exclude?: string[];
  /** axe rule ids to switch off, each with a reason in the calling test. */
  disableRules?: string[];
  /** axe tags; default WCAG 2.1 A and AA. */
  tags?: string[];
}

type Violation = AxeResults['violations'][number];

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Puts axe in every frame of the page that does not have it yet (a frame without it would leave axe waiting for its answer). */
async function injectAxe(page: Page): Promise<void> {
  await Promise.all(page.frames().map(async (frame) => {
    if (await frame.evaluate(() => 'axe' in window).catch(() => true)) return;
    await frame.evaluate(AXE_SOURCE);
    // A sandboxed frame (a vendor's page the storefront frames) has an opaque origin, whose answers axe
    // would otherwise ignore, leaving the frame unchecked.
    await frame.evaluate(() => (window as unknown as { axe: typeof import('axe-core') }).axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] }));
  }));
}

/** One readable block per violation: rule, impact, help URL and each failing node. */
export function formatViolations(violations: Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 10)
        .map((n) => {
          // For nodes inside shadow roots, target is a path: host selector(s) then the inner selector.
          const target = n.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))).join(' | ');
          // "Fix any of the following:\n  reason\n  reason" -> "Fix any of the following: reason; reason"
          const summary = (n.failureSummary ?? '')
            .split(/\n(?=\S)/)
            .map((block) => block.split('\n').map((l) => l.trim()).filter(Boolean))
            .map(([head = '', ...items]) => `${head} ${items.join('; ')}`.trim())
            .join(' / ');
          return `    - ${target}\n      ${n.html.slice(0, 160)}\n      ${summary}`;
        })
        .join('\n');
      const more = v.nodes.length > 10 ? `\n    … and ${v.nodes.length - 10} more` : '';
      return `  [${v.impact ?? 'n/a'}] ${v.id}: ${v.help}\n    ${v.helpUrl}\n${nodes}${more}`;
    })
    .join('\n');
}

/**
 * Runs axe on the page (open shadow roots included: axe walks them) and throws
 * with a readable list when anything is violated.
 *
 *   await expectNoA11yViolations(page, { include: ['sf-menu'] });
 */
export async function expectNoA11yViolations(page: Page, options: AxeOptions = {}): Promise<void> {
  // WCAG 2.5.3 (label in name): a control's accessible name contains its visible text. axe marks that
  // rule experimental, so it runs only when named beside the tags. Only violations are gathered: the
  // nodes that pass are not needed, and collecting them cost a quarter of each run.
  const runOptions: RunOptions = {
    runOnly: { type: 'tag', values: options.tags ?? ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: {
      'label-content-name-mismatch': { enabled: true },
      ...Object.fromEntries((options.disableRules ?? []).map((rule) => [rule, { enabled: false }])),
    },
    resultTypes: ['violations'],
  };
  const context = {
    include: (options.include ?? []).map((selector) => [selector]),
    exclude: (options.exclude ?? []).map((selector) => [selector]),
  };
  // Colours are measured as drawn: a transition still running (a button enabled again fading in from
  // its disabled opacity) would be judged on a frame between its two states.
  // A change that has just been rendered starts its transitions on the next frames, so the page is
  // watched for two frames more after each wait, until nothing is moving.
  await page.evaluate(async () => {
    const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    for (let round = 0; round < 5; round++) {
      await nextFrame();
      const roots: Array<Document | ShadowRoot> = [document];
      for (let i = 0; i < roots.length; i++) {
        for (const element of roots[i]!.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
      }
      const running = roots.flatMap((root) => root.getAnimations()).filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
  // axe runs in the page itself, once injected per document, frames included (axe asks each frame), rather
  // than through @axe-core/playwright, whose every call injected axe anew and finished the run in a
  // fresh page: 3.5 to 4.5 s a call instead of about half a second.
  await injectAxe(page);
  const violations = await page.evaluate(
    async ({ context, runOptions }) => {
      const { axe } = window as unknown as { axe: typeof import('axe-core') };
      const scope = context.include.length > 0 ? context : { exclude: context.exclude };
      return (await axe.run(scope, runOptions)).violations;
    },
    { context, runOptions },
  );
  if (violations.length) {
    throw new Error(`${violations.length} accessibility violation(s) on ${page.url()}:\n${formatViolations(violations)}`);
  }
}
