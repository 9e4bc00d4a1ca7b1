// @vitest-environment happy-dom
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiStub } from '../api/client-stub.test-helpers.ts';

vi.mock('../api/client.ts', async () => (await import('../api/client-stub.test-helpers.ts')).stubbedClient());

const { ApiError } = await import('../api/client.ts');
const { downloadInvoice } = await import('./subscriptions.ts');
const { activateLocale } = await import('../i18n/i18n.ts');

beforeAll(() => activateLocale('en'));

describe("a month's invoice", () => {
  it('is saved as a PDF named by its number', async () => {
    const pdf = '%PDF-1.7 test';
    apiStub.reset(() => ({
      code: 200,
      Result: { subscription_id: 7, invoice_number: 'S-000042', period: '2026-11', deliveries: 3, total: 12, filename: 'S-000042.pdf', pdf_base64: btoa(pdf) },
    }));
    const saved: Array<{ download: string; href: string }> = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ download: this.download, href: this.href });
    });
    const blobs: Blob[] = [];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:invoice';
    });
    try {
      expect(await downloadInvoice(7, '2026-11')).toEqual({ ok: true, number: 'S-000042' });
      expect(apiStub.calls).toEqual([{ name: 'generate_subscription_invoice', body: { subscription_id: 7, month: '2026-11' } }]);
      expect(saved).toEqual([{ download: 'S-000042.pdf', href: 'blob:invoice' }]);
      expect(blobs[0]!.type).toBe('application/pdf');
      expect(await blobs[0]!.text()).toBe(pdf);
      expect(document.querySelector('a[download]')).toBeNull();
    } finally {
      click.mockRestore();
      createObjectURL.mockRestore();
    }
  });

  it('is refused for a month that billed no delivery, in words of the customer language', async () => {
    const text = 'No delivery of this subscription was billed in that month';
    apiStub.reset(() => {
      throw new ApiError(422, 422, text, { month: [text] });
    });
    expect(await downloadInvoice(7, '2026-12')).toEqual({ ok: false, message: text });
    await activateLocale('ar');
    try {
      expect(await downloadInvoice(7, '2026-12')).toEqual({ ok: false, message: 'لم يُحتسب أي توصيل لهذا الاشتراك في ذلك الشهر' });
    } finally {
      await activateLocale('en');
    }
  });
});
