import { prettyFactory } from 'pino-pretty';

/** How the server log reaches standard output: JSON lines for a collector, or lines for a person. */
export type LogFormat = 'json' | 'pretty';

/**
 * `RASTRO_LOG_FORMAT` (config `logFormat`): `json`, `pretty`, or `auto` — readable lines on a
 * terminal and JSON anywhere else (a pipe, a file, a container's log driver), where a program reads them.
 */
export function resolveLogFormat(setting: 'json' | 'pretty' | 'auto', terminal: boolean): LogFormat {
  if (setting !== 'auto') return setting;
  return terminal ? 'pretty' : 'json';
}

/**
 * Writes one pino JSON line in the chosen format. Pretty: `HH:MM:ss LEVEL: message`, with any extra
 * fields after it; the pid and host every line repeats are left out.
 */
export function logWriter(format: LogFormat, write: (text: string) => void, colour: boolean): (line: string) => void {
  if (format === 'json') return write;
  const pretty = prettyFactory({ colorize: colour, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true });
  return (line) => {
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      // not one of the logger's lines: as it came
      write(line);
      return;
    }
    write(pretty(record));
  };
}
