import { describe, expect, it } from 'vitest';
import { parseTheme, withBranding } from './theme.ts';

describe('theme branding', () => {
  it('reads the stored theme, ignoring bad colours', () => {
    expect(parseTheme({ serviceName: ' Frota ', primaryColor: '#112233', secondaryColor: 'red', whatsapp: '+55 (11) 9999' })).toMatchObject({
      serviceName: 'Frota', primaryColor: '#112233', secondaryColor: undefined, whatsapp: '55119999',
    });
  });

  it('puts the theme over config.json, a text logo replacing the image', () => {
    const config = { title: 'Config', logo: '/logo.png', whatsapp: '551100' };
    expect(withBranding(config, parseTheme({}))).toEqual(config);
    expect(withBranding(config, parseTheme({ logoMode: 'text', logoText: 'FROTA', logo: '/x.png' }))).toEqual({ title: 'FROTA', logo: undefined, whatsapp: '551100' });
    expect(withBranding(config, parseTheme({ serviceName: 'Frota', logo: '/brand.svg' }))).toMatchObject({ title: 'Frota', logo: '/brand.svg' });
  });
});
