import type { Event } from '@rastro/api';
import type { Kysely } from 'kysely';
import { attrs } from '../db/mappers.ts';
import type { Database } from '../db/schema.ts';
import type { SmsGateway } from '../sms/gateway.ts';
import { eventDetail, eventTitle, languageOf, type Language } from './texts.ts';

/** One line, as short as the event allows: "Truck 9: Alarme (sos)". */
export function smsText(event: Event, deviceName: string | null, language: Language): string {
  const title = eventTitle(event.type, language);
  const detail = eventDetail(event.attributes);
  const text = deviceName ? `${deviceName}: ${title}` : title;
  return detail ? `${text} (${detail})` : text;
}

/**
 * The `sms` channel (Traccar's NotificatorSms): one message to each recipient's phone, in his
 * language; users without a phone are skipped. One by one, as the mail channel, so a gateway
 * with a rate limit is not flooded; a failure does not stop the others and is reported at the end.
 */
export class SmsChannel {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly gateway: SmsGateway,
  ) {}

  async deliver(event: Event, userIds: number[]): Promise<void> {
    if (!userIds.length || !(await this.gateway.available())) return;
    const device = event.deviceId
      ? await this.db.selectFrom('tc_devices').select('name').where('id', '=', event.deviceId).executeTakeFirst()
      : undefined;
    const users = await this.db.selectFrom('tc_users').select(['id', 'phone', 'attributes']).where('id', 'in', userIds).execute();
    const failures: string[] = [];
    for (const user of users) {
      const phone = user.phone?.trim();
      if (!phone) continue;
      const text = smsText(event, device?.name ?? null, languageOf(attrs(user.attributes)['tarkan.lang']));
      const result = await this.gateway.send(phone, text);
      if (!result.ok) failures.push(`user ${user.id}: ${result.reason}`);
    }
    if (failures.length) throw new Error(`SMS not sent to ${failures.join('; ')}`);
  }
}
