import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { advance, type PlaybackSpeed } from './playback.ts';

/** Playback over `count` positions: the current index, play/pause, speed, and seeking. */
export function usePlayback(count: number) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<PlaybackSpeed>(1);
  // a seek while playing restarts the frame loop from the new index
  const [seeks, setSeeks] = useState(0);
  const startIndex = useEffectEvent(() => index);

  useEffect(() => {
    if (!playing) return;
    let clock = { index: startIndex(), carry: 0 };
    let last = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const next = advance(clock, now - last, speed, count);
      last = now;
      clock = next;
      setIndex(next.index);
      if (next.finished) setPlaying(false);
      else frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, speed, count, seeks]);

  const seek = useCallback(
    (to: number) => {
      setIndex(Math.max(0, Math.min(count - 1, to)));
      setSeeks((value) => value + 1);
    },
    [count],
  );

  return {
    index,
    playing,
    speed,
    setSpeed,
    /** Play from where it is; from the start again once it reached the end. */
    play: () => {
      if (index >= count - 1) setIndex(0);
      setPlaying(true);
    },
    pause: () => setPlaying(false),
    seek,
  };
}

export type Playback = ReturnType<typeof usePlayback>;
