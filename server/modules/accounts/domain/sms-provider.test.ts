import { describe, expect, it } from 'vitest';
import { logSmsProvider, maskedNumber, RecordingSmsProvider, type CodeLogger, type SmsProvider } from './sms-provider.ts';

const to = { vendorId: 1, host: 'localhost', countryCode: '1', mobile: '4155550100' };

function capture(): { log: CodeLogger; lines: Array<{ level: string; fields: object; message: string }> } {
  const lines: Array<{ level: string; fields: object; message: string }> = [];
  return {
    lines,
    log: {
      info: (fields, message) => void lines.push({ level: 'info', fields, message }),
      warn: (fields, message) => void lines.push({ level: 'warn', fields, message }),
    },
  };
}

describe('the log SMS provider', () => {
  it('logs the code outside production', async () => {
    const { log, lines } = capture();
    await logSmsProvider(log, { production: false }).sendCode(to, '123456');
    expect(lines).toEqual([{ level: 'info', fields: { to: '+1 4155550100', host: 'localhost', otp: '123456' }, message: expect.stringContaining('not sent') }]);
  });

  it('never logs the code, nor the whole number, in production, and warns that nothing was delivered', async () => {
    const { log, lines } = capture();
    await logSmsProvider(log, { production: true }).sendCode(to, '123456');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.level).toBe('warn');
    expect(lines[0]?.message).toMatch(/NOT delivered/);
    const text = JSON.stringify(lines);
    expect(text).not.toContain('123456');
    expect(text).not.toContain('4155550100');
    expect(maskedNumber(to)).toBe('+1 •••••••100');
  });
});

describe('the recording SMS provider', () => {
  it('keeps the newest codes and hands each on', async () => {
    const handed: string[] = [];
    const next: SmsProvider = { sendCode: async (_to, code) => void handed.push(code) };
    const recording = new RecordingSmsProvider(next, 2);
    await recording.sendCode(to, '111111');
    await recording.sendCode({ ...to, host: 'souq.localhost' }, '222222');
    await recording.sendCode(to, '333333');
    expect(handed).toEqual(['111111', '222222', '333333']);
    expect(recording.list().map((entry) => entry.otp)).toEqual(['333333', '222222']);
    expect(recording.latest('4155550100', 'souq.localhost')?.otp).toBe('222222');
    expect(recording.latest('4155550100')?.otp).toBe('333333');
  });
});
