/**
 * Spec §9: 24 selectable notification sounds, synthesised with the Web Audio API so nothing is
 * downloaded. Sound n combines one of 4 waveforms with one of 6 melodic patterns.
 */
export const SOUND_COUNT = 24;
export const SOUNDS = Array.from({ length: SOUND_COUNT }, (_, index) => `audio${index + 1}`);
export const DEFAULT_SOUND = 'audio1';
export const MUTE_SOUND = 'none';
export const CUSTOM_SOUND = 'custom';

const WAVES: OscillatorType[] = ['sine', 'triangle', 'square', 'sawtooth'];
/** Notes as [semitones above the base, start s, length s]. */
const PATTERNS: [number, number, number][][] = [
  [[0, 0, 0.18], [7, 0.14, 0.28]],
  [[12, 0, 0.18], [5, 0.14, 0.28]],
  [[0, 0, 0.1], [0, 0.15, 0.1], [0, 0.3, 0.1]],
  [[0, 0, 0.5]],
  [[0, 0, 0.12], [4, 0.1, 0.12], [7, 0.2, 0.12], [12, 0.3, 0.25]],
  [[0, 0, 0.2], [6, 0.2, 0.2], [0, 0.4, 0.2], [6, 0.6, 0.2]],
];
const BASES = [660, 880];

/** The notes of sound `name` (audio1…audio24); null for any other name. */
export function soundNotes(name: string): { wave: OscillatorType; notes: { frequency: number; start: number; length: number }[] } | null {
  const match = /^audio(\d+)$/.exec(name);
  const index = match ? Number(match[1]) - 1 : -1;
  if (index < 0 || index >= SOUND_COUNT) return null;
  const base = BASES[Math.floor(index / (WAVES.length * PATTERNS.length / BASES.length)) % BASES.length];
  const pattern = PATTERNS[Math.floor(index / WAVES.length) % PATTERNS.length];
  return {
    wave: WAVES[index % WAVES.length],
    notes: pattern.map(([semitones, start, length]) => ({ frequency: base * 2 ** (semitones / 12), start, length })),
  };
}

let context: AudioContext | null = null;

/** Plays a built-in sound, or the audio at `url` for the custom one; silently nothing when audio is not allowed. */
export function playSound(name: string, url?: string): void {
  try {
    if (name === MUTE_SOUND) return;
    if (name === CUSTOM_SOUND) {
      if (url) void new Audio(url).play().catch(() => undefined);
      return;
    }
    const sound = soundNotes(name) ?? soundNotes(DEFAULT_SOUND)!;
    context ??= new AudioContext();
    const now = context.currentTime;
    // square and sawtooth are loud: play them softer
    const volume = sound.wave === 'sine' || sound.wave === 'triangle' ? 0.2 : 0.07;
    for (const note of sound.notes) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = sound.wave;
      oscillator.frequency.value = note.frequency;
      gain.gain.setValueAtTime(volume, now + note.start);
      gain.gain.exponentialRampToValueAtTime(0.001, now + note.start + note.length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + note.start);
      oscillator.stop(now + note.start + note.length);
    }
  } catch {
    // audio unavailable or not yet allowed by the browser: the toast alone has to do
  }
}
