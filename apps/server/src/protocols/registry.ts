import type { Config } from '../config/config.ts';
import { STREAM_CODECS } from './codecs.ts';
import { startOsmAndListener } from './osmand/listener.ts';
import { startTcpListener, startUdpListener } from './stream-listener.ts';
import type { ProtocolContext, ProtocolListener } from './types.ts';

/** Commands per protocol, for GET /api/commands/types. OsmAnd delivers `custom` text in its HTTP reply. */
export function commandTypesOf(protocol: string | null): string[] {
  if (protocol === 'osmand') return ['custom'];
  const entry = STREAM_CODECS.find((p) => p.name === protocol);
  return (entry?.tcp ?? entry?.udp)?.commandTypes ?? ['custom'];
}

/** Protocols with a checksum on some transport: the names RASTRO_ACCEPT_BAD_CRC may list. */
function checksummed(): string[] {
  return STREAM_CODECS.filter((p) => p.tcp?.checksumValid ?? p.udp?.checksumValid).map((p) => p.name);
}

/** Which protocols store frames with a wrong checksum; a name that cannot mean anything is refused. */
export function acceptBadChecksumOf(names: string[]): (protocol: string) => boolean {
  const known = checksummed();
  for (const name of names) {
    if (name !== 'all' && !known.includes(name)) {
      throw new Error(`RASTRO_ACCEPT_BAD_CRC: "${name}" is not a protocol with a checksum (${known.join(', ')} or all)`);
    }
  }
  return (protocol) => names.includes('all') || names.includes(protocol);
}

export async function startProtocolListeners(ctx: ProtocolContext, config: Config): Promise<ProtocolListener[]> {
  const host = config.host;
  const acceptBadChecksum = acceptBadChecksumOf(config.acceptBadCrc);
  const listeners: ProtocolListener[] = [await startOsmAndListener(ctx, { port: config.protocolPorts.osmand, host })];
  for (const protocol of STREAM_CODECS) {
    const options = { port: config.protocolPorts[protocol.name], host, acceptBadChecksum: acceptBadChecksum(protocol.name) };
    if (protocol.tcp) listeners.push(await startTcpListener(ctx, protocol.tcp, options));
    if (protocol.udp) listeners.push(await startUdpListener(ctx, protocol.udp, options));
  }
  return listeners;
}
