import { validTimeZone, type Event } from '@rastro/api';
import type { Kysely } from 'kysely';
import { attrs } from '../db/mappers.ts';
import type { Database } from '../db/schema.ts';
import type { ServerSettings } from '../db/server-settings.ts';
import type { Geocoder } from '../pipeline/geocoding/geocoder.ts';
import { eventTexts, languageOf, type Language, type Texts } from './texts.ts';

/**
 * What goes out to users on a channel: the event it is about (a synthetic one for a test or an
 * administrator's message), and each user's texts, already in his language and time zone.
 */
export interface Outgoing {
  event: Event;
  texts: ReadonlyMap<number, Texts>;
}

/** Traccar's NotificationMessage: what an administrator sends (digest: the short form, for SMS and chats). */
export interface NotificationMessage {
  subject: string;
  body: string;
  digest?: string;
}

/** The synthetic event an administrator's message is logged under (POST /api/notifications/send/{notificator}). */
export function messageEvent(): Event {
  return { id: 0, type: 'message', eventTime: new Date().toISOString(), deviceId: 0, positionId: 0, geofenceId: 0, maintenanceId: 0, attributes: {} };
}

/**
 * Writes the texts of what is sent: for an event, the device's name, the event's time in each
 * reader's time zone (his `timezone` attribute, else the server's, else the process's) and its
 * position's address in his language — the stored one, else asked of the geocoder now, once per
 * language (the nearest place of the offline data when there is no provider): only notified
 * events cost a lookup, never every position.
 */
export class OutgoingTexts {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: ServerSettings,
    private readonly geocoder: Geocoder | null,
  ) {}

  private async readers(userIds: readonly number[]): Promise<{ id: number; language: Language; timeZone: string; twelveHour: boolean }[]> {
    if (!userIds.length) return [];
    const server = attrs((await this.settings.get()).attributes);
    const fallback = validTimeZone(server.timezone) ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
    const users = await this.db.selectFrom('tc_users').select(['id', 'attributes']).where('id', 'in', [...userIds]).execute();
    return users.map((user) => {
      const attributes = attrs(user.attributes);
      const twelveHour = attributes.twelveHourFormat ?? server.twelveHourFormat;
      return {
        id: user.id,
        // the server's tarkan.lang is the default language of a user who has none (spec §3)
        language: languageOf(attributes['tarkan.lang'] ?? server['tarkan.lang']),
        timeZone: validTimeZone(attributes.timezone) ?? fallback,
        // an attribute typed in by hand arrives as text
        twelveHour: twelveHour === true || twelveHour === 'true',
      };
    });
  }

  async forEvent(event: Event, userIds: readonly number[]): Promise<Outgoing> {
    const readers = await this.readers(userIds);
    const device = event.deviceId
      ? await this.db.selectFrom('tc_devices').select('name').where('id', '=', event.deviceId).executeTakeFirst()
      : undefined;
    const position = event.positionId
      ? await this.db.selectFrom('tc_positions').select(['latitude', 'longitude', 'address']).where('id', '=', event.positionId).executeTakeFirst()
      : undefined;
    const addresses = new Map<Language, string | null>();
    const addressIn = async (language: Language): Promise<string | null> => {
      if (!position) return null;
      if (position.address) return position.address;
      if (!addresses.has(language)) addresses.set(language, this.geocoder ? (await this.geocoder.address(position.latitude, position.longitude, language)).text : null);
      return addresses.get(language) ?? null;
    };
    const texts = new Map<number, Texts>();
    for (const reader of readers) {
      const facts = { deviceName: device?.name ?? null, address: await addressIn(reader.language) };
      texts.set(reader.id, eventTexts(event, facts, reader.language, reader.timeZone, reader.twelveHour));
    }
    return { event, texts };
  }

  /** The same message to everyone: the administrator wrote it in one language. */
  forMessage(message: NotificationMessage, userIds: readonly number[]): Outgoing {
    const short = message.digest || (message.subject ? `${message.subject}: ${message.body}` : message.body);
    return { event: messageEvent(), texts: new Map(userIds.map((id) => [id, { subject: message.subject || message.body.slice(0, 80), body: message.body, short }])) };
  }
}
