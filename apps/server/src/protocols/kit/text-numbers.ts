import { ProtocolError } from '../codec.ts';

// Plain notations only: Number() would also take '', '0x1F', 'Infinity' and surrounding spaces.
const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const HEX = /^[0-9a-fA-F]+$/;

export interface TextNumberReaders {
  /** The error for a field that is not what the report needs there. */
  invalid: (kind: string, text: string) => ProtocolError;
  parseInteger: (text: string) => number;
  parseDecimal: (text: string) => number;
  parseHex: (text: string) => number;
}

/**
 * Strict readers of the numeric fields of a text protocol: a malformed field is a malformed frame.
 * `prefix` starts every error message (the protocol's name, where its messages carry one).
 */
export function textNumberReaders(prefix = ''): TextNumberReaders {
  const invalid = (kind: string, text: string) => new ProtocolError(`${prefix}expected ${kind}, got ${JSON.stringify(text.slice(0, 20))}`);
  return {
    invalid,
    parseInteger(text) {
      const value = INTEGER.test(text) ? Number(text) : Number.NaN;
      if (!Number.isSafeInteger(value)) throw invalid('an integer', text);
      return value;
    },
    parseDecimal(text) {
      const value = DECIMAL.test(text) ? Number(text) : Number.NaN;
      if (!Number.isFinite(value)) throw invalid('a number', text);
      return value;
    },
    parseHex(text) {
      const value = HEX.test(text) ? Number.parseInt(text, 16) : Number.NaN;
      if (!Number.isSafeInteger(value)) throw invalid('a hex number', text);
      return value;
    },
  };
}
