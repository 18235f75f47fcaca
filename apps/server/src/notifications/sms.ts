import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { MessageGateway } from '../sms/gateway.ts';
import type { Addressed, Channel } from './deliveries.ts';
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

  async address(outgoing: Outgoing, userIds: number[]): Promise<Addressed[]> {
    if (!userIds.length) return [];
    const users = await this.db.selectFrom('tc_users').select(['id', 'phone']).where('id', 'in', userIds).orderBy('id').execute();
    return users.map((user) => {
      const texts = outgoing.texts.get(user.id);
      if (!texts) return { userId: user.id, reason: 'no text' };
      const phone = user.phone?.trim();
      if (!phone) return { userId: user.id, reason: 'no phone number' };
      return { userId: user.id, recipient: phone, send: () => this.gateway.send(phone, texts.short) };
    });
  }
}
