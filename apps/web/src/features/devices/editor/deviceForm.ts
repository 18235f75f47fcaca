import { METERS_TO_MILES, type Attributes, type Device, type DeviceInput, type DistanceUnit, type JsonValue, type Position, type User } from '@rastro/api';

/** Spec §3 editor fields kept in Traccar's device columns. */
export const COLUMN_FIELDS = ['name', 'uniqueId', 'phone', 'model', 'contact', 'category'] as const;

type FieldKind = 'text' | 'number' | 'color' | 'distance';

/**
 * Spec §3 editor fields kept as device attributes: the form name, the attribute it is stored under
 * (the two colours are the marker's `tarkan.color` and `tarkan.color_extra`) and its kind.
 * `distance` fields are typed in the user's unit and stored in metres.
 */
export const ATTRIBUTE_FIELDS = [
  { field: 'plate', attribute: 'plate', kind: 'text' },
  { field: 'iccid', attribute: 'iccid', kind: 'text' },
  { field: 'operator', attribute: 'operator', kind: 'text' },
  { field: 'color1', attribute: 'tarkan.color', kind: 'color' },
  { field: 'color2', attribute: 'tarkan.color_extra', kind: 'color' },
  { field: 'hue', attribute: 'hue', kind: 'number' },
  { field: 'saturate', attribute: 'saturate', kind: 'number' },
  { field: 'brightness', attribute: 'brightness', kind: 'number' },
  { field: 'driver', attribute: 'driver', kind: 'text' },
  { field: 'fuel', attribute: 'fuel', kind: 'number' },
  { field: 'fuelPrice', attribute: 'fuelPrice', kind: 'number' },
  { field: 'currency', attribute: 'currency', kind: 'text' },
  { field: 'litersx100km', attribute: 'litersx100km', kind: 'number' },
  { field: 'startOdometer', attribute: 'startOdometer', kind: 'distance' },
  { field: 'endOdometer', attribute: 'endOdometer', kind: 'distance' },
  { field: 'averageSpeed', attribute: 'averageSpeed', kind: 'number' },
  { field: 'maxSpeed', attribute: 'maxSpeed', kind: 'number' },
  { field: 'spentFuel', attribute: 'spentFuel', kind: 'number' },
  { field: 'duration', attribute: 'duration', kind: 'number' },
] as const satisfies readonly { field: string; attribute: string; kind: FieldKind }[];

/** Attributes with a field of their own; the free attributes editor shows the others. */
export const FORM_ATTRIBUTES: ReadonlySet<string> = new Set<string>(ATTRIBUTE_FIELDS.map(({ attribute }) => attribute));

/**
 * Spec §3's odometer and engine hours are not attributes: they are the device's accumulators, the
 * `totalDistance` (m) and `hours` (ms) of its latest position, which PUT /api/devices/{id}/accumulators
 * resets. Typed in the user's distance unit and in hours.
 */
export const ACCUMULATOR_FIELDS = ['odometer', 'engineHours'] as const;

export type AttributeField = (typeof ATTRIBUTE_FIELDS)[number]['field'];
export type FormField = (typeof COLUMN_FIELDS)[number] | AttributeField | (typeof ACCUMULATOR_FIELDS)[number] | 'groupId';
/** What the inputs hold: text, as typed. */
export type DeviceForm = Record<FormField, string>;

export type FormErrors = Partial<Record<FormField, string>>;

function toUnit(meters: number, unit: DistanceUnit): number {
  const value = unit === 'mi' ? meters * METERS_TO_MILES : meters / 1000;
  return Math.round(value * 100) / 100;
}

function toMeters(value: number, unit: DistanceUnit): number {
  return Math.round(unit === 'mi' ? value / METERS_TO_MILES : value * 1000);
}

export function emptyForm(): DeviceForm {
  const form = { groupId: '' } as DeviceForm;
  COLUMN_FIELDS.forEach((field) => (form[field] = ''));
  ATTRIBUTE_FIELDS.forEach(({ field }) => (form[field] = ''));
  ACCUMULATOR_FIELDS.forEach((field) => (form[field] = ''));
  return form;
}

const MS_PER_HOUR = 3_600_000;

/** The accumulators' text from the latest position: blank when it has none. */
export function accumulatorsOf(position: Position | undefined, unit: DistanceUnit): Pick<DeviceForm, (typeof ACCUMULATOR_FIELDS)[number]> {
  const totalDistance = position?.attributes.totalDistance;
  const hours = position?.attributes.hours;
  return {
    odometer: typeof totalDistance === 'number' ? String(toUnit(totalDistance, unit)) : '',
    engineHours: typeof hours === 'number' ? String(Math.round((hours / MS_PER_HOUR) * 100) / 100) : '',
  };
}

/** The body of PUT /api/devices/{id}/accumulators: the values changed from `before`, null when none did. */
export interface AccumulatorsInput {
  deviceId: number;
  totalDistance?: number;
  hours?: number;
}

export function accumulatorsInput(form: DeviceForm, before: DeviceForm, deviceId: number, unit: DistanceUnit): AccumulatorsInput | null {
  const input: AccumulatorsInput = { deviceId };
  const changed = (field: (typeof ACCUMULATOR_FIELDS)[number]) => form[field].trim() !== '' && form[field].trim() !== before[field].trim();
  if (changed('odometer')) input.totalDistance = toMeters(parseNumber(form.odometer) as number, unit);
  if (changed('engineHours')) input.hours = Math.round((parseNumber(form.engineHours) as number) * MS_PER_HOUR);
  return input.totalDistance === undefined && input.hours === undefined ? null : input;
}

/** An attribute as its input's text; a list or an object (no field here stores one) as JSON, not `[object Object]`. */
const attributeText = (value: Exclude<JsonValue, null>) => (typeof value === 'object' ? JSON.stringify(value) : String(value));

export function formOf(device: Device, unit: DistanceUnit, position?: Position): DeviceForm {
  const form = { ...emptyForm(), ...accumulatorsOf(position, unit) };
  COLUMN_FIELDS.forEach((field) => (form[field] = device[field] ?? ''));
  form.groupId = device.groupId ? String(device.groupId) : '';
  for (const { field, attribute, kind } of ATTRIBUTE_FIELDS) {
    const value = device.attributes[attribute];
    if (value === undefined || value === null) continue;
    form[field] = kind === 'distance' && typeof value === 'number' ? String(toUnit(value, unit)) : attributeText(value);
  }
  return form;
}

function parseNumber(text: string): number | null {
  const normalised = text.trim().replace(',', '.');
  if (normalised === '') return null;
  const value = Number(normalised);
  return Number.isFinite(value) ? value : NaN;
}

/** Spec §5: a name and a unique identifier are required; number fields must be numbers. Values are catalog keys. */
export function validate(form: DeviceForm): FormErrors {
  const errors: FormErrors = {};
  if (!form.name.trim()) errors.name = 'devices.editor.nameRequired';
  if (!form.uniqueId.trim()) errors.uniqueId = 'devices.editor.uniqueIdRequired';
  for (const { field, kind } of ATTRIBUTE_FIELDS) {
    if ((kind === 'number' || kind === 'distance') && Number.isNaN(parseNumber(form[field]))) errors[field] = 'devices.editor.numberInvalid';
  }
  for (const field of ACCUMULATOR_FIELDS) {
    const value = parseNumber(form[field]);
    if (value !== null && !(value >= 0)) errors[field] = 'devices.editor.accumulatorInvalid';
  }
  return errors;
}

/**
 * The device to save: the columns from the form, the form's attributes over the others (`others`
 * as edited in the free attributes editor, else the device's, kept as they were), blank fields
 * removed. Save updates when there is an id.
 */
export function deviceInput(form: DeviceForm, original: Device | null, unit: DistanceUnit, others?: Attributes): DeviceInput {
  // the form's attributes go after the others, in the form's order, as they did when each was deleted and set again
  const attributes: Attributes = Object.fromEntries(Object.entries(others ?? original?.attributes ?? {}).filter(([key]) => !FORM_ATTRIBUTES.has(key)));
  for (const { field, attribute, kind } of ATTRIBUTE_FIELDS) {
    const text = form[field].trim();
    if (text === '') continue;
    if (kind === 'text' || kind === 'color') {
      attributes[attribute] = text;
      continue;
    }
    const number = parseNumber(text) as number;
    attributes[attribute] = kind === 'distance' ? toMeters(number, unit) : number;
  }
  const optional = (text: string) => text.trim() || null;
  return {
    ...(original ? { id: original.id, disabled: original.disabled, calendarId: original.calendarId, expirationTime: original.expirationTime } : {}),
    name: form.name.trim(),
    uniqueId: form.uniqueId.trim(),
    groupId: form.groupId ? Number(form.groupId) : null,
    phone: optional(form.phone),
    model: optional(form.model),
    contact: optional(form.contact),
    category: optional(form.category),
    attributes,
  };
}

/**
 * Spec §5 device limit: the tightest of the user's `deviceLimit` (above -1), the server's
 * `tarkan.deviceLimit` (above 0) and the licence's (above 0). The server's and the licence's
 * bind everyone, administrators too; an administrator's own `deviceLimit` does not (Traccar
 * ignores it, and so does the server). Null when nothing limits.
 */
export function deviceLimit(user: User, serverAttributes: Attributes, licenceLimit: number | null): number | null {
  const limits: number[] = [];
  if (!user.administrator && user.deviceLimit > -1) limits.push(user.deviceLimit);
  const serverLimit = Number(serverAttributes['tarkan.deviceLimit'] ?? 0);
  if (serverLimit > 0) limits.push(serverLimit);
  if (licenceLimit !== null && licenceLimit > 0) limits.push(licenceLimit);
  return limits.length ? Math.min(...limits) : null;
}
