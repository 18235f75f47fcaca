import type { Event } from '@rastro/api';
import type { Kysely } from 'kysely';
import { attrs } from '../db/mappers.ts';
import type { Database } from '../db/schema.ts';
import type { MessageGateway } from '../sms/gateway.ts';
import { deviceNameOf, type Addressed, type Channel } from './deliveries.ts';
import { languageOf, shortText } from './texts.ts';

/**
 * A channel to the user's `phone` through an HTTP template gateway: `sms` (Traccar's
 * NotificatorSms, the server's SMS gateway) and `whatsapp` (a WhatsApp gateway configured the same
 * way). One short line in the user's language; users without a phone cannot be reached.
 */
export class PhoneChannel implements Channel {
  constructor(
    readonly name: 'sms' | 'whatsapp',
    private readonly db: Kysely<Database>,
    private readonly gateway: MessageGateway,
  ) {}

  available(): Promise<boolean> {
    return this.gateway.available();
  }

  async address(event: Event, userIds: number[]): Promise<Addressed[]> {
    if (!userIds.length) return [];
    const deviceName = await deviceNameOf(this.db, event);
    const users = await this.db.selectFrom('tc_users').select(['id', 'phone', 'attributes']).where('id', 'in', userIds).orderBy('id').execute();
    return users.map((user) => {
      const phone = user.phone?.trim();
      if (!phone) return { userId: user.id, reason: 'no phone number' };
      const text = shortText(event, deviceName, languageOf(attrs(user.attributes)['tarkan.lang']));
      return { userId: user.id, recipient: phone, send: () => this.gateway.send(phone, text) };
    });
  }
}
