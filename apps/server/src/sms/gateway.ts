import { attrs } from '../domain/json.ts';
import type { ServerSettings } from '../db/server-settings.ts';
import { GATEWAY_TIMEOUT_MS, sendTemplate, type SendResult } from './http-client.ts';
import { SMS_KEYS, WHATSAPP_KEYS, gatewaySettingsOf, type GatewayKeys, type GatewaySettings } from './settings.ts';

/**
 * An HTTP template gateway as the server attributes describe it now (Traccar's SmsManager): a
 * change of the settings applies to the next message, on every node.
 */
export class MessageGateway {
  constructor(
    private readonly settings: ServerSettings,
    private readonly keys: GatewayKeys,
    /** In reasons: "SMS not configured". */
    private readonly name: string,
    private readonly timeoutMs = GATEWAY_TIMEOUT_MS,
  ) {}

  private async current(): Promise<GatewaySettings | null> {
    return gatewaySettingsOf(attrs((await this.settings.get()).attributes), this.keys);
  }

  /** Whether messages can be sent at all. */
  async available(): Promise<boolean> {
    return (await this.current()) !== null;
  }

  async send(phone: string, message: string): Promise<SendResult> {
    const settings = await this.current();
    if (!settings) return { ok: false, reason: `${this.name} not configured`, retry: false };
    return sendTemplate(settings, phone, message, this.timeoutMs);
  }
}

/** The SMS gateway (`sms.http.*`): commands by text channel, the `sms` notificator. */
export class SmsGateway extends MessageGateway {
  constructor(settings: ServerSettings, timeoutMs = GATEWAY_TIMEOUT_MS) {
    super(settings, SMS_KEYS, 'SMS', timeoutMs);
  }
}

/** The WhatsApp gateway (`whatsapp.http.*`, the same template mechanism): the `whatsapp` notificator. */
export class WhatsAppGateway extends MessageGateway {
  constructor(settings: ServerSettings, timeoutMs = GATEWAY_TIMEOUT_MS) {
    super(settings, WHATSAPP_KEYS, 'WhatsApp', timeoutMs);
  }
}
