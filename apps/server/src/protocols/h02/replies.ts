/** `*HQ,<id>,V4,<type>,<yyyyMMddHHmmss>#`: the confirmation of V1 reports and NBR cell lists. */
export function confirmation(id: string, type: string, time: Date): Buffer {
  const stamp = time.toISOString().replace(/\D/g, '').slice(0, 14);
  return Buffer.from(`*HQ,${id},V4,${type},${stamp}#`);
}

/** `*HQ,<id>,R12,<hhmmss>#`: what devices that expect every report acknowledged (`h02.ack`) wait for. */
export function acknowledgement(id: string, time: Date): Buffer {
  return Buffer.from(`*HQ,${id},R12,${time.toISOString().slice(11, 19).replaceAll(':', '')}#`);
}
