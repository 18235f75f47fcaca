import type { DecodedPosition } from '../types.ts';

const REPORT_TIME = new Date('2024-05-01T10:15:00.000Z');

/**
 * Test-only: the whole position a full Suntech report of the tests decodes to. Their reports all
 * send a valid fix at 2024-05-01 10:15 UTC, 36 km/h, course 123.45; `fields` gives the rest
 * (coordinates, network, attributes), so each test compares every field yet names only its own.
 */
export function expectedReportPosition(fields: Pick<DecodedPosition, 'latitude' | 'longitude' | 'attributes'> & Partial<DecodedPosition>): DecodedPosition {
  return {
    protocol: 'suntech',
    deviceTime: REPORT_TIME,
    fixTime: REPORT_TIME,
    valid: true,
    outdated: false,
    altitude: 0,
    speed: 36 * 0.539957,
    course: 123.45,
    accuracy: 0,
    network: null,
    ...fields,
  };
}
