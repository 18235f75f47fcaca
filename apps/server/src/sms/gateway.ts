import { attrs } from '../domain/json.ts';
import type { ServerSettings } from '../db/server-settings.ts';
import { SMS_TIMEOUT_MS, sendSms, type SmsResult } from './http-client.ts';
import { smsSettingsOf, type SmsSettings } from './settings.ts';

/**
 * The server's SMS gateway (Traccar's SmsManager), as the server attributes describe it now: a
 * change of the settings applies to the next message, on every node.
 */
export class SmsGateway {
  constructor(
    private readonly settings: ServerSettings,
    private readonly timeoutMs = SMS_TIMEOUT_MS,
  ) {}

  private async current(): Promise<SmsSettings | null> {
    return smsSettingsOf(attrs((await this.settings.get()).attributes));
  }

  /** Whether SMS can be sent at all (commands by text channel, the `sms` notificator). */
  async available(): Promise<boolean> {
    return (await this.current()) !== null;
  }

  async send(phone: string, message: string): Promise<SmsResult> {
    const settings = await this.current();
    if (!settings) return { ok: false, reason: 'SMS not configured' };
    return sendSms(settings, phone, message, this.timeoutMs);
  }
}
