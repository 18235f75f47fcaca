import { describe, expect, it } from 'vitest';
import { MASK } from '../domain/secrets.ts';
import { DEFAULT_TEMPLATE, SMS_KEYS, keptSmsAttributes, shownSmsAttributes, smsSettingsOf } from './settings.ts';

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
});
