import type { IsoTime } from './models.ts';

/**
 * Report items, as Traccar returns them: distance in metres, speed in knots,
 * durations and engine hours in milliseconds.
 */
export interface ReportItem {
  deviceId: number;
  deviceName: string;
  distance: number;
  averageSpeed: number;
  maxSpeed: number;
  spentFuel: number;
  startOdometer: number;
  endOdometer: number;
  startTime: IsoTime;
  endTime: IsoTime;
}

export interface ReportSummary extends ReportItem {
  startHours: number;
  endHours: number;
  engineHours: number;
}

export interface ReportTrip extends ReportItem {
  startPositionId: number;
  endPositionId: number;
  startLat: number;
  startLon: number;
  endLat: number;
  endLon: number;
  startAddress: string | null;
  endAddress: string | null;
  duration: number;
  driverUniqueId: string | null;
  driverName: string | null;
}

export interface ReportStop extends ReportItem {
  positionId: number;
  latitude: number;
  longitude: number;
  address: string | null;
  duration: number;
  engineHours: number;
}
