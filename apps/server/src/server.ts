import type { FastifyInstance } from 'fastify';
import { buildApp } from './api/app.ts';
import { Guards } from './api/guards.ts';
import { BillingSweeper } from './billing/sweep.ts';
import type { Config } from './config/config.ts';
import { migrate, openDatabase, type Db } from './db/connection.ts';
import { PositionStore } from './db/position-store.ts';
import { ServerSettings } from './db/server-settings.ts';
import { InProcessBus, RedisBus, type LiveBus } from './live/bus.ts';
import { CommandRouter } from './live/commands.ts';
import { DeviceRegistry } from './live/device-registry.ts';
import { SocketHub } from './live/socket-hub.ts';
import { announceRevocation, staleOwners } from './api/revocation.ts';
import { DeviceContexts } from './pipeline/device-context.ts';
import { InactivityCheck } from './pipeline/events/inactivity.ts';
import { EventRaiser } from './pipeline/events/raiser.ts';
import { createGeolocation } from './pipeline/geolocation/handler.ts';
import { PositionProcessor } from './pipeline/processor.ts';
import { deviceEvent } from './position/events.ts';
import { NotificationRules } from './notifications/rules.ts';
import { NotificationDispatcher } from './notifications/dispatcher.ts';
import { PushChannel } from './notifications/push.ts';
import { Vapid } from './notifications/vapid.ts';
import { startProtocolListeners } from './protocols/registry.ts';
import { QrCheckins } from './qr-driver/checkins.ts';
import { SmsGateway } from './sms/gateway.ts';
import { MediaStore } from './media/store.ts';
import type { ProtocolListener } from './protocols/types.ts';

export interface Rastro {
  app: FastifyInstance;
  db: Db;
  processor: PositionProcessor;
  commands: CommandRouter;
  inactivity: InactivityCheck;
  /** QR drivers' check-ins and their timeout sweep. */
  qrCheckins: QrCheckins;
  /** Per-device contexts (tests and benchmarks count their loads). */
  contexts: DeviceContexts;
  /** This node's live sockets (tests drive its periodic re-check). */
  hub: SocketHub;
  /** Automatic billing (tests drive its sweep). */
  billing: BillingSweeper;
  listeners: ProtocolListener[];
  /** The HTTP port actually bound (useful when configured as 0). */
  port: number;
  stop: () => Promise<void>;
}

export interface StartOptions {
  /** PostgreSQL schema (tests isolate themselves in their own). */
  pgSchema?: string;
  /** What POST /api/server/restart does (main.ts: stop and exit for the launcher to start again). */
  restart?: () => void;
  /**
   * First-run seeding, after the migrations and before anything listens: a client that finds the
   * server up (its health check answers) finds the administrator there too.
   */
  seed?: (db: Db) => Promise<void>;
  /** Told the SQL of every query the server runs through Kysely (tests and benchmarks count them). */
  onQuery?: (sql: string) => void;
}

/** Wires config -> database -> services -> listeners, and starts them. */
export async function startRastro(config: Config, options: StartOptions = {}): Promise<Rastro> {
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgSchema: options.pgSchema, onQuery: options.onQuery });
  await migrate(db);
  await options.seed?.(db);
  const bus: LiveBus = config.redisUrl ? await RedisBus.connect(config.redisUrl) : new InProcessBus();
  const settings = new ServerSettings(db.kysely);
  await settings.get();
  const registry = new DeviceRegistry(db, bus, config.statusTimeoutSeconds * 1000);
  await registry.start();
  const hub = new SocketHub(db, bus, staleOwners(db), { warn: (msg: string) => app?.log.warn(msg) });
  const store = new PositionStore(db);
  const commands = new CommandRouter(db.kysely, bus);
  await commands.start();
  const contexts = new DeviceContexts(db, settings);
  const rules = new NotificationRules(db.kysely);
  // The app's logger exists only once the app is built; services log through this.
  let app: FastifyInstance | null = null;
  const log = { info: (msg: string) => app?.log.info(msg), warn: (msg: string) => app?.log.warn(msg), error: (msg: string) => app?.log.error(msg) };
  const push = config.push.enabled ? new PushChannel(db.kysely, new Vapid(db.kysely, config.push.subject), config.push.allowHttp, log) : null;
  const sms = new SmsGateway(settings);
  const notifications = new NotificationDispatcher(db.kysely, rules, contexts, bus, log, sms, push);
  // each cache updates only what it holds of what changed (the socket hub listens on its own)
  bus.subscribe((message) => {
    if (message.kind === 'invalidate') {
      settings.invalidate();
      registry.invalidate();
      contexts.invalidate();
      rules.invalidate();
    } else if (message.kind === 'changed') {
      if (message.entity === 'server') settings.invalidate();
      if (message.entity === 'device') registry.changed(message.ids);
      contexts.changed(message);
      rules.changed(message);
    }
  });
  const media = new MediaStore(config.dataDir);
  const qrCheckins = new QrCheckins(db.kysely, bus, registry, commands, settings, log);
  app = await buildApp({
    config, db, settings, guards: new Guards(db.kysely, settings, config.licenseMode), bus, registry, hub, commands, contexts, notifications, sms, qrCheckins, media,
    restart: () => options.restart?.(),
  });
  const events = new EventRaiser(db.kysely, registry, notifications);
  registry.onStatusChange = (deviceId, status, time) => {
    const type = ({ online: 'deviceOnline', offline: 'deviceOffline', unknown: 'deviceUnknown' } as const)[status];
    void events.save([deviceEvent(type, deviceId, time)]).catch((error: unknown) => log.warn(`status event not stored: ${String(error)}`));
  };
  const inactivity = new InactivityCheck(db.kysely, registry, contexts, (list) => events.save(list));
  inactivity.start();
  qrCheckins.start();
  // automatic billing: monthly invoices, overdue, suspension (safe on several nodes)
  const billing = new BillingSweeper(db.kysely, settings, log, config.billingSweepMinutes * 60_000,
    (userIds) => announceRevocation(bus, { userIds, all: true }));
  if (config.billingSweepMinutes > 0) billing.start();
  const geolocation = config.geolocation ? createGeolocation(config.geolocation, log) : null;
  const processor = new PositionProcessor(db.kysely, store, registry, bus, commands, contexts, events, log, media, geolocation);

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const listeners = await startProtocolListeners(processor, config);
  const keepalive = setInterval(() => hub.keepalive(), 55_000);
  // safety net under the revoke messages: a socket outlives its right by at most a minute
  const recheck = setInterval(() => void hub.revalidate().catch((error: unknown) => log.warn(`socket re-check failed: ${String(error)}`)), 60_000);

  return {
    app,
    db,
    processor,
    commands,
    inactivity,
    qrCheckins,
    contexts,
    hub,
    billing,
    listeners,
    port,
    async stop() {
      clearInterval(keepalive);
      clearInterval(recheck);
      inactivity.stop();
      await billing.stop();
      qrCheckins.stop();
      // Connections cut by the shutdown are not devices going offline.
      registry.onStatusChange = null;
      for (const listener of listeners) await listener.close();
      await app.close();
      await store.flush();
      await registry.stop();
      await events.flush();
      await bus.close();
      await db.close();
    },
  };
}
