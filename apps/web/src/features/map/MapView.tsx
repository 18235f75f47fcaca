import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useTranslation } from 'react-i18next';
import { fallbackStyle } from './fallbackStyle.ts';
import { mapLocale } from './mapLocale.ts';
import { setMapInstance } from '../../state/mapInstance.ts';
import { CreatedMapContext } from './mapContext.ts';

declare global {
  interface Window {
    /** The live map, for end-to-end tests and debugging. */
    __rastroMap?: maplibregl.Map;
  }
}

// MapLibre's worker (its own copy of the library to evaluate) starts with the map's code rather
// than with the first map, which renders only once the shell has: the style loads sooner
maplibregl.prewarm();

/**
 * One MapLibre map for the whole signed-in session. `camera` parts (the first view, the fleet's own
 * canvas) mount as soon as the map exists, so the first frame shows the fleet where it is; children
 * add their sources and layers once the style has loaded.
 */
export function MapView({ camera, children }: { camera?: ReactNode; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [created, setCreated] = useState<maplibregl.Map | null>(null);
  const [map, setMap] = useState<maplibregl.Map | null>(null);
  const initialMode = useRef(useTheme().palette.mode);
  const initialLocale = useRef(mapLocale(t));
  const controls = useRef<maplibregl.IControl[]>([]);

  useEffect(() => {
    if (!container.current) return;
    const instance = new maplibregl.Map({
      container: container.current,
      style: fallbackStyle(initialMode.current),
      center: [-47.9, -15.8],
      zoom: 2,
      attributionControl: { compact: true },
      // markers come and go with every live update; fading them keeps the map repainting for 300 ms after each
      fadeDuration: 0,
      // MapLibre's own tooltips and names in the user's language
      locale: initialLocale.current,
    });
    controls.current = addControls(instance);
    instance.on('load', () => {
      setMap(instance);
      setMapInstance(instance);
    });
    window.__rastroMap = instance;
    setCreated(instance);
    return () => {
      setCreated(null);
      setMap(null);
      setMapInstance(null);
      delete window.__rastroMap;
      instance.remove();
    };
  }, []);

  // a language chosen later: MapLibre reads its texts when a control is added, so the controls
  // are added again over the new table (the map keeps no public setter for it)
  useEffect(() => {
    if (!created) return;
    const locale = mapLocale(i18n.getFixedT(i18n.language));
    if (Object.entries(locale).every(([id, text]) => created._locale[id] === text)) return;
    created._locale = { ...created._locale, ...locale };
    controls.current.forEach((control) => created.removeControl(control));
    controls.current = addControls(created);
  }, [created, i18n, i18n.language]);

  return (
    // the outer box places the map; MapLibre's stylesheet owns the inner element's position
    <Box sx={{ position: 'absolute', inset: 0 }}>
      <div ref={container} data-testid="map" role="region" aria-label={t('map.label')} style={{ width: '100%', height: '100%' }}>
        {created && <CreatedMapContext.Provider value={created}>{camera}</CreatedMapContext.Provider>}
        {map && children}
      </div>
    </Box>
  );
}

function addControls(map: maplibregl.Map): maplibregl.IControl[] {
  const navigation = new maplibregl.NavigationControl();
  const scale = new maplibregl.ScaleControl();
  map.addControl(navigation, 'top-right');
  map.addControl(scale, 'bottom-left');
  return [navigation, scale];
}
