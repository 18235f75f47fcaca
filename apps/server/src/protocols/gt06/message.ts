import type { Variant } from './variant.ts';

/** Models whose 0x22/0x25 messages add a record header, power, battery voltage, odometer and hours (NT series, XT40). */
const NT_MODELS = new Set(['NT11', 'NT20', 'NT26', 'NT40', 'NT46', 'VL100', 'XT40']);
/** Models whose alarm codes 0x09, 0x28 and 0x30 mean tow, power off and hard braking. */
const VL_MODELS = new Set(['VL103', 'LL303', 'VL512', 'G18']);

/** The device model as far as the decoding depends on it (Traccar's model checks). */
export interface ModelTraits {
  /** The model, upper-cased ('' when not configured). */
  name: string;
  /** LW series (LW4G…): their own alarm codes, power in 0x13. */
  lw: boolean;
  seeworld: boolean;
  nt: boolean;
  vl: boolean;
}

export function modelTraits(name: string): ModelTraits {
  return { name, lw: name.startsWith('LW'), seeworld: name === 'SEEWORLD', nt: NT_MODELS.has(name), vl: VL_MODELS.has(name) };
}

/** What decoding a message's content depends on besides its bytes. */
export interface Message {
  type: number;
  /** A `79 79` frame, with a 2-byte length field. */
  extended: boolean;
  /** The frame's length field: some layouts are recognised by it. */
  length: number;
  serial: number;
  variant: Variant;
  model: ModelTraits;
  /** The device's time zone: its times are local (UTC unless its login said otherwise). */
  utcOffsetMinutes: number;
  receivedAt: Date;
}
