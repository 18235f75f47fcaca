import type { GeocoderConfig } from '../../config/geocoder.ts';
import { googleProvider } from './google.ts';
import { nominatimProvider } from './nominatim.ts';
import { openCageProvider } from './opencage.ts';
import type { GeocoderProvider } from './provider.ts';

/** The provider RASTRO_GEOCODER names (Traccar's `geocoder.type`); the config has checked its key. */
export function providerFor(config: Pick<GeocoderConfig, 'type' | 'url' | 'key'>): GeocoderProvider {
  switch (config.type) {
    case 'nominatim':
    case 'locationiq':
      return nominatimProvider(config.url, config.key);
    case 'google':
      return googleProvider(config.url, config.key);
    case 'opencage':
      return openCageProvider(config.url, config.key);
  }
}
