import { API_ORIGIN, type VendorHost } from './hosts.ts';

export interface OtpOptions {
  /** Keep polling until an OTP different from this one shows up (a re-send). */
  notEqual?: string;
  /** How long to wait for the server to have sent one (ms). Default 10 s. */
  timeout?: number;
}

/**
 * The latest OTP the development server "sent" to `mobile` for a vendor, read
 * from `/dev/otp.json` (on when the server runs with SF_DEV_OTP_PAGE=1, as the test servers do). Polls until one exists,
 * since the UI requests it asynchronously.
 *
 *   await page.getByRole('button', { name: 'Send code' }).click();
 *   const code = await latestOtp('501234567', SOUQ);
 */
export async function latestOtp(mobile: string, vendor: VendorHost | string, options: OtpOptions = {}): Promise<string> {
  const host = typeof vendor === 'string' ? vendor : vendor.host;
  const url = new URL('/dev/otp.json', API_ORIGIN);
  url.searchParams.set('mobile_number', mobile);
  url.searchParams.set('host', host);
  const deadline = Date.now() + (options.timeout ?? 10_000);
  let last = '';
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      const body = await res.text();
      last = `HTTP ${res.status}: ${body.slice(0, 200)}`;
      if (res.ok) {
        const otp = (JSON.parse(body) as { otp?: unknown }).otp;
        if (otp !== undefined && otp !== null && otp !== '' && String(otp) !== options.notEqual) return String(otp);
      }
    } catch (error) {
      last = String(error);
    }
    if (Date.now() > deadline) {
      throw new Error(`No ${options.notEqual ? 'new ' : ''}OTP for ${mobile} on ${host} from ${url}: last answer ${last}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
