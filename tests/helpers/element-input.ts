import { waitUntil } from './wait-until.ts';

/** Types like a person: the value, an input event, then a pause for the render (Preact batches updates). */
export async function type(input: HTMLInputElement, value: string): Promise<void> {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await new Promise((resolve) => setTimeout(resolve, 50));
}

/** The latest one-time code the development server issued to `mobile` (same-origin through the test server). */
export async function latestOtp(mobile: string, host = 'localhost'): Promise<string> {
  let otp = '';
  await waitUntil(async () => {
    const response = await fetch(`/dev/otp.json?mobile_number=${mobile}&host=${host}`);
    if (response.ok) otp = ((await response.json()) as { otp: string }).otp;
    return otp !== '';
  }, 'no OTP issued');
  return otp;
}
