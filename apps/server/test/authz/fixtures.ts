import { ADMIN as ADMIN_ACCOUNT, Client, reportOsmAnd, type TestServer } from '../harness.ts';
import { MediaStore } from '../../src/media/store.ts';
import type { Role } from './roles.ts';

/** Every fixture device has a photo (its file name in `Fixtures.media`), as a dashcam would have sent it. */
const MEDIA_TIME = new Date('2024-01-01T00:00:00Z');
const MEDIA_JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');

/** Objects that users own, by the name the matrix gives them. */
export const ENTITY_KINDS = ['device', 'group', 'geofence', 'driver', 'calendar', 'maintenance', 'notification', 'command', 'attribute', 'order', 'report'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];
export type Kind = EntityKind | 'user' | 'share' | 'invoice' | 'position';

export type Wire = Record<string, unknown> & { id: number; uniqueId?: string };

/**
 * One owner's objects: `owner` is the user they are linked to; `user` is the user acted on
 * (oneself, or a manager's sub-user); the rest are the objects of each kind.
 */
export type Objects = { owner: number } & Partial<Record<Kind, Wire>>;

export const COLLECTION: Record<EntityKind, string> = {
  device: '/api/devices', group: '/api/groups', geofence: '/api/geofences', driver: '/api/drivers', calendar: '/api/calendars',
  maintenance: '/api/maintenance', notification: '/api/notifications', command: '/api/commands', attribute: '/api/attributes/computed',
  order: '/api/orders', report: '/api/reports',
};

/** The key that names an object of the kind in /api/permissions. */
export const LINK_KEY: Record<EntityKind | 'user', string> = {
  device: 'deviceId', group: 'groupId', geofence: 'geofenceId', driver: 'driverId', calendar: 'calendarId',
  maintenance: 'maintenanceId', notification: 'notificationId', command: 'commandId', attribute: 'attributeId', order: 'orderId', report: 'reportId',
  user: 'managedUserId',
};

const ics = Buffer.from(['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:m', 'DTSTART:20240101T080000Z',
  'DTEND:20240101T180000Z', 'RRULE:FREQ=DAILY', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n')).toString('base64');

/** A valid new object of each kind; `label` makes names unique and marks the tenant. */
export function newBody(kind: EntityKind, label: string): Record<string, unknown> {
  switch (kind) {
    case 'device': return { name: `Device ${label}`, uniqueId: `dev-${label}` };
    case 'group': return { name: `Group ${label}` };
    case 'geofence': return { name: `Fence ${label}`, area: 'CIRCLE (-23.55 -46.63, 300)' };
    case 'driver': return { name: `Driver ${label}`, uniqueId: `drv-${label}` };
    case 'calendar': return { name: `Calendar ${label}`, data: ics };
    case 'maintenance': return { name: `Oil ${label}`, type: 'totalDistance', start: 0, period: 10_000_000 };
    case 'notification': return { type: 'deviceOnline', notificators: 'web', always: false, description: `Notify ${label}` };
    // osmand devices take custom commands only
    case 'command': return { description: `Command ${label}`, type: 'custom', attributes: { data: 'ping' } };
    case 'attribute': return { description: `Speed ${label}`, attribute: 'speedKmh', expression: 'speed * 1.852', type: 'number' };
    case 'order': return { uniqueId: `order-${label}`, description: `Order ${label}` };
    // a scheduled report; without a calendar it never runs
    case 'report': return { type: 'summary', description: `Report ${label}`, calendarId: 0, attributes: {} };
  }
}

/** Every other tenant's object carries this in its names, so any answer that leaks one shows it. */
export const VICTIM_MARK = 'tenantb';
const PASSWORD = 'pass1234';
const HOUR = 3_600_000;

/** Accounts with their own objects (the share visitor and the QR driver borrow a regular user's device). */
const OWNERS = ['administrator', 'manager', 'regular', 'readonly', 'deviceReadonly', 'limitCommands'] as const;
type Owner = (typeof OWNERS)[number];
const FLAGS: Record<Exclude<Owner, 'administrator'>, Record<string, unknown>> = {
  // the manager is a reseller too, so that billing has a non-admin actor
  manager: { userLimit: 100, attributes: { reseller: true } },
  regular: {},
  readonly: { readonly: true },
  deviceReadonly: { deviceReadonly: true },
  limitCommands: { limitCommands: true },
};

/**
 * Two tenants on one server: tenant A holds every role of the matrix, each with objects of its
 * own; tenant B (a reseller manager, his sub-user and their objects) is the one everybody tries
 * to reach. Made through the API, as an administrator would.
 */
export class Fixtures {
  readonly clients = new Map<Role, Client>();
  /** Each device's photo file, by device id. */
  readonly media = new Map<number, string>();
  readonly userIds = new Map<Role, number>();
  readonly own = new Map<Role, Objects>();
  victim!: Objects;
  /**
   * A device and a group that both tenants see (an administrator gave them to both), to which
   * tenant B has linked its objects: what tenant B linked there is still tenant B's alone.
   */
  common!: { device: Wire; group: Wire };
  /** Tenant B's users: its manager and his sub-user. */
  victimUsers: number[] = [];
  /** Server settings as they stand, the body of PUT /api/server. */
  server!: Record<string, unknown>;
  /** An account anyone may sign in with (POST /api/session, trust unlock). */
  readonly probe = { email: 'probe@authz.test', password: PASSWORD };
  /**
   * Objects made ahead for `fresh`, by `kind role`: a share is made by its sharer, who may no
   * longer share by the time it is used (advanced permissions).
   */
  readonly spares = new Map<string, Wire[]>();
  private readonly logins = new Map<Role, () => Promise<Client>>();
  private counter = 0;

  private constructor(readonly test: TestServer, readonly admin: Client) {}

  unique(prefix: string): string {
    return `${prefix}-${++this.counter}`;
  }

  static async build(test: TestServer): Promise<Fixtures> {
    const admin = await Client.login(test.base, ADMIN_ACCOUNT.email, ADMIN_ACCOUNT.password);
    const fx = new Fixtures(test, admin);
    await fx.setUp();
    return fx;
  }

  /** A new session of the role, for calls that change or end the caller's session. */
  login(role: Role): Promise<Client> {
    const login = this.logins.get(role);
    return login ? login() : Promise.resolve(new Client(this.test.base));
  }

  private async setUp(): Promise<void> {
    const { admin } = this;
    const settings = await admin.json('GET', '/api/server');
    this.server = await admin.json('PUT', '/api/server', { ...settings, attributes: { ...settings.attributes, 'tarkan.enableQrDriverId': true, totpEnable: true } });
    await admin.json('POST', '/api/users', { name: 'Probe', ...this.probe });

    const adminSelf = await admin.json('GET', '/api/session');
    this.register('administrator', adminSelf.id, admin, () => Client.login(this.test.base, ADMIN_ACCOUNT.email, ADMIN_ACCOUNT.password));
    for (const [role, flags] of Object.entries(FLAGS) as [Owner, Record<string, unknown>][]) {
      const email = `${role.toLowerCase()}@authz.test`;
      const user = await admin.json('POST', '/api/users', { name: `Role ${role}`, email, password: PASSWORD, ...flags });
      const login = () => Client.login(this.test.base, email, PASSWORD);
      this.register(role, user.id, await login(), login);
    }
    const victimEmail = `manager.${VICTIM_MARK}@authz.test`;
    const victimManager = await admin.json('POST', '/api/users', { name: `Manager ${VICTIM_MARK}`, email: victimEmail, password: PASSWORD, ...FLAGS.manager });
    const victimClient = await Client.login(this.test.base, victimEmail, PASSWORD);

    // the user each owner acts on: a manager's sub-user, an administrator's customer, else oneself
    const subUser = (by: Client, label: string) =>
      by.json('POST', '/api/users', { name: `Sub ${label}`, email: `sub.${label}@authz.test`, password: PASSWORD });
    const users: Record<Owner, Wire> = {
      administrator: await subUser(admin, 'administrator'),
      manager: await subUser(this.clients.get('manager')!, 'manager'),
      regular: await admin.json('GET', `/api/users/${this.userIds.get('regular')}`),
      readonly: await admin.json('GET', `/api/users/${this.userIds.get('readonly')}`),
      deviceReadonly: await admin.json('GET', `/api/users/${this.userIds.get('deviceReadonly')}`),
      limitCommands: await admin.json('GET', `/api/users/${this.userIds.get('limitCommands')}`),
    };
    const victimSub = await subUser(victimClient, VICTIM_MARK);
    this.victimUsers = [victimManager.id, victimSub.id];

    for (const role of OWNERS) {
      this.own.set(role, await this.objectsOf(this.userIds.get(role)!, users[role], this.clients.get(role)!, role.toLowerCase()));
    }
    this.victim = await this.objectsOf(victimManager.id, victimSub, victimClient, VICTIM_MARK);
    await this.shareAcrossTenants(victimManager.id, victimClient);

    // the share visitor: a regular user's link to a device of his
    const regular = this.clients.get('regular')!;
    const sharedDevice = await this.make('device', this.userIds.get('regular')!, 'shared');
    const share = await regular.json('POST', '/tarkan/shares', { deviceId: sharedDevice.id, expiration: new Date(Date.now() + HOUR).toISOString() });
    const visitor = async () => {
      const client = new Client(this.test.base);
      await client.json('GET', `/api/session?token=${encodeURIComponent(share.token)}`);
      return client;
    };
    const visitorClient = await visitor();
    const visitorUser = await visitorClient.json('GET', '/api/session');
    this.register('shared', visitorUser.id, visitorClient, visitor);
    this.own.set('shared', { owner: visitorUser.id, user: visitorUser, device: sharedDevice, position: await this.positionOf(sharedDevice) });

    // the QR driver: made by the regular user (so linked to him alone), checks in to his vehicles
    const username = 'qr.driver@authz.test';
    await regular.json('POST', '/api/drivers', { name: 'QR driver', uniqueId: 'qr-driver-a',
      attributes: { 'tarkan.qrEnable': true, 'tarkan.qrUsername': username, 'tarkan.qrPassword': PASSWORD } });
    const qrLogin = () => Client.login(this.test.base, username, PASSWORD);
    const qrClient = await qrLogin();
    const qrUser = await qrClient.json('GET', '/api/session');
    this.register('qrDriver', qrUser.id, qrClient, qrLogin);
    this.own.set('qrDriver', { owner: qrUser.id, user: qrUser, device: this.own.get('regular')!.device });
  }

  private async shareAcrossTenants(victimManager: number, victimClient: Client): Promise<void> {
    const device = await this.make('device', victimManager, 'common');
    const group = await this.make('group', victimManager, 'common');
    for (const role of OWNERS.filter((r) => r !== 'administrator')) {
      await this.admin.json('POST', '/api/permissions', { userId: this.userIds.get(role), deviceId: device.id });
      await this.admin.json('POST', '/api/permissions', { userId: this.userIds.get(role), groupId: group.id });
    }
    for (const kind of ['geofence', 'driver', 'maintenance', 'notification', 'command', 'attribute', 'order', 'report'] as const) {
      await victimClient.json('POST', '/api/permissions', { deviceId: device.id, [LINK_KEY[kind]]: this.victim[kind]!.id });
      await victimClient.json('POST', '/api/permissions', { groupId: group.id, [LINK_KEY[kind]]: this.victim[kind]!.id });
    }
    this.common = { device, group };
  }

  private register(role: Role, id: number, client: Client, login: () => Promise<Client>): void {
    this.userIds.set(role, id);
    this.clients.set(role, client);
    this.logins.set(role, login);
  }

  /** One object of every kind linked to `owner`, plus a share, an invoice and a position. */
  private async objectsOf(owner: number, user: Wire, client: Client, label: string): Promise<Objects> {
    const objects: Objects = { owner, user };
    await Promise.all(ENTITY_KINDS.map(async (kind) => {
      objects[kind] = await this.make(kind, owner, label);
    }));
    objects.position = await this.positionOf(objects.device!);
    objects.share = await client.json('POST', '/tarkan/shares', { deviceId: objects.device!.id, expiration: new Date(Date.now() + HOUR).toISOString() });
    objects.invoice = await this.invoiceFor(user.id);
    return objects;
  }

  /** A new object of the kind, made by the administrator and linked to `owner`. */
  async make(kind: EntityKind, owner: number, label: string): Promise<Wire> {
    const object = await this.admin.json('POST', COLLECTION[kind], newBody(kind, this.unique(label)));
    if (owner !== this.userIds.get('administrator')) await this.admin.json('POST', '/api/permissions', { userId: owner, [LINK_KEY[kind]]: object.id });
    if (kind === 'device') {
      const sent = await reportOsmAnd(this.test.osmand, { id: object.uniqueId, lat: -23.55, lon: -46.63, timestamp: Math.floor(Date.now() / 1000) - 60 });
      if (sent.status !== 200) throw new Error(`position of ${object.uniqueId} refused: ${sent.status}`);
      // a photo the device sent, for GET /api/media
      this.media.set(object.id, await new MediaStore(this.test.dataDir).save(object.uniqueId, 'jpg', MEDIA_JPEG, MEDIA_TIME));
    }
    return object;
  }

  private async positionOf(device: Wire): Promise<Wire> {
    const [position] = await this.admin.json('GET', `/api/positions?deviceId=${device.id}`);
    if (!position) throw new Error(`device ${device.id} has no position`);
    return position;
  }

  async invoiceFor(userId: number): Promise<Wire> {
    return this.admin.json('POST', `/tarkan/billing/customers/${userId}/invoices`, { value: 10, dueDate: '2031-01-10' });
  }

  /**
   * A new object for a call that uses it up (delete, cancel, suspend), or null where the role
   * has none of its own of that kind. Users: a new sub-user for managers, else oneself.
   */
  async fresh(kind: Kind, role: Role): Promise<Wire | null> {
    const spare = this.spares.get(`${kind} ${role}`)?.pop();
    if (spare) return spare;
    const own = this.own.get(role);
    if (!own || !OWNERS.includes(role as Owner)) return null;
    const owner = this.userIds.get(role)!;
    if (kind === 'user') {
      if (role !== 'administrator' && role !== 'manager') return own.user ?? null;
      const user = await this.admin.json('POST', '/api/users', { name: 'Fresh', email: `${this.unique('fresh')}@authz.test`, password: PASSWORD });
      if (role === 'manager') await this.admin.json('POST', '/api/permissions', { userId: owner, managedUserId: user.id });
      return user;
    }
    if (kind === 'invoice') return this.invoiceFor(own.user!.id);
    if (kind === 'share') {
      return this.clients.get(role)!.json('POST', '/tarkan/shares', { deviceId: own.device!.id, expiration: new Date(Date.now() + HOUR).toISOString() });
    }
    if (kind === 'position') return null;
    return this.make(kind, owner, role.toLowerCase());
  }
}
