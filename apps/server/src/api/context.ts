import type { Config } from '../config/config.ts';
import type { MediaStore } from '../media/store.ts';
import type { Db } from '../db/connection.ts';
import type { ServerSettings } from '../db/server-settings.ts';
import type { LiveBus } from '../live/bus.ts';
import type { CommandRouter } from '../live/commands.ts';
import type { NotificationDispatcher } from '../notifications/dispatcher.ts';
import type { DeviceContexts } from '../pipeline/device-context.ts';
import type { Geocoder } from '../pipeline/geocoding/geocoder.ts';
import type { DeviceRegistry } from '../live/device-registry.ts';
import type { SocketHub } from '../live/socket-hub.ts';
import type { QrCheckins } from '../qr-driver/checkins.ts';
import type { SmsGateway } from '../sms/gateway.ts';
import type { Statistics } from '../db/statistics.ts';
import type { Guards } from './guards.ts';

/** What the HTTP routes are given: no route reaches anything else. */
export interface ApiContext {
  config: Config;
  db: Db;
  /** This deployment's name (db/deployment.ts): the namespace of its live bus and sign-in counters in Redis. */
  deployment: string;
  settings: ServerSettings;
  guards: Guards;
  bus: LiveBus;
  registry: DeviceRegistry;
  hub: SocketHub;
  commands: CommandRouter;
  /** Per-device settings lookup (device, groups, server). */
  contexts: DeviceContexts;
  notifications: NotificationDispatcher;
  /** The HTTP SMS gateway of the server settings (commands by text channel, the sms notificator). */
  sms: SmsGateway;
  /** Photos, clips and voice messages devices sent (GET /api/media). */
  media: MediaStore;
  /** QR drivers' check-ins (spec §7 POST /tarkan/qr-driver). */
  qrCheckins: QrCheckins;
  /** Addresses on demand: the reverse geocoder, over the offline place data (GET /api/server/geocode, report rows). */
  geocoder: Geocoder;
  /** Traccar's daily statistics: every API request is counted (GET /api/statistics). */
  statistics: Statistics;
  /** Restarts the server process (POST /api/server/restart); set by main.ts. */
  restart: () => void;
}
