/**
 * The message gateways' settings (config.ts): SMTP_URL and MAIL_FROM for e-mail, SMS_RU_API_ID,
 * SMS_RU_FROM and SMS_RU_URL for SMS, and which sender each channel gets (senders/index.ts).
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { developmentSender } from '../src/notifications/outbox.js';
import { messageSendersOf } from '../src/notifications/senders/index.js';

const STRONG = `${'x'.repeat(16)}production-secret-0123456789`;
const PROD = { NODE_ENV: 'production', SECRET: STRONG };

describe('message gateway settings', () => {
  it('has no gateway unless one is configured', () => {
    expect(loadConfig({}).mail).toBeUndefined();
    expect(loadConfig({}).sms).toBeUndefined();
    expect(loadConfig({ SMTP_URL: '', SMS_RU_API_ID: '  ' }).sms).toBeUndefined();
  });

  it('reads SMTP_URL and MAIL_FROM; outside production the sender defaults to SUPPORT_EMAIL', () => {
    expect(
      loadConfig({ SMTP_URL: 'smtps://u:p@mail.example:465', MAIL_FROM: 'Партера <t@partera.example>' }).mail,
    ).toEqual({
      smtpUrl: 'smtps://u:p@mail.example:465',
      from: 'Партера <t@partera.example>',
    });
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example:25', SUPPORT_EMAIL: 'help@partera.example' }).mail).toEqual({
      smtpUrl: 'smtp://mail.example:25',
      from: 'help@partera.example',
    });
  });

  it('refuses production SMTP without MAIL_FROM, and an SMTP_URL that is not one, without repeating its password', () => {
    expect(() => loadConfig({ ...PROD, SMTP_URL: 'smtp://u:p@mail.example:587' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...PROD, SMTP_URL: 'smtp://u:p@mail.example:587' })).toThrow(/MAIL_FROM is required/);
    expect(
      loadConfig({ ...PROD, SMTP_URL: 'smtp://u:p@mail.example:587', MAIL_FROM: 'tickets@partera.example' }).mail?.from,
    ).toBe('tickets@partera.example');
    for (const bad of ['http://u:hunter22@mail.example', 'mail.example:587', 'not a url hunter22']) {
      expect(() => loadConfig({ SMTP_URL: bad }), bad).toThrow(ConfigError);
      try {
        loadConfig({ SMTP_URL: bad });
      } catch (err) {
        expect((err as Error).message).not.toContain('hunter22');
      }
    }
  });

  it('reads SMS_RU_API_ID, SMS_RU_FROM and SMS_RU_URL (default the public API)', () => {
    expect(loadConfig({ SMS_RU_API_ID: 'KEY-1' }).sms).toEqual({
      provider: 'smsru',
      apiId: 'KEY-1',
      from: undefined,
      baseUrl: 'https://sms.ru',
    });
    expect(
      loadConfig({ SMS_RU_API_ID: 'KEY-1', SMS_RU_FROM: 'Partera', SMS_RU_URL: 'http://127.0.0.1:9999/' }).sms,
    ).toEqual({ provider: 'smsru', apiId: 'KEY-1', from: 'Partera', baseUrl: 'http://127.0.0.1:9999' });
    expect(() => loadConfig({ SMS_RU_API_ID: 'KEY-1', SMS_RU_URL: 'ftp://x' })).toThrow(ConfigError);
  });

  it('gives each channel its gateway in any mode; development covers the others, production leaves them waiting', () => {
    const gateways = {
      SMTP_URL: 'smtp://u:p@mail.example:587',
      MAIL_FROM: 'tickets@partera.example',
      SMS_RU_API_ID: 'K',
    };
    const dev = messageSendersOf(loadConfig({}));
    expect([dev.senders.email, dev.senders.sms, dev.unconfigured]).toEqual([developmentSender, developmentSender, []]);

    const devSmtp = messageSendersOf(loadConfig({ SMTP_URL: gateways.SMTP_URL }));
    expect([devSmtp.senders.email?.name, devSmtp.senders.sms]).toEqual(['smtp', developmentSender]);

    const prod = messageSendersOf(loadConfig(PROD));
    expect(prod.senders).toEqual({});
    expect(prod.unconfigured).toEqual([
      'E-mail is not configured (SMTP_URL): e-mails wait in the outbox',
      'SMS is not configured (SMS_RU_API_ID): SMS wait in the outbox',
    ]);

    const prodSms = messageSendersOf(loadConfig({ ...PROD, SMS_RU_API_ID: 'K' }));
    expect([prodSms.senders.email, prodSms.senders.sms?.name, prodSms.unconfigured]).toEqual([
      undefined,
      'sms.ru',
      ['E-mail is not configured (SMTP_URL): e-mails wait in the outbox'],
    ]);

    const both = messageSendersOf(loadConfig({ ...PROD, ...gateways }));
    expect([both.senders.email?.name, both.senders.sms?.name, both.unconfigured]).toEqual(['smtp', 'sms.ru', []]);
  });
});
