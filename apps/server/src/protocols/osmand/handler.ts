import type { ProtocolContext } from '../types.ts';
import { decodeOsmAnd, type OsmAndDecodeOptions, type OsmAndRequest } from './decoder.ts';
import { OSMAND_PROTOCOL } from './position.ts';

export interface OsmAndReply {
  status: number;
  /** Plain text; empty on success. */
  body: string;
}

/**
 * Runs one OsmAnd request through decoding, device lookup and the pipeline, and says what to reply.
 * The 200 is the device's acknowledgement, so it is given only once the position is stored;
 * any failure of the server side answers 500 so that the phone keeps the position and retries.
 */
export async function handleOsmAndRequest(
  ctx: ProtocolContext,
  request: OsmAndRequest,
  remoteAddress: string,
  options: OsmAndDecodeOptions = {},
): Promise<OsmAndReply> {
  const decoded = decodeOsmAnd(request, options);
  if (!decoded.ok) {
    ctx.log.warn(`osmand: rejected request from ${remoteAddress}: ${decoded.error}`);
    return { status: 400, body: decoded.error };
  }
  const { message } = decoded;
  try {
    const device = await ctx.identify(OSMAND_PROTOCOL, message.uniqueId, remoteAddress);
    if (!device) {
      // Traccar answers 404 to the JSON client and 400 to the query format.
      return { status: message.format === 'json' ? 404 : 400, body: 'unknown device' };
    }
    if (message.notificationToken !== undefined) {
      await ctx.updateDeviceAttributes(device, { notificationTokens: message.notificationToken });
    }
    if (message.position) await ctx.submit(device, [message.position]);
    // Traccar answers with one queued command's text: the phone app shows or runs it.
    const command = await ctx.takeQueuedText?.(device);
    return { status: 200, body: command ?? '' };
  } catch (error) {
    ctx.log.error(`osmand: failed to process message from ${message.uniqueId}: ${describe(error)}`);
    return { status: 500, body: 'internal error, retry later' };
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
