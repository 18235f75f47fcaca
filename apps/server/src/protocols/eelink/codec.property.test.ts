import fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkCodec, framesInARow, itKeepsCodecProperties, survives } from '../codec-properties.ts';
import { eelinkCodec, eelinkUdpCodec } from './codec.ts';

/** Traccar's test packages: login, first-generation GPS/alarm/state, normal, warning, heartbeat, OBD, command answer. */
const PACKAGES = [
  '676701000c007b03525440717505180104',
  '676702001c02b259ae7387fcd360d6034332b2000000028f000a4f64002eb10101',
  '676704001c01a4569ff2dd0517a0f7020b0d9a06011000d8001e005b0004450183',
  '6767050022001F59643640000000000000000000000001CC0000249500142000015964A6C0006E',
  '6767120043000e5c37387c0304e4e1b4f8194fa800160013009408012e03702d8706453c6e5b066f115f05710000001b067f8d248d240313020500000000000000000000000001cc',
  '6767120048000559c1829213059a7400008e277d000c000000000800cc00080d2a000034df3cf0b429dd82cad3048910320000000000007b7320d005ba0000000019a000000000000000000000',
  '676714002b00515784cc24130246479b07d05a06001800010000060195039f046100002cc52f6466b391604a49020089',
  '67670300040021006E',
  '6767070006000e0077035d',
  '676780005a000001000000004c61743a4e33312e38333935352c4c6f6e3a5738322e36313334362c436f757273653a302e30302c53706565643a302e30306b6d2f682c4461746554696d653a323031372d31322d30322031313a32393a3433',
].map((hex) => Buffer.from(hex, 'hex'));
const ENVELOPES = [
  '454C0027E753035254407167747167670100180002035254407167747100200205020500010432000086BD',
  '454C0050EAE2035254407167747167671200410021590BD93803026B940D0C3952AD0021000000000501CC0001A53F0170F0AB1305890F11000000000000C2D0001C001600000000000000000000000000000000',
].map((hex) => Buffer.from(hex, 'hex'));

const tcp = framesInARow(PACKAGES, 6);
const udp = fc.constantFrom(...ENVELOPES).map((frame) => ({ stream: frame, frames: [frame] }));
const overTcp = checkCodec(eelinkCodec, tcp, { prefixes: [Buffer.from('gg')], runs: 200 });
const overUdp = checkCodec(eelinkUdpCodec, udp, { prefixes: [Buffer.from('EL'), Buffer.from('gg')], runs: 200 });

describe('Eelink codec properties', () => {
  itKeepsCodecProperties(overTcp, overUdp);
  it('a long command answer is a result, decoded without a hang', () => {
    const text = Buffer.from(`Lat:N1.1${'Lon:E1.1Course:1.1Speed:1.1Date Time:2017-12-02 11:29:43x'.repeat(1000)}`);
    const head = Buffer.from('6767800000000001000000000', 'hex');
    head.writeUInt16BE(text.length + 7, 3);
    survives(eelinkCodec, Buffer.concat([head, text]), true);
  });
});
