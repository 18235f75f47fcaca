import type { DecodedPosition } from '../types.ts';
import { set } from './position.ts';

/**
 * The 6-hex-digit device status of FRI and ERI reports: the ignition state in the top byte
 * (bit 4 off, bit 5 on), then the digital inputs and outputs, one bit each.
 */
export function applyDeviceStatus(position: DecodedPosition, status: number): void {
  const ignition = (status >> 16) & 0xff;
  if (ignition & 0x10) set(position, 'ignition', false);
  else if (ignition & 0x20) set(position, 'ignition', true);
  const input = (status >> 8) & 0xff;
  const output = status & 0xff;
  set(position, 'input', input);
  set(position, 'in1', (input & 0b10) !== 0);
  set(position, 'in2', (input & 0b100) !== 0);
  set(position, 'output', output);
  set(position, 'out1', (output & 0b1) !== 0);
  set(position, 'out2', (output & 0b10) !== 0);
}

const ANALOG = /^(F?)(\d+)$/;

/**
 * An analog input: millivolts, stored as volts (`adcN`), or `F` and the percentage of a fuel
 * sensor on that input (`fuelN`). Anything else is not an analog value and is left out.
 */
export function applyAnalog(position: DecodedPosition, index: number, value: string): void {
  const match = ANALOG.exec(value);
  if (!match) return;
  if (match[1] === 'F') set(position, `fuel${index}`, Number(match[2]));
  else set(position, `adc${index}`, Number(match[2]) / 1000);
}
