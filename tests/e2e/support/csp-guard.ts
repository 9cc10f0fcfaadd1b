import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';

/**
 * Every browser test fails when a page reports a Content-Security-Policy violation: the policy is
 * part of the product (shared/src/contract/security-headers.ts), and a violation is something the
 * app needed and the browser blocked, for a real user too. Two witnesses, because either alone
 * misses cases: the page's own `securitypolicyviolation` events (what reporting would send) and
 * Chromium's console lines about a blocked action ("Refused to ...", "... violates the following
 * Content Security Policy directive"), also for loads that fire no event in the page's document.
 */

export interface CspViolation {
  /** The directive that blocked (`img-src`, `connect-src`, …). */
  directive: string;
  /** What was blocked: a URL, `inline`, `eval`, `data`, … */
  blocked: string;
  /** The page it happened on. */
  page: string;
  how: 'event' | 'console';
}

const seen: CspViolation[] = [];

const BINDING = '__reportCspViolation';

/** Runs in every page before its own scripts. */
function listenInPage(binding: string) {
  document.addEventListener('securitypolicyviolation', (e) => {
    const report = (window as unknown as Record<string, (v: unknown) => void>)[binding];
    report?.({ directive: e.effectiveDirective || e.violatedDirective, blocked: e.blockedURI || '(none)' });
  }, true);
}

// Chromium says "Loading the image 'data:…' violates the following Content Security Policy
// directive: "img-src 'self'". The action has been blocked." (older versions: "Refused to load the
// image '…' because it violates …"), and adds lines such as "Fetch API cannot load …. Refused to
// connect because it violates the document's Content Security Policy."
const DIRECTIVE = /'([^']*)' (?:because it )?violates the following Content Security Policy directive: "([^"\s]+)/s;
const REFUSED = /Refused to|violates the (?:following|document's) Content Security Policy/;

function watchConsole(page: Page) {
  page.on('console', (msg: ConsoleMessage) => {
    const text = msg.text();
    if (!REFUSED.test(text)) return;
    const m = DIRECTIVE.exec(text);
    seen.push({ directive: m?.[2] ?? '(see message)', blocked: m?.[1] ?? text.slice(0, 200), page: page.url(), how: 'console' });
  });
}

/** Guards one context; `guardCsp` does it for every context a browser makes (a persistent context is its own). */
export async function guardContext(context: BrowserContext): Promise<BrowserContext> {
  await context.exposeBinding(BINDING, ({ page }, v: { directive: string; blocked: string }) => {
    seen.push({ directive: v.directive, blocked: v.blocked, page: page?.url() ?? '(unknown page)', how: 'event' });
  });
  await context.addInitScript(listenInPage, BINDING);
  // Every page of the context, popups (the payment gateway's window) included.
  context.on('page', watchConsole);
  return context;
}

/**
 * The browser with every context it makes guarded (`browser.newPage` makes its context through
 * `newContext` too). Called where tests get their browser (`launch` in ./browser).
 */
export function guardCsp(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => guardContext(await newContext(...args));
  return browser;
}

/** Throws, naming each directive and what it blocked, when any page reported a violation since the last call. */
export function assertNoCspViolations(): void {
  const found = seen.splice(0);
  if (found.length === 0) return;
  const lines = [...new Set(found.map((v) => `${v.directive} blocked ${v.blocked} (on ${v.page})`))];
  throw new Error(`Content-Security-Policy violations:\n  ${lines.join('\n  ')}`);
}
