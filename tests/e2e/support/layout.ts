import type { Locator } from 'playwright-core';

/**
 * The boxes inside `scope` that scroll sideways: wider content than they show, with a horizontal
 * scrollbar. On a phone a collection must stack its fields (cards), not make its reader scroll
 * each row; each is named by its tag and classes.
 */
export const sidewaysScrollers = (scope: Locator) => scope.evaluate((root) => [root, ...root.querySelectorAll<HTMLElement>('*')]
  .filter((el) => {
    const overflow = getComputedStyle(el).overflowX;
    return (overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth + 1;
  })
  .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`.slice(0, 120)));
