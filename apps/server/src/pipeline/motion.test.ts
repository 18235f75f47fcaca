import { describe, expect, it } from 'vitest';
import { motion } from './motion.ts';
import { deviceContext, workingAt } from './testing/positions.ts';

const context = deviceContext();
const motionAt = (speed: number, attributes: Record<string, boolean> = {}) => motion(workingAt(60, { speed, attributes }), null, context)!.attributes.motion;

describe('motion handler (Traccar MotionHandler)', () => {
  it('is in motion above 0.01 knots', () => {
    expect(motionAt(0)).toBe(false);
    expect(motionAt(0.01)).toBe(false);
    expect(motionAt(0.02)).toBe(true);
    expect(motionAt(60)).toBe(true);
  });

  it('reads event.motion.speedThreshold (knots) through the lookup chain', () => {
    const at = (speed: number, settings: Record<string, unknown>) =>
      motion(workingAt(60, { speed }), null, deviceContext(settings))!.attributes.motion;
    expect(at(3, { 'event.motion.speedThreshold': 5 })).toBe(false);
    expect(at(5, { 'event.motion.speedThreshold': '5' })).toBe(false);
    expect(at(5.1, { 'event.motion.speedThreshold': 5 })).toBe(true);
    expect(at(3, {})).toBe(true);
  });

  it('keeps the motion the device reports', () => {
    expect(motionAt(60, { motion: false })).toBe(false);
    expect(motionAt(0, { motion: true })).toBe(true);
  });

  it('adds the attribute without changing anything else', () => {
    const input = workingAt(60, { speed: 5, attributes: { ignition: true } });
    expect(motion(input, null, context)).toEqual({ ...input, attributes: { ignition: true, motion: true } });
    expect(input.attributes).toEqual({ ignition: true });
  });
});
