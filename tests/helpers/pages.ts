import { expect, type Page } from '@playwright/test';

/** Waits for the first store card of a store list (home, a vendor page, the ESM demo). */
export async function storeCardsShown(page: Page): Promise<void> {
  await expect(page.locator('[part~="card"]').first()).toBeVisible({ timeout: 20_000 });
}
