/**
 * The device type code that opens a report's protocol version (`060228`: type 06, version 02.28)
 * names the model, and the model decides some field layouts. Newer devices use a six-digit code
 * (`8020050605` → `802005`).
 */
const MODELS_BY_TYPE = new Map([
  ['02', 'GL200'],
  ['04', 'GV200'],
  ['06', 'GV300'],
  ['08', 'GMT100'],
  ['09', 'GV50P'],
  ['0F', 'GV55'],
  ['10', 'GV55 LITE'],
  ['11', 'GL500'],
  ['1A', 'GL300'],
  ['1F', 'GV500'],
  ['21', 'GL200'],
  ['25', 'GV300'],
  ['27', 'GV300W'],
  ['28', 'GL300VC'],
  ['2C', 'GL300W'],
  ['2D', 'GV500VC'],
  ['2F', 'GV55'],
  ['30', 'GL300'],
  ['31', 'GV65'],
  ['35', 'GV200'],
  ['36', 'GV500'],
  ['3F', 'GMT100'],
  ['40', 'GL500'],
  ['41', 'GV75W'],
  ['42', 'GT501'],
  ['44', 'GL530'],
  ['45', 'GB100'],
  ['4F', 'GV56'],
  ['50', 'GV55W'],
  ['52', 'GL50'],
  ['55', 'GL50B'],
  ['5E', 'GV500MAP'],
  ['6E', 'GV310LAU'],
  ['BD', 'CV200'],
  ['C2', 'GV600M'],
  ['C3', 'GL320M'],
  ['DC', 'GV600MG'],
  ['DE', 'GL500M'],
  ['DF', 'CV100LG'],
  ['F1', 'GV350M'],
  ['F8', 'GV800W'],
  ['FC', 'GV600W'],
  ['802004', 'GV58LAU'],
  ['802005', 'GV355CEU'],
  ['80201E', 'GV30CEU'],
]);

/** The configured model wins (upper-cased); otherwise the one the protocol version names, or '' when unknown. */
export function modelFor(configuredModel: string, protocolVersion: string): string {
  if (configuredModel !== '') return configuredModel;
  const type = protocolVersion.length > 6 ? protocolVersion.slice(0, 6) : protocolVersion.slice(0, 2);
  return MODELS_BY_TYPE.get(type) ?? '';
}
