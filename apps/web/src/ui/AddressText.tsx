import { useEffect, useRef, useState, type RefObject } from 'react';
import { distanceMeters } from '@rastro/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { addressQuery } from '../api/geocode.ts';
import { useFormats } from '../state/formats.ts';

/** A moving point is looked up again once it has moved this far from the one last looked up… */
const LIVE_MOVE_M = 100;
/** …and has stayed put this long (playback steps and live updates in between are not asked). */
const LIVE_SETTLE_MS = 1000;

interface Point {
  latitude: number;
  longitude: number;
}

/**
 * The point to look up for a moving position (a device's live position, the playback's): the
 * first at once, then the latest once it has settled and moved on from the last one looked up.
 */
function useSettledPoint(latitude: number, longitude: number, live: boolean): Point {
  const [settled, setSettled] = useState<Point>({ latitude, longitude });
  useEffect(() => {
    if (!live) return undefined;
    const timer = setTimeout(() => {
      setSettled((current) => (distanceMeters(current.latitude, current.longitude, latitude, longitude) < LIVE_MOVE_M ? current : { latitude, longitude }));
    }, LIVE_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [latitude, longitude, live]);
  return live ? settled : { latitude, longitude };
}

/** Whether the element has been on screen (always, where the browser cannot tell): a long table asks only for the rows shown. */
function useSeen(ref: RefObject<HTMLElement | null>, wanted: boolean): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !wanted || !element) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen, wanted]);
  return seen;
}

interface AddressTextProps {
  latitude: number;
  longitude: number;
  /** The address the server already gave (a stored one, or a report row's): shown as it is. */
  address?: string | null;
  /** The point moves (live position, playback): looked up again only once it settles elsewhere. */
  live?: boolean;
}

/**
 * Where a position is, in words: its address when it has one, else asked of the server on
 * display (`GET /api/server/geocode`, kept per point for the page's life) — the server's
 * provider's address, or the nearest named place when it has none. While asking it says so;
 * if the server cannot be reached, the coordinates stand in.
 */
export function AddressText({ latitude, longitude, address, live = false }: AddressTextProps) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const ref = useRef<HTMLSpanElement>(null);
  const point = useSettledPoint(latitude, longitude, live);
  const given = Boolean(address);
  const seen = useSeen(ref, !given);
  const valid = Number.isFinite(point.latitude) && Number.isFinite(point.longitude);
  // a moving point keeps showing its last address, dimmed, until the new one is in
  const query = useQuery({
    ...addressQuery(point.latitude, point.longitude, i18n.language),
    enabled: !given && seen && valid,
    placeholderData: live ? keepPreviousData : undefined,
  });
  const stale = query.isPlaceholderData || (live && distanceMeters(point.latitude, point.longitude, latitude, longitude) >= LIVE_MOVE_M);
  if (given) return <span data-testid="address">{address}</span>;
  if (query.data) {
    return (
      <span data-testid="address" aria-busy={stale || undefined} style={stale ? { opacity: 0.6 } : undefined}>
        {query.data}
      </span>
    );
  }
  if (query.isError || !valid) {
    return (
      <span data-testid="address" title={t('address.unavailable')}>
        {formats.point(latitude, longitude)}
      </span>
    );
  }
  return (
    <span ref={ref} data-testid="address" aria-busy="true" style={{ opacity: 0.7 }}>
      {t('address.loading')}
    </span>
  );
}
