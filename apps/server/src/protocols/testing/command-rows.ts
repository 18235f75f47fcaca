/**
 * Tables of command encodings for `it.each`: one row a command, `[type, attributes, expected]`.
 * The commands without attributes, most of a protocol's set, are written as one map of type to
 * encoding, so that a table shows the codes side by side rather than a row of `{}` each.
 */
export type EncodingRow = [type: string, attributes: Record<string, unknown>, expected: string];

export function withoutAttributes(expected: Record<string, string>): EncodingRow[] {
  return Object.entries(expected).map(([type, encoding]) => [type, {}, encoding]);
}
