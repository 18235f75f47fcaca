/**
 * An address as the providers' answers are read into it (Traccar's Address), and Traccar's
 * AddressFormat that turns it into the one line a position carries.
 */
export interface Address {
  postcode?: string;
  /** Country code (Nominatim, OpenCage: upper-cased) or Google's short name. */
  country?: string;
  state?: string;
  district?: string;
  /** Town, city or village. */
  settlement?: string;
  suburb?: string;
  street?: string;
  house?: string;
  /** The provider's own one-line address. */
  formattedAddress?: string;
}

const FIELDS: Record<string, keyof Address> = {
  p: 'postcode',
  c: 'country',
  s: 'state',
  d: 'district',
  t: 'settlement',
  u: 'suburb',
  r: 'street',
  h: 'house',
  f: 'formattedAddress',
};

/**
 * Traccar's AddressFormat: each placeholder takes its field; a missing field takes the commas and
 * spaces before it with it, and the line never starts with a comma. `%h %r, %t, %s, %c` of a
 * road without number in Campinas is `Rua Barão de Jaguara, Campinas, SP, BR`. (One pass: a
 * value that contains a placeholder is not read again, where Traccar's replace-one-after-another would.)
 */
export function formatAddress(address: Address, format: string): string {
  return format
    .replace(/([, ]*)%([pcsdturhf])/g, (_match, before: string, code: string) => {
      const value = address[FIELDS[code]]?.trim();
      return value ? before + value : '';
    })
    .replace(/^[, ]*/, '')
    .trim();
}
