import { z } from 'zod';
import { attributesSchema } from './attributes.ts';
import { TOTP_KEY_MASK } from './constants.ts';

/**
 * Request bodies. Like Traccar, unknown properties are rejected (strict objects),
 * server-managed fields are accepted but ignored, and `null` means "not set".
 */
const id = z.number().int().nonnegative();
const optionalText = z.string().max(512).nullish();
const isoTime = z.union([z.iso.datetime({ offset: true }), z.number().int()]).nullish();
/** What every named object's body starts with: its id and a required name. */
const named = z.object({
  id: id.optional(),
  name: z.string().trim().min(1, 'name is required').max(128),
});

export const deviceInputSchema = named
  .extend({
    uniqueId: z.string().trim().min(1, 'uniqueId is required').max(128),
    groupId: id.nullish(),
    calendarId: id.nullish(),
    phone: optionalText,
    model: optionalText,
    contact: optionalText,
    category: z.string().max(128).nullish(),
    disabled: z.boolean().nullish(),
    expirationTime: isoTime,
    attributes: attributesSchema.nullish(),
    // server-managed, ignored on input
    status: z.string().nullish(),
    lastUpdate: z.string().nullish(),
    positionId: z.number().nullish(),
  })
  .strict();
export type DeviceInput = z.infer<typeof deviceInputSchema>;

export const groupInputSchema = named
  .extend({
    groupId: id.nullish(),
    attributes: attributesSchema.nullish(),
  })
  .strict();
export type GroupInput = z.infer<typeof groupInputSchema>;

export const userInputSchema = named
  .extend({
    login: z.string().max(128).nullish(),
    email: z.string().trim().min(1, 'email is required').max(128),
    phone: optionalText,
    readonly: z.boolean().nullish(),
    administrator: z.boolean().nullish(),
    map: z.string().max(128).nullish(),
    latitude: z.number().min(-90).max(90).nullish(),
    longitude: z.number().min(-180).max(180).nullish(),
    zoom: z.number().int().min(0).max(24).nullish(),
    password: z.string().max(128).nullish(),
    coordinateFormat: z.string().max(128).nullish(),
    disabled: z.boolean().nullish(),
    expirationTime: isoTime,
    deviceLimit: z.number().int().min(-1).nullish(),
    userLimit: z.number().int().min(-1).nullish(),
    deviceReadonly: z.boolean().nullish(),
    limitCommands: z.boolean().nullish(),
    disableReports: z.boolean().nullish(),
    fixedEmail: z.boolean().nullish(),
    poiLayer: z.string().max(512).nullish(),
    // a base32 secret (RFC 4648, as authenticator apps take it), the mask that keeps the stored one, or empty/null for none
    totpKey: z.union([z.literal(TOTP_KEY_MASK), z.string().trim().max(64).regex(/^([A-Z2-7]{16,}=*)?$/i, 'totpKey must be a base32 secret of at least 16 characters')]).nullish(),
    temporary: z.boolean().nullish(),
    attributes: attributesSchema.nullish(),
  })
  .strict();
export type UserInput = z.infer<typeof userInputSchema>;

/** Server settings ignore unknown properties, as Traccar's Server model does. */
export const serverInputSchema = z.object({
  id: id.optional(),
  registration: z.boolean().nullish(),
  readonly: z.boolean().nullish(),
  deviceReadonly: z.boolean().nullish(),
  limitCommands: z.boolean().nullish(),
  disableReports: z.boolean().nullish(),
  fixedEmail: z.boolean().nullish(),
  map: z.string().max(128).nullish(),
  bingKey: z.string().max(256).nullish(),
  mapUrl: z.string().max(512).nullish(),
  overlayUrl: z.string().max(512).nullish(),
  poiLayer: z.string().max(512).nullish(),
  announcement: z.string().max(4000).nullish(),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
  zoom: z.number().int().min(0).max(24).nullish(),
  forceSettings: z.boolean().nullish(),
  coordinateFormat: z.string().max(128).nullish(),
  attributes: attributesSchema.nullish(),
});
export type ServerInput = z.infer<typeof serverInputSchema>;

/** Link keys accepted by /api/permissions (Traccar's owner/property pairs). */
export const PERMISSION_KEYS = [
  'userId', 'deviceId', 'groupId', 'geofenceId', 'notificationId', 'calendarId', 'attributeId', 'driverId',
  'maintenanceId', 'commandId', 'orderId', 'reportId', 'managedUserId', 'linkedDeviceId',
] as const;
export const permissionInputSchema = z
  .record(z.string(), z.number().int().positive())
  .refine((value) => Object.keys(value).length === 2, 'a permission links exactly two objects');

export const loginFormSchema = z.object({
  email: z.string().trim().min(1, 'email is required'),
  password: z.string().min(1, 'password is required'),
  code: z.string().optional(),
});
