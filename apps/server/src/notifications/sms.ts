import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { MessageGateway } from '../sms/gateway.ts';
import { addressUsers, type Addressed, type Channel } from './deliveries.ts';
import type { Outgoing } from './outgoing.ts';

/**
 * A channel to the user's `phone` through an HTTP template gateway: `sms` (Traccar's
 * NotificatorSms, the server's SMS gateway) and `whatsapp` (a WhatsApp gateway configured the same
 * way). One short line in the user's language and time zone; users without a phone cannot be reached.
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

  address(outgoing: Outgoing, userIds: number[]): Promise<Addressed[]> {
    return addressUsers(this.db, outgoing, userIds, (user, texts) => {
      const phone = user.phone?.trim();
      if (!phone) return { userId: user.id, reason: 'no phone number' };
      return { userId: user.id, recipient: phone, send: () => this.gateway.send(phone, texts.short) };
    });
  }
}
