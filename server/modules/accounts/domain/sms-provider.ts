/**
 * Where one-time codes go. A real SMS service plugs in behind `SmsProvider` (buildApp's
 * `sms` option); without one the server uses `logSmsProvider`, which delivers nothing.
 * The development page /dev/otp reads the codes a `RecordingSmsProvider` kept; that
 * provider is used only when the page was asked for (SF_DEV_OTP_PAGE=1).
 */

/** Whom a code is for: the number, and the vendor (by id and by the host the customer used). */
export interface CodeRecipient {
  vendorId: number;
  host: string;
  countryCode: string;
  mobile: string;
}

export interface SmsProvider {
  /** Sends the one-time `code` to the recipient's phone. */
  sendCode(to: CodeRecipient, code: string): Promise<void>;
}

/** What the log provider needs of a logger (the app's pino logger fits). */
export interface CodeLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/** The number with all but its last three digits hidden, for logs. */
export function maskedNumber(to: CodeRecipient): string {
  return `+${to.countryCode} ${'•'.repeat(Math.max(0, to.mobile.length - 3))}${to.mobile.slice(-3)}`;
}

/**
 * No SMS service: outside production each code is written to the log (the developer reads it
 * there); in production the code never reaches the log, only a warning that it was not delivered.
 */
export function logSmsProvider(log: CodeLogger, options: { production: boolean }): SmsProvider {
  return {
    async sendCode(to, code) {
      if (options.production) {
        log.warn({ to: maskedNumber(to), vendor_id: to.vendorId }, 'one-time code NOT delivered: no SMS provider is configured');
      } else {
        log.info({ to: `+${to.countryCode} ${to.mobile}`, host: to.host, otp: code }, 'one-time code (development: not sent, no SMS provider)');
      }
    },
  };
}

/** A code as the development page lists it. */
export interface RecordedCode {
  mobile: string;
  country_code: string;
  host: string;
  vendor_id: number;
  otp: string;
  at: Date;
}

/** Keeps the latest codes in memory (never in the database) for /dev/otp, then hands each on. */
export class RecordingSmsProvider implements SmsProvider {
  private entries: RecordedCode[] = [];

  constructor(
    private readonly next: SmsProvider,
    private readonly limit = 200,
  ) {}

  async sendCode(to: CodeRecipient, code: string): Promise<void> {
    this.entries.unshift({ mobile: to.mobile, country_code: to.countryCode, host: to.host, vendor_id: to.vendorId, otp: code, at: new Date() });
    if (this.entries.length > this.limit) this.entries.length = this.limit;
    await this.next.sendCode(to, code);
  }

  /** Newest first. */
  list(): readonly RecordedCode[] {
    return this.entries;
  }

  latest(mobile: string, host?: string): RecordedCode | undefined {
    return this.entries.find((e) => e.mobile === mobile && (!host || e.host === host));
  }
}
