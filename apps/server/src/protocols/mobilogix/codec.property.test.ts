import { checkCodec, describeCodecProperties, framesInARow } from '../codec-properties.ts';
import { text } from '../testing/protocol-test.ts';
import { mobilogixCodec } from './codec.ts';

const MESSAGES = [
  '[2020-12-01 14:00:22,T1,1,V1.1.1,201951132031,,,12345678,724108005415815,359366080211420]',
  '[2021-08-20 19:27:14,T14,1,V1.3.5,201909000982,53,12.18]',
  '\r\n[2020-10-25 20:45:09,T9,1,V1.2.3,201951132044,59,10.50,701,-25.236860,-45.708530,0,314]',
  '[2021-09-30 20:06:35,T21,1,V1.3.5,201950130047,37,14.97,092,-23.494715,-46.851341,0,240,4.08,0,19516,4431,0.78,724,10,09111,00771,31,4680]',
];

const valid = framesInARow(MESSAGES.map((message) => text(message)), 6);

const properties = checkCodec(mobilogixCodec, valid, { prefixes: [Buffer.from('[2021-08-20 19:27:14,T'), Buffer.from('\r\n[')] });

describeCodecProperties('Mobilogix', properties);
