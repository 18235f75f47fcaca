/**
 * Splits on commas as the firmwares' fields are read: trailing empty fields dropped
 * (`bphrt,120,79,73,,,,` has three values), empty ones inside kept.
 */
export function fields(text: string): string[] {
  const values = text.split(',');
  while (values.length > 1 && values.at(-1) === '') values.pop();
  return values;
}

/** A whole number, or undefined for anything else (an empty field, `12a`, more digits than a number holds). */
export function integer(value: string | undefined): number | undefined {
  return value !== undefined && /^[+-]?\d{1,15}$/.test(value) ? Number(value) : undefined;
}

export function decimal(value: string | undefined): number | undefined {
  const number = value !== undefined && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(number) ? number : undefined;
}
