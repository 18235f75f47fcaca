import jexl from 'jexl';

/**
 * Computed-attribute expressions. Traccar evaluates Apache JEXL; the `jexl` package speaks the
 * same everyday subset (arithmetic, comparisons, `&&`, `||`, `!`, ternaries, property access).
 * Traccar's `math:` namespace (`math:max(a, b)`) is rewritten to functions of the same names.
 */
const engine = new jexl.Jexl();
for (const name of ['abs', 'ceil', 'floor', 'round', 'max', 'min', 'pow', 'sqrt', 'log', 'exp', 'sin', 'cos', 'tan', 'atan2'] as const) {
  engine.addFunction(`math_${name}`, (...args: unknown[]) => Math[name].call(Math, ...args.map(Number)));
}

type Compiled = ReturnType<typeof engine.compile>;
const cache = new Map<string, Compiled>();

/** Compiles (once) and evaluates; throws with the parser's message on a bad expression. */
export function evaluate(expression: string, variables: Record<string, unknown>): unknown {
  let compiled = cache.get(expression);
  if (!compiled) {
    compiled = engine.compile(expression.replace(/\bmath:([a-z0-9]+)\s*\(/gi, 'math_$1('));
    if (cache.size > 1000) cache.clear();
    cache.set(expression, compiled);
  }
  return compiled.evalSync(variables);
}
