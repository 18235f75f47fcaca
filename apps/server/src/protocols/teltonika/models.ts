import type { ConnectionState } from '../codec.ts';
import { booleanSetting, modelOf } from '../kit/settings.ts';

/** What decides how a record's IO elements read: the device's model and the `teltonika.extended` setting. */
export interface RecordOptions {
  /** Upper-cased model, '' when unknown. */
  model: string;
  /** Records carry a group of 16-byte IO values after the 8-byte one (Traccar's `teltonika.extended`). */
  extended: boolean;
}

export function recordOptions(state: ConnectionState): RecordOptions {
  return { model: modelOf(state), extended: booleanSetting(state, 'teltonika.extended') ?? false };
}

/** Which models an IO id's meaning applies to: Traccar's model families. */
export type ModelTest = (model: string) => boolean;

export const anyModel: ModelTest = () => true;
/** The FMB family and its successors (FMC, FMM, FMT...), with MTB100 and MSP500. */
export const fmbXXX: ModelTest = (model) => /^(?:FM[B-Z]...|MTB100|MSP500)$/.test(model);
/** The FM6 family (FMB640, FMC650...): CAN trackers with their own table for some ids. */
export const fmb6XX: ModelTest = (model) => /^FM.6..$/.test(model);
/** TAT asset trackers (TAT100, TAT140...). */
export const tatXXX: ModelTest = (model) => /^T.T...$/.test(model);
