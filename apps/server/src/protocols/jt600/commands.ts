import { ProtocolError, type DeviceCommand } from '../codec.ts';
import { customLines, unsupportedCommand } from '../kit/commands.ts';
import { offsetMinutes, validTimeZone } from '@rastro/api';

/** Traccar's JT600 data commands, plus `custom` text. */
export const JT600_COMMAND_TYPES = ['engineStop', 'engineResume', 'setTimezone', 'rebootDevice', 'custom'];

/**
 * Text commands in the device's own parentheses: `(S07,0)` cuts the fuel (engine stop), `(S07,1)`
 * restores it, `(S09,1,<minutes>)` sets the time zone, `(S17)` reboots. `custom` sends its text
 * as it is, with `\r` and `\n` escapes turned into line breaks.
 */
export function encodeJt600Command(command: DeviceCommand): Buffer {
  switch (command.type) {
    case 'engineStop':
      return text('(S07,0)');
    case 'engineResume':
      return text('(S07,1)');
    case 'setTimezone':
      return text(`(S09,1,${standardOffset(command.attributes.timezone)})`);
    case 'rebootDevice':
      return text('(S17)');
    case 'custom':
      return text(customLines(command, 'jt600'));
    default:
      throw unsupportedCommand(command, 'jt600');
  }
}

function text(value: string): Buffer {
  return Buffer.from(value, 'latin1');
}

/**
 * The zone's offset from UTC in minutes without daylight saving (Java's raw offset), which the
 * device applies all year: `GMT+4` is 240. Named zones take the smaller of their January and July
 * offsets, daylight saving being the larger.
 */
function standardOffset(timezone: unknown): number {
  if (typeof timezone !== 'string') throw new ProtocolError('jt600: setTimezone needs a `timezone`');
  const fixed = /^(?:GMT|UTC)(?:([+-])(\d{1,2})(?::?(\d{2}))?)?$/i.exec(timezone.trim());
  if (fixed) {
    const minutes = Number(fixed[2] ?? 0) * 60 + Number(fixed[3] ?? 0);
    return fixed[1] === '-' ? -minutes : minutes;
  }
  const zone = validTimeZone(timezone);
  if (!zone) throw new ProtocolError(`jt600: unknown time zone ${timezone}`);
  const year = new Date().getUTCFullYear();
  return Math.min(offsetMinutes(Date.UTC(year, 0, 1), zone), offsetMinutes(Date.UTC(year, 6, 1), zone));
}
