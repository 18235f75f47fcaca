let context: AudioContext | null = null;

/** A short two-note chime synthesised in the browser (the selectable sounds of spec §9 come later). */
export function playChime(): void {
  try {
    context ??= new AudioContext();
    const start = context.currentTime;
    [880, 1320].forEach((frequency, index) => {
      const oscillator = context!.createOscillator();
      const gain = context!.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.15, start + index * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.001, start + index * 0.12 + 0.25);
      oscillator.connect(gain).connect(context!.destination);
      oscillator.start(start + index * 0.12);
      oscillator.stop(start + index * 0.12 + 0.25);
    });
  } catch {
    // audio unavailable or not yet allowed by the browser: the toast alone has to do
  }
}
