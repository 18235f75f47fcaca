import { checkCodec, describeCodecProperties, framesInARow } from '../codec-properties.ts';
import { text } from '../testing/protocol-test.ts';
import { rstCodec } from './codec.ts';

const MESSAGES = [
  'RST;L;RST-MINI-4Gv3;V10.02;004544344;177;1;09-08-2024 11:35:19;09-08-2024 11:35:21;-19.976116;-47.835190;0;89;218;1;12;0;00;B0;00;1A;02;12.24;4.00;16;23;FE;0000;01;C0;00800061;0;167;2;4;4;0;434.0000;6;0;-66;703;16662;724;255;63;00000000;FIM;',
  'RST;A;RST-MINI-4Gv3;V9.10;009521405;1;134;FIM;',
  'RST;A;RST-MINIv5;V9.08;009767055;248;55;14-12-2023 19:34:20;14-12-2023 19:34:21;-12.923640;-38.388313;0;14;17;1;4;15;00;B0;00;1A;02;12.18;4.02;65;21;FE;0000;01;C0;001606017031;0002;FIM;',
  'RST;A;RST-MINIv2;V7.04;008051261;124;29;04-04-2021 17:27:26;04-04-2021 17:27:26;-1.280811;-47.931755;7353;79;1;14;7315;26;10;0;1855;0;FIM;',
];

const valid = framesInARow(MESSAGES.map((message) => text(message)), 4);

const properties = checkCodec(rstCodec, valid, { prefixes: [Buffer.from('RST;A;M;V;009521405;1;'), Buffer.from('RST;')] });

describeCodecProperties('RST', properties);
