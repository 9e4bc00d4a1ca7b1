import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './helpers/axe.ts';
import { uniqueMobile } from './helpers/customer.ts';
import { HARBOR, SOUQ, vendorUrl } from './helpers/hosts.ts';
import { latestOtp } from './helpers/otp.ts';
import { expect, test } from './helpers/test.ts';

const PAGE = '/demo/location.html';
const DENIED = 'Location access denied. Please enable location permissions in your browser settings.';
const NO_SERVICE = 'Service not available in this area. Please change location and try again.';
const JAPANTOWN = { latitude: 37.7853, longitude: -122.4294 };
const NEW_YORK = { latitude: 40.7128, longitude: -74.006 };

const locationDialog = (page: Page) => page.locator('sf-location [part~="location-dialog"]');
const trigger = (page: Page) => page.locator('sf-location [part~="trigger"]');
const cards = (page: Page) => page.locator('sf-store-list [part~="card"]');

async function signIn(page: Page) {
  const mobile = uniqueMobile('416');
  const signInBox = page.locator('sf-sign-in');
  await signInBox.getByLabel('Mobile number').fill(mobile);
  await signInBox.getByRole('button', { name: 'Continue' }).click();
  await signInBox.getByLabel('Full name').fill('Location Customer');
  await signInBox.getByLabel('Email').fill('where@example.com');
  await signInBox.getByRole('button', { name: 'Send code' }).click();
  await signInBox.getByLabel('Enter OTP').fill(await latestOtp(mobile, HARBOR));
  await signInBox.getByRole('button', { name: 'Verify' }).click();
  await expect(signInBox).toContainText('Signed in as Location Customer');
}

test.describe('location on a vendor page', () => {
  test('a guest sets the place by device position; the store list follows it', async ({ page, context }) => {
    await context.grantPermissions(['geolocation'], { origin: HARBOR.origin });
    await context.setGeolocation(NEW_YORK);
    await page.goto(PAGE);
    // No place yet and auto-open: the modal opens by itself.
    await expect(locationDialog(page)).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Detect current location' }).click();
    await expect(locationDialog(page)).toBeHidden();
    await expect(trigger(page)).toContainText('Current location');
    // Nothing delivers to New York.
    await expect(page.locator('sf-store-list [part~="empty"]')).toHaveText(NO_SERVICE);

    await context.setGeolocation(JAPANTOWN);
    await trigger(page).click();
    await page.getByRole('button', { name: 'Detect current location' }).click();
    await expect(locationDialog(page)).toBeHidden();
    await expect(cards(page).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('latitude'))).toBe(String(JAPANTOWN.latitude));
  });

  test('a guest whose browser refuses sees the message, and closing falls back to the vendor coordinates', async ({ page }) => {
    await page.goto(PAGE);
    await expect(locationDialog(page)).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Detect current location' }).click();
    await expect(page.locator('sf-location [part~="location-error"]')).toHaveText(DENIED);
    await expect(page.locator('sf-toaster')).toContainText(DENIED);
    await page.keyboard.press('Escape');
    await expect(locationDialog(page)).toBeHidden();
    expect(await page.evaluate(() => [localStorage.getItem('latitude'), localStorage.getItem('longitude')])).toEqual(['37.7749', '-122.4194']);
    await expect(cards(page).first()).toBeVisible();
    await expect(trigger(page)).toContainText('Current location');
  });

  test('a guest finds their place by searching, with Google Maps stubbed in the page', async ({ page }) => {
    // The demo vendors have no maps key: give this page's settings one, and a stand-in for google.maps.
    await page.route('**/api/v2/get-vendor-settings', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { settings: Record<string, unknown> };
      await route.fulfill({ response, json: { ...body, settings: { ...body.settings, google_map_key: 'test-key' } } });
    });
    await page.addInitScript(() => {
      const at = (lat: number, lng: number) => ({ lat: () => lat, lng: () => lng, toJSON: () => ({ lat, lng }) });
      class AutocompleteService {
        async getPlacePredictions({ input }: { input: string }) {
          return { predictions: [{ description: `${input} Plaza, San Francisco, CA`, place_id: 'fake-place' }] };
        }
      }
      class Geocoder {
        async geocode() {
          return {
            results: [{
              formatted_address: 'Market Plaza, San Francisco, CA',
              geometry: { location: at(37.7936, -122.3951) },
              address_components: [{ long_name: 'San Francisco', short_name: 'SF', types: ['locality'] }],
            }],
          };
        }
      }
      class Map {
        setCenter() {}
        addListener() {
          return { remove() {} };
        }
      }
      class Marker {
        setPosition() {}
        addListener() {
          return { remove() {} };
        }
      }
      const libraries: Record<string, unknown> = { places: { AutocompleteService }, geocoding: { Geocoder }, maps: { Map }, marker: { Marker } };
      (window as unknown as { google: unknown }).google = { maps: { importLibrary: async (name: string) => libraries[name] } };
    });
    await page.goto(PAGE);
    await expect(locationDialog(page)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('OR', { exact: true })).toBeVisible();
    await page.getByRole('combobox', { name: 'Search for your area or street' }).fill('Market');
    await page.getByRole('option', { name: 'Market Plaza, San Francisco, CA' }).click();
    await expect(locationDialog(page)).toBeHidden();
    await expect(trigger(page)).toContainText('Market Plaza');
    await expect(cards(page).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('latitude'))).toBe('37.7936');
  });

  test('preview=true uses the vendor coordinates without asking', async ({ page }) => {
    await page.goto(`${PAGE}?preview=true`);
    await expect(cards(page).first()).toBeVisible({ timeout: 20_000 });
    await expect(locationDialog(page)).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('latitude'))).toBe('37.7749');
  });

  test('a signed-in customer adds an address and chooses it as saved address; the store list follows', async ({ page, context }) => {
    await context.grantPermissions(['geolocation'], { origin: HARBOR.origin });
    await page.goto(`${PAGE}?preview=true`); // start at the vendor's own place
    await expect(cards(page).first()).toBeVisible({ timeout: 20_000 });
    await signIn(page);

    // A first address, far away (New York): nothing delivers there.
    await context.setGeolocation(NEW_YORK);
    await trigger(page).click();
    await expect(locationDialog(page).getByText('No Address Found')).toBeVisible();
    await page.getByRole('button', { name: 'Add New Address' }).click();
    const form = page.locator('sf-location [part~="address-dialog"]');
    await expect(form).toBeVisible();
    await expect(form.getByText('Map unavailable: type your address and use your current location')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Save address' })).toBeEnabled();
    await expectNoA11yViolations(page, { include: ['sf-location'] });
    await form.getByLabel('Address', { exact: true }).fill('350 Fifth Avenue, New York');
    await form.getByLabel('House/Building name').fill('Empire State');
    await form.getByRole('radio', { name: 'Office' }).check();
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(page.locator('sf-toaster')).toContainText('Address saved');
    await expect(form).toBeHidden();
    await expect(locationDialog(page)).toBeHidden();
    await expect(trigger(page)).toContainText('Office');
    await expect(trigger(page)).toContainText('Empire State, 350 Fifth Avenue, New York');
    await expect(page.locator('sf-store-list [part~="empty"]')).toHaveText(NO_SERVICE);

    // A second, in San Francisco.
    await context.setGeolocation(JAPANTOWN);
    await trigger(page).click();
    await page.getByRole('button', { name: 'Add New Address' }).click();
    await expect(form.getByRole('button', { name: 'Save address' })).toBeEnabled();
    await form.getByLabel('Address', { exact: true }).fill('1737 Post St, San Francisco');
    await form.getByLabel('Flat/Floor').fill('2');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(trigger(page)).toContainText('Home');
    await expect(cards(page).first()).toBeVisible();

    // Choose the first again from the saved addresses.
    await trigger(page).click();
    const saved = locationDialog(page).locator('[part~="saved-address"]');
    await expect(saved).toHaveCount(2);
    await expect(saved.filter({ hasText: 'Post St' })).toContainText('CURRENTLY SELECTED');
    await saved.filter({ hasText: 'Fifth Avenue' }).click();
    await expect(locationDialog(page)).toBeHidden();
    await expect(trigger(page)).toContainText('Office');
    await expect(page.locator('sf-store-list [part~="empty"]')).toHaveText(NO_SERVICE);
    await trigger(page).click();
    await expect(saved.filter({ hasText: 'Fifth Avenue' })).toContainText('CURRENTLY SELECTED');
    await expect(saved.filter({ hasText: 'Post St' })).not.toContainText('CURRENTLY SELECTED');
    // Survives a reload.
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(trigger(page)).toContainText('Office', { timeout: 20_000 });
  });

  test('axe finds nothing in the location modal and the address form, in English and in Arabic', async ({ page, context }) => {
    await context.grantPermissions(['geolocation'], { origin: HARBOR.origin });
    await context.setGeolocation(JAPANTOWN);
    await page.goto(PAGE);
    await expect(locationDialog(page)).toBeVisible({ timeout: 20_000 });
    await expectNoA11yViolations(page, { include: ['sf-location'] });
    await page.getByRole('button', { name: 'Add New Address' }).click(); // a guest: the sign-in prompt
    await expect(page.locator('sf-location [part~="sign-in-prompt"]')).toBeVisible();
    await expectNoA11yViolations(page, { include: ['sf-location'] });

    // The Arabic grocery vendor asks the device by itself (product type 2, store_selection 0).
    await page.goto(vendorUrl(SOUQ, PAGE));
    await expect(page.locator('sf-location')).toHaveAttribute('dir', 'rtl');
    // Permission not granted: the message, then the vendor's own coordinates.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('latitude')), { timeout: 20_000 }).toBe('25.2048');
    await expect(page.locator('sf-toaster')).toContainText('تم رفض الوصول إلى الموقع');
    await trigger(page).click();
    await expect(locationDialog(page)).toBeVisible();
    await expectNoA11yViolations(page, { include: ['sf-location'] });
  });
});
