/**
 * What Suntech reports carry beyond their fixed fields depends on how each device was configured,
 * so Traccar takes it from settings (`suntech.hbm`, `suntech.includeAdc`, ...); the defaults
 * match Traccar's.
 */
export interface SuntechOptions {
  /**
   * Legacy reports end with: 0 = nothing decoded; 1 = hour meter, backup battery, message type
   * and driver id; 2 = the same plus the serving cell.
   */
  hbm: number;
  /** Three ADC values follow the message type (needs hbm >= 1). */
  includeAdc: boolean;
  /** The RPM follows (needs hbm >= 1). */
  includeRpm: boolean;
  /** Three `sensor:value` temperatures follow the driver id (needs hbm >= 1). */
  includeTemp: boolean;
  /** ST910 reports: 1 = they carry a cell id and an odometer (and alerts no firmware version). */
  protocolType: number;
}

export const DEFAULT_SUNTECH_OPTIONS: SuntechOptions = { hbm: 0, includeAdc: false, includeRpm: false, includeTemp: false, protocolType: 0 };
