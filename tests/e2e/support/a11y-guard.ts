import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The automated accessibility check of a screen (axe-core, WCAG 2.1 A and AA). A serious or
 * critical finding fails: those stop a screen-reader or keyboard user (an unnamed button, an
 * input without a label, text too faint to read). Minor and moderate ones are left to review, as
 * axe itself ranks them; axe's best-practice rules rank almost all of theirs moderate, so they are
 * not run (they would cost a third of the check's time for nothing that can fail).
 */

export interface A11yViolation {
  rule: string;
  impact: string;
  target: string;
  page: string;
  help: string;
}

const FAILING = new Set(['serious', 'critical']);

/**
 * Findings inside Cloudscape's own markup that no prop of ours reaches. Each is one rule on one
 * selector, with the reason; everything else on the page is still checked by that rule.
 */
const CLOUDSCAPE_EXCLUSIONS: readonly { rule: string; selector: string; why: string }[] = [
  {
    rule: 'aria-allowed-attr',
    selector: '.awsui_mobile-toolbar-nav_',
    why: 'AppLayout draws its phone toolbar as <nav aria-orientation="horizontal">; the attribute is fixed in Cloudscape and a nav ignores it (no screen reader announces it)',
  },
];

export interface A11yCheck {
  /**
   * Leave out colour contrast: for a second look at a screen at another width, where the colours
   * are the same tokens as at the first. It is most of axe's time on a large page.
   */
  skipContrast?: boolean;
}

/** How long a finding must last to count: a second look this much later must find it again. */
const SECOND_LOOK_MS = 1000;

/**
 * The serious and critical findings on the page, each found again on a second look a moment later.
 * A page still drawing itself (the active-trip banner arriving with its data and pushing the
 * content down while axe measures) can give axe a half-laid-out page: a colour measured against
 * the background of the moment before. What a reader meets stays; such a finding does not.
 */
export async function a11yViolations(page: Page, check: A11yCheck = {}): Promise<A11yViolation[]> {
  const first = await findingsNow(page, check);
  if (first.length === 0) return first;
  await page.waitForTimeout(SECOND_LOOK_MS);
  const again = new Set((await findingsNow(page, check)).map(keyOf));
  return first.filter((v) => again.has(keyOf(v)));
}

const keyOf = (v: A11yViolation) => `${v.page} ${v.rule} ${v.target}`;

/** The serious and critical findings on the page as it is now. */
async function findingsNow(page: Page, { skipContrast = false }: A11yCheck = {}): Promise<A11yViolation[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .disableRules(skipContrast ? ['color-contrast'] : [])
    // Only failures are read: axe skips collecting every passing node, most of its time on a big page.
    .options({ resultTypes: ['violations'] })
    .analyze();
  const url = new URL(page.url());
  const where = `${url.pathname}${url.search}`;
  const found: A11yViolation[] = [];
  for (const v of results.violations) {
    if (!FAILING.has(v.impact ?? '')) continue;
    for (const node of v.nodes) {
      const target = node.target.map(String).join(' ');
      if (CLOUDSCAPE_EXCLUSIONS.some((x) => x.rule === v.id && target.includes(x.selector))) continue;
      found.push({ rule: v.id, impact: v.impact ?? '', target, page: where, help: v.help });
    }
  }
  return found;
}

/** One line per finding: rule id, impact, target, and axe's one-line help. */
export function describeViolations(found: readonly A11yViolation[]): string {
  return found.map((v) => `${v.page} ${v.rule} (${v.impact}) at ${v.target}: ${v.help}`).join('\n  ');
}

/** Throws, listing every serious or critical finding, when the page has any. */
export async function assertAccessible(page: Page, label = '', check: A11yCheck = {}): Promise<void> {
  const found = await a11yViolations(page, check);
  if (found.length === 0) return;
  throw new Error(`Accessibility violations${label ? ` (${label})` : ''}:\n  ${describeViolations(found)}`);
}
