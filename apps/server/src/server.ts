import type { FastifyInstance } from 'fastify';
import { buildApp } from './api/app.ts';
import { Guards } from './api/guards.ts';
import { BillingSweeper } from './billing/sweep.ts';
import type { Config } from './config/config.ts';
import { migrate, openDatabase, type Db } from './db/connection.ts';
import { PositionStore } from './db/position-store.ts';
import { ServerSettings } from './db/server-settings.ts';
import { deploymentName } from './db/deployment.ts';
import { InProcessBus, RedisBus, type LiveBus } from './live/bus.ts';
import { CommandRouter } from './live/commands.ts';
import { DeviceRegistry } from './live/device-registry.ts';
import { SocketHub } from './live/socket-hub.ts';
import { announceRevocation, staleOwners } from './api/revocation.ts';
import { DeviceContexts } from './pipeline/device-context.ts';
import { InactivityCheck } from './pipeline/events/inactivity.ts';
import { EventRaiser } from './pipeline/events/raiser.ts';
import { createGeocoder } from './pipeline/geocoding/geocoder.ts';
import { createGeolocation } from './pipeline/geolocation/handler.ts';
import { PositionProcessor } from './pipeline/processor.ts';
import { deviceEvent } from './position/events.ts';
import { NotificationRules } from './notifications/rules.ts';
import { DeliveryLog } from './notifications/deliveries.ts';
import { OutgoingTexts } from './notifications/outgoing.ts';
import { Statistics } from './db/statistics.ts';
import { NotificationDispatcher } from './notifications/dispatcher.ts';
import { MailChannel } from './notifications/mail.ts';
import { PhoneChannel } from './notifications/sms.ts';
import { TelegramChannel } from './notifications/telegram.ts';
import { PushChannel } from './notifications/push.ts';
import { Vapid } from './notifications/vapid.ts';
import { startProtocolListeners } from './protocols/registry.ts';
import { QrCheckins } from './qr-driver/checkins.ts';
import { fillAddresses } from './reports/addresses.ts';
import { reportSource } from './reports/build.ts';
import { ReportScheduler } from './reports/scheduler.ts';
import { sendMailWithAttachment } from './notifications/report-mail.ts';
import { SmsGateway, WhatsAppGateway } from './sms/gateway.ts';
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
  /** Scheduled reports (tests drive its tick). */
  reportScheduler: ReportScheduler;
  /** The notification delivery log and its retries (tests drive its sweep). */
  deliveries: DeliveryLog;
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
  const deployment = await deploymentName(db, config.dataDir);
  const bus: LiveBus = config.redisUrl ? await RedisBus.connect(config.redisUrl, deployment) : new InProcessBus();
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
  const deliveries = new DeliveryLog(db.kysely, { attempts: config.deliveries.attempts, firstDelayMs: config.deliveries.retryDelayMs }, log);
  // addresses on demand (never per position): the provider, or the nearest place of the offline data
  const geocoder = createGeocoder(config.geocoder, log);
  // Traccar's daily statistics (GET /api/statistics), added to the day's row every minute
  const statistics = new Statistics(db.kysely, log);
  statistics.track('geocoderRequests', () => geocoder.requests);
  deliveries.onSent = (channel) => {
    if (channel === 'mail') statistics.count('mailSent');
    else if (channel === 'sms') statistics.count('smsSent');
  };
  statistics.start();
  const notifications = new NotificationDispatcher(db.kysely, rules, contexts, bus, log, deliveries, new OutgoingTexts(db.kysely, settings, geocoder), [
    new TelegramChannel(db.kysely, settings), new PhoneChannel('sms', db.kysely, sms),
    new PhoneChannel('whatsapp', db.kysely, new WhatsAppGateway(settings)), new MailChannel(db.kysely),
  ], push);
  // each cache updates only what it holds of what changed (the socket hub listens on its own)
  bus.subscribe((message) => {
    if (message.kind === 'invalidate') {
      settings.invalidate();
      registry.invalidate();
      contexts.invalidate();
      rules.invalidate();
    } else if (message.kind === 'positionsRemoved') {
      void registry.positionsRemoved(message.deviceIds).catch((error: unknown) => log.warn(`latest positions not re-read: ${String(error)}`));
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
    config, db, deployment, settings, guards: new Guards(db.kysely, settings, config.licenseMode, registry), bus, registry, hub, commands, contexts, notifications, sms, qrCheckins, media, geocoder, statistics,
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
  // scheduled reports: each due run once, whichever node claims it, mailed as spreadsheets
  const reportGuards = new Guards(db.kysely, settings, config.licenseMode, registry);
  const reportScheduler = new ReportScheduler({
    db: db.kysely, source: reportSource(db, contexts), settings, maxDays: config.reportMaxDays, log,
    send: (mail) => sendMailWithAttachment(db.kysely, mail),
    // a mailed spreadsheet cannot ask later: every row gets an address, as an exported one
    prepare: (kind, items, format, pace) => fillAddresses(kind, items, {
      geocoder, language: format.locale, unit: format.distanceUnit, limit: config.geocoder?.onRequest ? config.geocoder.reportLimit : 0, everyRow: true,
    }, db, pace),
    mayReport: async (user) => {
      if (!user.administrator && (user.disableReports || (await settings.get()).disableReports)) return false;
      return reportGuards.checkAdvanced(user, 'reports', 'view').then(() => true, () => false);
    },
  });
  reportScheduler.start();
  const geolocation = config.geolocation ? createGeolocation(config.geolocation, log) : null;
  if (geolocation) statistics.track('geolocationRequests', geolocation.requests);
  const processor = new PositionProcessor(db.kysely, store, registry, bus, commands, contexts, events, log, media, geolocation?.step ?? null, statistics);

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const listeners = await startProtocolListeners(processor, config);
  const keepalive = setInterval(() => hub.keepalive(), 55_000);
  // the delivery log: entries past their days pruned, retries a stopped node left marked failed
  const sweepDeliveries = () => void deliveries.sweep(Date.now(), config.deliveries.logDays * 86_400_000)
    .catch((error: unknown) => log.warn(`delivery log sweep failed: ${String(error)}`));
  const firstDeliverySweep = setTimeout(sweepDeliveries, 60_000);
  const deliverySweep = setInterval(sweepDeliveries, 3_600_000);
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
    reportScheduler,
    deliveries,
    listeners,
    port,
    async stop() {
      clearInterval(keepalive);
      clearInterval(recheck);
      clearTimeout(firstDeliverySweep);
      clearInterval(deliverySweep);
      deliveries.stop();
      inactivity.stop();
      await billing.stop();
      await reportScheduler.stop();
      qrCheckins.stop();
      // Connections cut by the shutdown are not devices going offline.
      registry.onStatusChange = null;
      for (const listener of listeners) await listener.close();
      await app.close();
      await store.flush();
      await registry.stop();
      await statistics.stop();
      await events.flush();
      await bus.close();
      await db.close();
    },
  };
}
