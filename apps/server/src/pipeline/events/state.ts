/** Per-device state the stateful event handlers keep between positions (stored on the device row). */
export interface MotionState {
  motionStreak: number;
  motionTime: number | null;
  motionLatitude: number | null;
  motionLongitude: number | null;
  motionPositionId: number | null;
}

export interface OverspeedState {
  overspeedState: number;
  overspeedTime: number | null;
  overspeedGeofenceId: number | null;
}

export type HandlerState = MotionState & OverspeedState;
