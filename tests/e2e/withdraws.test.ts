import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { DESKTOP, launch, PHONE, siteUrl } from './support/browser';
import { dialog, fullShot, signIn } from './support/identity';
import { apiAs, ok } from './support/page-api';

/**
 * Withdrawals in the browser (spec §2 /withdraws, §4 Withdraw, §6): a driver asks on /wallet, the
 * amount leaves the balance at once; an admin processes the request on /withdraws after a
 * confirmation, the action is then disabled, and the driver's list follows live.
 */

describe('withdrawals in the browser', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const newPage = async (email: string) => {
    const ctx = await browser.newContext({ viewport: DESKTOP });
    contexts.push(ctx);
    const page = await ctx.newPage();
    await signIn(page, email);
    return page;
  };

  beforeAll(async () => { browser = await launch(); });
  // A failed test leaves a picture of every open page behind.
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    let n = 0;
    for (const c of contexts) for (const p of c.pages()) await fullShot(p, `withdraws-failed-${n++}`).catch(() => undefined);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  it('a driver requests a withdrawal on /wallet; an admin processes it once on /withdraws', async () => {
    const admin = await newPage('admin@example.com');
    const driver = await newPage('driver2@example.com');
    const me = await ok(driver, 'GET', '/me');
    const name = `${me.firstName} ${me.lastName}`.trim();
    await ok(admin, 'POST', `/wallets/${me.id}/credits`, { amount: '20.00' });
    const { bank_fields: bankFields } = await ok(admin, 'GET', '/settings/all');

    // The driver asks for 7.25 on the wallet page.
    await driver.goto(`${siteUrl()}/wallet`);
    const balanceBefore = (await ok(driver, 'GET', '/me/wallet')).balance as number;
    await driver.getByTestId('wallet-balance').waitFor();
    await driver.getByTestId('wallet-withdraw').click();
    const ask = dialog(driver);
    await ask.getByTestId('withdraw-amount').locator('input').fill('7.255');
    await ask.getByTestId('withdraw-request-submit').click();
    await ask.getByText('Enter an amount above 0 with at most two decimals.').waitFor();
    await ask.getByTestId('withdraw-amount').locator('input').fill('7.25');
    if (bankFields) {
      await ask.getByTestId('withdraw-bankName').locator('input').fill('Bay Bank');
      await ask.getByTestId('withdraw-bankCode').locator('input').fill('BAY001');
      await ask.getByTestId('withdraw-bankAccount').locator('input').fill('000111222');
    }
    await fullShot(driver, 'withdraws-request-desktop');
    await ask.getByTestId('withdraw-request-submit').click();
    await ask.waitFor({ state: 'hidden' });
    const mine = driver.getByTestId('my-withdraws');
    await mine.getByText('$7.25').waitFor();
    await mine.getByText('Waiting').waitFor();
    await expect.poll(async () => (await ok(driver, 'GET', '/me/wallet')).balance).toBe(Math.round((balanceBefore - 7.25) * 100) / 100);
    await fullShot(driver, 'withdraws-wallet-desktop');
    await driver.setViewportSize(PHONE);
    await fullShot(driver, 'withdraws-wallet-phone');
    await driver.setViewportSize(DESKTOP);
    const [request] = (await ok(driver, 'GET', '/withdraws?limit=1')).items;
    expect(request).toMatchObject({ amount: 7.25, processed: false });

    // The admin finds it, confirms, and the action is then disabled.
    await admin.goto(`${siteUrl()}/withdraws`);
    const table = admin.getByTestId('withdraws-table');
    await table.getByText(name).first().waitFor();
    await admin.getByPlaceholder('Find requests').fill(request.id);
    const radio = admin.getByRole('radio', { name: `${name} $7.25`, exact: true });
    await radio.check();
    const process = admin.getByTestId('withdraw-process');
    await expect.poll(() => process.isEnabled()).toBe(true);
    await fullShot(admin, 'withdraws-admin-desktop');
    await process.click();
    const confirm = dialog(admin);
    await confirm.getByText(`Mark $7.25 to ${name} as paid out.`, { exact: false }).waitFor();
    await fullShot(admin, 'withdraws-confirm-desktop');
    await confirm.getByTestId('withdraw-process-confirm').click();
    await confirm.waitFor({ state: 'hidden' });
    await table.getByText('Paid out', { exact: true }).first().waitFor();
    await expect.poll(() => process.isDisabled()).toBe(true);
    await fullShot(admin, 'withdraws-processed-desktop');
    await admin.setViewportSize(PHONE);
    await fullShot(admin, 'withdraws-processed-phone');

    // The driver's list follows live, and the server refuses a second time.
    await mine.getByText('Paid out', { exact: true }).waitFor({ timeout: 15_000 });
    const again = await apiAs(admin, 'POST', `/withdraws/${request.id}/complete`);
    expect(again.status).toBe(409);
  });
});
