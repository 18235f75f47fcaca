import type { GeolocationConfig } from '../../config/geolocation.ts';
import { openCellIdProvider } from './opencellid.ts';
import type { GeolocationProvider } from './provider.ts';
import { universalProvider } from './universal.ts';
import { unwiredProvider } from './unwired.ts';

/** The provider `RASTRO_GEOLOCATION` names (Traccar's `geolocation.type`); the config has checked its key. */
export function providerFor(config: Pick<GeolocationConfig, 'type' | 'url' | 'key'>): GeolocationProvider {
  switch (config.type) {
    case 'google':
    case 'universal':
      return universalProvider(config.url, config.key);
    case 'unwired':
      return unwiredProvider(config.url, config.key ?? '');
    case 'opencellid':
      return openCellIdProvider(config.url, config.key ?? '');
  }
}
