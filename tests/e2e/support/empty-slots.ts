import type { Locator, Page } from 'playwright-core';

/**
 * Every Cloudscape SpaceBetween slot in `scope` that renders nothing: no height in a stack, no
 * width in a row. A stack or a button row on screen that holds an empty slot shows a gap where
 * nothing is; the slots inside a closed section (its content not drawn at all) show nothing and
 * are left out. Each offender is named by the nearest test id or heading around it and the text
 * of its stack's slots (∅ for the empty ones).
 */
export function emptySlots(scope: Locator | Page): Promise<string[]> {
  const root = 'goto' in scope ? scope.locator('body') : scope;
  return root.evaluate((el) => [...el.querySelectorAll<HTMLElement>('[class*="awsui_child_"]')]
    .filter((slot) => {
      const box = slot.getBoundingClientRect();
      const parent = slot.parentElement?.getBoundingClientRect();
      // A slot the layout leaves out (display: none) takes no gap; one still laid out does.
      return getComputedStyle(slot).display !== 'none' && (box.height === 0 || box.width === 0) && (parent?.height ?? 0) > 0 && (parent?.width ?? 0) > 0;
    })
    .map((slot) => {
      const stack = slot.parentElement!;
      const around = stack.closest<HTMLElement>('[data-testid]')?.dataset.testid
        ?? stack.closest('section, form, [role="dialog"], main')?.querySelector('h1, h2, h3')?.textContent?.trim()
        ?? 'page';
      const slots = [...stack.children].map((c) => {
        const b = c.getBoundingClientRect();
        return b.height === 0 || b.width === 0 ? '∅' : (c.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 24) || '(drawn)';
      });
      return `${around}: [${slots.join(' | ')}]`;
    }));
}
