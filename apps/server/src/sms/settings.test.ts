import { describe, expect, it } from 'vitest';
import { MASK, keptAttributes, protectedKeys, shownAttributes } from '../domain/secrets.ts';
import { DEFAULT_TEMPLATE, SMS_KEYS, SMS_PROTECTED, WHATSAPP_KEYS, WHATSAPP_PROTECTED, gatewaySettingsOf, smsSettingsOf } from './settings.ts';
import type { Attributes } from '@rastro/api';

const shownSmsAttributes = (attributes: Attributes, administrator: boolean) => shownAttributes(attributes, administrator, SMS_PROTECTED);
const keptSmsAttributes = (incoming: Attributes, stored: Attributes) => keptAttributes(incoming, stored, SMS_PROTECTED);

describe('SMS gateway settings (server attributes)', () => {
  it('need an http(s) URL; without one SMS is unavailable', () => {
    expect(smsSettingsOf({})).toBeNull();
    expect(smsSettingsOf({ [SMS_KEYS.url]: '  ' })).toBeNull();
    expect(smsSettingsOf({ [SMS_KEYS.url]: 'not a url' })).toBeNull();
    expect(smsSettingsOf({ [SMS_KEYS.url]: 'ftp://gw.example/sms' })).toBeNull();
    expect(smsSettingsOf({ [SMS_KEYS.url]: 42 })).toBeNull();
    expect(smsSettingsOf({ [SMS_KEYS.url]: ' https://gw.example/sms ' })).toEqual({ url: 'https://gw.example/sms', authorization: null, template: DEFAULT_TEMPLATE });
  });

  it('take the authorization as given before user and password, under the header named', () => {
    const url = { [SMS_KEYS.url]: 'https://gw.example/sms' };
    expect(smsSettingsOf({ ...url, [SMS_KEYS.authorization]: 'Bearer t', [SMS_KEYS.user]: 'u', [SMS_KEYS.password]: 'p' })?.authorization)
      .toEqual({ header: 'Authorization', value: 'Bearer t' });
    expect(smsSettingsOf({ ...url, [SMS_KEYS.user]: 'u', [SMS_KEYS.password]: 'p', [SMS_KEYS.authorizationHeader]: 'X-Auth' })?.authorization)
      .toEqual({ header: 'X-Auth', value: `Basic ${Buffer.from('u:p').toString('base64')}` });
    // a user without a password is not a credential (Traccar's rule)
    expect(smsSettingsOf({ ...url, [SMS_KEYS.user]: 'u' })?.authorization).toBeNull();
    expect(smsSettingsOf({ ...url, [SMS_KEYS.template]: ' {"to":"{phone}"} ' })?.template).toBe('{"to":"{phone}"}');
  });

  const stored = {
    [SMS_KEYS.url]: 'https://gw.example/sms?key=abc',
    [SMS_KEYS.template]: '{"to":"{phone}","text":"{message}"}',
    [SMS_KEYS.authorization]: 'Bearer secret',
    [SMS_KEYS.password]: 'pw',
    'tarkan.lang': 'pt-BR',
  };

  it('are shown to administrators with the credentials masked, and to anyone else all masked', () => {
    expect(shownSmsAttributes(stored, true)).toEqual({ ...stored, [SMS_KEYS.authorization]: MASK, [SMS_KEYS.password]: MASK });
    expect(shownSmsAttributes(stored, false)).toEqual({
      [SMS_KEYS.url]: MASK, [SMS_KEYS.template]: MASK, [SMS_KEYS.authorization]: MASK, [SMS_KEYS.password]: MASK, 'tarkan.lang': 'pt-BR',
    });
    expect(shownSmsAttributes({ [SMS_KEYS.password]: '' }, false)).toEqual({ [SMS_KEYS.password]: '' });
  });

  it('keep their stored values when a save sends the masks back, and go when left out', () => {
    const sentBack = shownSmsAttributes(stored, false);
    expect(keptSmsAttributes(sentBack, stored)).toEqual(stored);
    expect(keptSmsAttributes({ ...sentBack, [SMS_KEYS.authorization]: 'Bearer new' }, stored)).toEqual({ ...stored, [SMS_KEYS.authorization]: 'Bearer new' });
    const { [SMS_KEYS.password]: _gone, ...withoutPassword } = sentBack;
    expect(keptSmsAttributes(withoutPassword, stored)).not.toHaveProperty(SMS_KEYS.password);
    // a mask with nothing stored behind it is not kept as a value
    expect(keptSmsAttributes({ [SMS_KEYS.user]: MASK }, {})).toEqual({});
  });

  it('describe a WhatsApp gateway the same way under whatsapp.http, masked with the SMS keys in one pass', () => {
    const both = {
      [SMS_KEYS.url]: 'https://sms.example/send', [SMS_KEYS.password]: 'sms-pw',
      [WHATSAPP_KEYS.url]: 'https://wa.example/v1/messages', [WHATSAPP_KEYS.authorization]: 'Bearer wa',
      [WHATSAPP_KEYS.template]: '{"number":"{phone}","text":"{message}"}',
    };
    expect(gatewaySettingsOf(both, WHATSAPP_KEYS)).toEqual({
      url: 'https://wa.example/v1/messages', authorization: { header: 'Authorization', value: 'Bearer wa' }, template: '{"number":"{phone}","text":"{message}"}',
    });
    expect(gatewaySettingsOf({ [SMS_KEYS.url]: 'https://sms.example/send' }, WHATSAPP_KEYS)).toBeNull();
    const keys = protectedKeys(SMS_PROTECTED, WHATSAPP_PROTECTED);
    expect(shownAttributes(both, true, keys)).toEqual({ ...both, [SMS_KEYS.password]: MASK, [WHATSAPP_KEYS.authorization]: MASK });
    expect(Object.values(shownAttributes(both, false, keys))).toEqual(Object.values(both).map(() => MASK));
    expect(keptAttributes(shownAttributes(both, false, keys), both, keys)).toEqual(both);
  });
});
