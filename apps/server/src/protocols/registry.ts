import type { Config } from '../config/config.ts';
import type { StreamCodec } from './codec.ts';
import { gt06Codec } from './gt06/codec.ts';
import { h02Codec, h02UdpCodec } from './h02/codec.ts';
import { startOsmAndListener } from './osmand/listener.ts';
import { startTcpListener, startUdpListener } from './stream-listener.ts';
import { suntechCodec } from './suntech/codec.ts';
import { teltonikaCodec } from './teltonika/tcp.ts';
import { teltonikaUdpCodec } from './teltonika/udp.ts';
import type { ProtocolContext, ProtocolListener } from './types.ts';

/**
 * Every device protocol the server speaks, with its port and transports. Adding a protocol
 * is one entry here plus its own folder.
 */
interface StreamProtocol {
  codec: StreamCodec;
  port: keyof Config['protocolPorts'];
  transports: ('tcp' | 'udp')[];
  /** A separate codec for datagrams when the protocol frames them differently. */
  udpCodec?: StreamCodec;
}

const STREAM_PROTOCOLS: StreamProtocol[] = [
  { codec: gt06Codec, port: 'gt06', transports: ['tcp'] },
  { codec: h02Codec, udpCodec: h02UdpCodec, port: 'h02', transports: ['tcp', 'udp'] },
  { codec: teltonikaCodec, udpCodec: teltonikaUdpCodec, port: 'teltonika', transports: ['tcp', 'udp'] },
  { codec: suntechCodec, port: 'suntech', transports: ['tcp'] },
];

/** Commands per protocol, for GET /api/commands/types. OsmAnd delivers `custom` text in its HTTP reply. */
export function commandTypesOf(protocol: string | null): string[] {
  if (protocol === 'osmand') return ['custom'];
  const entry = STREAM_PROTOCOLS.find((p) => p.codec.protocol === protocol);
  return entry ? entry.codec.commandTypes : ['custom'];
}

/** Protocols with a checksum on some transport: the names RASTRO_ACCEPT_BAD_CRC may list. */
function checksummed(): string[] {
  return STREAM_PROTOCOLS.filter((p) => p.codec.checksumValid || p.udpCodec?.checksumValid).map((p) => p.codec.protocol);
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
  for (const protocol of STREAM_PROTOCOLS) {
    const options = { port: config.protocolPorts[protocol.port], host, acceptBadChecksum: acceptBadChecksum(protocol.codec.protocol) };
    if (protocol.transports.includes('tcp')) listeners.push(await startTcpListener(ctx, protocol.codec, options));
    if (protocol.transports.includes('udp')) listeners.push(await startUdpListener(ctx, protocol.udpCodec ?? protocol.codec, options));
  }
  return listeners;
}
