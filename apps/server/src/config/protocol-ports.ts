/**
 * Each device protocol's port: Traccar's defaults, so trackers already pointed at a Traccar server
 * (or configured from its documentation) reach the same port here. `RASTRO_<NAME>_PORT` moves one;
 * `RASTRO_PROTOCOL_PORTS=0` gives every protocol not set on its own an ephemeral port (tests, benches).
 */
export const DEFAULT_PROTOCOL_PORTS = {
  osmand: 5055,
  gt06: 5023,
  teltonika: 5027,
  h02: 5013,
  suntech: 5011,
  gps103: 5001,
  tk103: 5002,
  gl200: 5004,
  xexun: 5006,
  meiligao: 5009,
  jt600: 5014,
  jt808: 5015,
  meitrack: 5020,
  ruptela: 5046,
  eelink: 5064,
  calamp: 5082,
  castel: 5086,
  mxt: 5087,
  watch: 5093,
  t800x: 5094,
  continental: 5161,
  rst: 5196,
  pst: 5207,
  mobilogix: 5216,
  jmak: 5259,
} as const;

export type ProtocolName = keyof typeof DEFAULT_PROTOCOL_PORTS;
export type ProtocolPorts = Record<ProtocolName, number>;

export function protocolPorts(port: (key: string, fallback: number) => number, allEphemeral: boolean): ProtocolPorts {
  const ports = {} as ProtocolPorts;
  for (const [name, fallback] of Object.entries(DEFAULT_PROTOCOL_PORTS) as [ProtocolName, number][]) {
    ports[name] = port(`RASTRO_${name.toUpperCase()}_PORT`, allEphemeral ? 0 : fallback);
  }
  return ports;
}
