#!/usr/bin/env node
// Extracts the frames and assertions of Traccar's protocol decoder tests into JSON vectors, one
// file per protocol under apps/server/src/protocols/vectors/traccar/. The frames and the values
// Traccar asserts are facts about the devices; the conformance suite (protocols/conformance/)
// replays them through our codecs offline. Run by hand when a protocol is added or Traccar moves:
//
//   node scripts/traccar-vectors.mjs <traccar git dir> [TestClassPrefix ...]
//
// The git dir is a clone of traccar/traccar (a bare mirror works); files are read at HEAD.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Test class prefix → our protocol name (Traccar's protocol name). */
const PROTOCOLS = {
  Gt06: 'gt06', H02: 'h02', Teltonika: 'teltonika', Suntech: 'suntech', Jt808: 'jt808',
  Gl200Text: 'gl200', Gl200Binary: 'gl200', Gps103: 'gps103', Tk103: 'tk103', Ruptela: 'ruptela',
  T800x: 't800x', Mxt: 'mxt', Meitrack: 'meitrack', Mobilogix: 'mobilogix', Rst: 'rst',
  Continental: 'continental', Pst: 'pst', Jmak: 'jmak', Watch: 'watch', CalAmp: 'calamp',
  Castel: 'castel', Meiligao: 'meiligao', Jt600: 'jt600', Eelink: 'eelink', Xexun: 'xexun',
};

/** Decoder setters in the tests → the per-device setting our decoders read (Traccar's config keys). */
const SETTERS = {
  setModelOverride: 'model',
  setHbm: 'suntech.hbm',
  setIncludeAdc: 'suntech.includeAdc',
  setIncludeRpm: 'suntech.includeRpm',
  setIncludeTemp: 'suntech.includeTemp',
  setProtocolType: 'suntech.protocolType',
  setExtended: 'teltonika.extended',
};

const [gitDir, ...only] = process.argv.slice(2);
if (!gitDir) {
  console.error('usage: node scripts/traccar-vectors.mjs <traccar git dir> [TestClassPrefix ...]');
  process.exit(2);
}
const git = (...args) => execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
const commit = git('rev-parse', 'HEAD').trim();
const positionJava = git('show', 'HEAD:src/main/java/org/traccar/model/Position.java');
const constants = new Map();
for (const [, name, value] of positionJava.matchAll(/public static final String (\w+) = "([^"]*)";/g)) constants.set(`Position.${name}`, value);

// ---- a small Java tokenizer: enough for the test files' expressions ----

function tokenize(source) {
  const tokens = [];
  let i = 0;
  let line = 1;
  while (i < source.length) {
    const c = source[i];
    if (c === '\n') { line++; i++; continue; }
    if (/\s/.test(c)) { i++; continue; }
    if (source.startsWith('//', i)) { while (i < source.length && source[i] !== '\n') i++; continue; }
    if (source.startsWith('/*', i)) {
      const end = source.indexOf('*/', i + 2);
      for (const ch of source.slice(i, end)) if (ch === '\n') line++;
      i = end + 2;
      continue;
    }
    if (c === '"') {
      let value = '';
      i++;
      while (source[i] !== '"') {
        if (source[i] === '\\') {
          const e = source[i + 1];
          if (e === 'u') { value += String.fromCharCode(parseInt(source.slice(i + 2, i + 6), 16)); i += 6; continue; }
          value += { n: '\n', r: '\r', t: '\t', 0: '\0', '"': '"', "'": "'", '\\': '\\' }[e] ?? e;
          i += 2;
          continue;
        }
        value += source[i++];
      }
      i++;
      tokens.push({ type: 'string', value, line });
      continue;
    }
    if (c === "'") {
      const end = source.indexOf("'", i + 2);
      tokens.push({ type: 'char', value: source.slice(i + 1, end), line });
      i = end + 1;
      continue;
    }
    const number = /^(-?(?:0x[0-9a-fA-F]+|\d+(?:\.\d*)?(?:[eE][-+]?\d+)?))([LlFfDd]?)/.exec(source.slice(i));
    if (number && (c !== '-' || /[0-9]/.test(source[i + 1]))) {
      const prev = tokens.at(-1);
      // A minus is a sign only where an expression starts.
      if (c !== '-' || !prev || prev.type === 'punct' && prev.value !== ')') {
        const text = number[1];
        tokens.push({ type: 'number', value: Number(text), suffix: number[2].toUpperCase(), line });
        i += number[0].length;
        continue;
      }
    }
    const word = /^[A-Za-z_$][\w$]*/.exec(source.slice(i));
    if (word) { tokens.push({ type: 'word', value: word[0], line }); i += word[0].length; continue; }
    tokens.push({ type: 'punct', value: c, line });
    i++;
  }
  return tokens;
}

/** A parsed expression: calls, member names, literals and string concatenation. */
function parseExpression(tokens, at) {
  let [node, i] = parsePrimary(tokens, at);
  while (tokens[i]?.value === '*') {
    const [right, next] = parsePrimary(tokens, i + 1);
    node = { kind: 'number', value: node.value * right.value, suffix: right.suffix || node.suffix };
    i = next;
  }
  while (tokens[i]?.value === '+') {
    const [right, next] = parsePrimary(tokens, i + 1);
    node = { kind: 'concat', parts: [node, right] };
    i = next;
  }
  return [node, i];
}

function parsePrimary(tokens, at) {
  const t = tokens[at];
  if (t.type === 'string') return [{ kind: 'string', value: t.value }, at + 1];
  if (t.type === 'number') return [{ kind: 'number', value: t.value, suffix: t.suffix }, at + 1];
  if (t.type === 'char') return [{ kind: 'char', value: t.value }, at + 1];
  if (t.value === '(') {
    const [inner, i] = parseExpression(tokens, at + 1);
    return [inner, i + 1];
  }
  if (t.type === 'word' && t.value === 'new') {
    const [inner, i] = parsePrimary(tokens, at + 1);
    return [{ kind: 'new', inner }, i];
  }
  if (t.type === 'word') {
    let name = t.value;
    let i = at + 1;
    while (tokens[i]?.value === '.' && tokens[i + 1]?.type === 'word') { name += `.${tokens[i + 1].value}`; i += 2; }
    if (tokens[i]?.value === '(') {
      const args = [];
      i++;
      while (tokens[i].value !== ')') {
        const [arg, next] = parseExpression(tokens, i);
        args.push(arg);
        i = tokens[next].value === ',' ? next + 1 : next;
      }
      return [{ kind: 'call', name, args, line: t.line }, i + 1];
    }
    return [{ kind: 'name', name }, i];
  }
  throw new Error(`unexpected ${t.value} at line ${t.line}`);
}

function text(node) {
  if (node.kind === 'string') return node.value;
  if (node.kind === 'concat') return node.parts.map(text).join('');
  if (node.kind === 'number') return String(node.value);
  if (node.kind === 'name' && constants.has(node.name)) return constants.get(node.name);
  throw new Error(`not a string: ${JSON.stringify(node).slice(0, 80)}`);
}

/** The bytes a test passes to the decoder: binary(hex…), text(…), buffer(…), concatenated buffers. */
function frameOf(node) {
  if (node.kind !== 'call') throw new Error(`unsupported frame ${node.kind}`);
  const strings = node.args.filter((a) => a.kind !== 'name');
  switch (node.name) {
    case 'binary': return { hex: strings.map(text).join('').toLowerCase() };
    case 'text':
    case 'buffer': return { text: strings.map(text).join('') };
    case 'concatenateBuffers': {
      const parts = node.args.map(frameOf).map((f) => f.hex ?? Buffer.from(f.text, 'latin1').toString('hex'));
      return { hex: parts.join('') };
    }
    default: throw new Error(`unsupported frame ${node.name}`);
  }
}

function valueOf(node) {
  switch (node.kind) {
    case 'string': case 'concat': return text(node);
    case 'number': return node.value;
    case 'name':
      if (node.name === 'true' || node.name === 'false') return node.name === 'true';
      if (node.name === 'null') return null;
      if (constants.has(node.name)) return constants.get(node.name);
      throw new Error(`unknown constant ${node.name}`);
    case 'call':
      if (/^(Integer|Long|Short|Double)\.valueOf$/.test(node.name)) return valueOf(node.args[0]);
      break;
  }
  throw new Error(`unsupported value ${JSON.stringify(node).slice(0, 80)}`);
}

/** Traccar's position(time, valid, lat, lon): the time is UTC "yyyy-MM-dd HH:mm:ss.SSS". */
function expectedPosition(node) {
  const [time, valid, latitude, longitude] = node.args.map(valueOf);
  return { fixTime: `${time.replace(' ', 'T')}Z`, valid, latitude, longitude };
}

const CHECKS = { verifyNull: 'null', verifyNotNull: 'notNull', verifyPosition: 'position', verifyPositions: 'positions', verifyAttributes: 'attributes', verifyAttribute: 'attribute' };

function extract(prefix) {
  const path = `src/test/java/org/traccar/protocol/${prefix}ProtocolDecoderTest.java`;
  const tokens = tokenize(git('show', `HEAD:${path}`));
  const vectors = [];
  const skipped = [];
  let session = 0;
  let settings = {};
  let transport;
  let disabled = false;
  let pendingDisabled = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    // An annotation applies to the method that follows it: @Disabled skips that whole test method.
    if (t.value === '@' && tokens[i + 1]?.value === 'Disabled') pendingDisabled = true;
    if (t.value === 'void' && tokens[i + 1]?.type === 'word' && tokens[i + 2]?.value === '(') {
      disabled = pendingDisabled;
      pendingDisabled = false;
    }
    if (disabled) continue;
    if (t.type === 'word' && t.value.endsWith('ProtocolDecoder') && tokens[i - 1]?.value === 'new') {
      session++;
      settings = {};
      const [call] = parsePrimary(tokens, i);
      // A second constructor argument: Teltonika's connectionless (the UDP framing), Xexun's full format.
      const flag = call.args?.[1]?.kind === 'name' && call.args[1].name === 'true';
      // Pósitron's test frames are bare messages: what a datagram carries (over TCP they come wrapped).
      transport = (flag && prefix === 'Teltonika') || prefix === 'Pst' ? 'udp' : undefined;
      if (flag && prefix === 'Xexun') settings = { 'xexun.extended': true };
      continue;
    }
    if (t.type === 'word' && t.value.startsWith('decoder.') === false && t.value === 'decoder' && tokens[i + 1]?.value === '.') {
      const setter = tokens[i + 2]?.value;
      if (SETTERS[setter] && tokens[i + 3]?.value === '(') {
        const [node] = parsePrimary(tokens, i);
        settings = { ...settings, [SETTERS[setter]]: valueOf(node.args[0]) };
      }
      continue;
    }
    if (t.type !== 'word' || !CHECKS[t.value] || tokens[i + 1]?.value !== '(' || tokens[i + 2]?.value !== 'decoder') continue;
    let node;
    try {
      [node] = parsePrimary(tokens, i);
      const args = node.args.slice(1);
      const vector = { line: t.line, session, check: CHECKS[t.value] };
      if (Object.keys(settings).length) vector.settings = settings;
      if (transport) vector.transport = transport;
      if (vector.check === 'positions' && args[0]?.kind === 'name' && (args[0].name === 'false' || args[0].name === 'true')) {
        vector.checkLocation = args.shift().name === 'true';
      }
      Object.assign(vector, frameOf(args[0]));
      if (vector.check === 'attribute') {
        vector.key = valueOf(args[1]);
        vector.value = valueOf(args[2]);
        if (args[2].kind === 'number' && args[2].suffix === '' && Number.isInteger(args[2].value) && !String(args[2].value).includes('.')) vector.integer = true;
      } else if (args[1]) {
        vector.expected = expectedPosition(args[1]);
      }
      vectors.push(vector);
    } catch (error) {
      skipped.push({ line: t.line, reason: error.message });
    }
  }
  return { path, vectors, skipped };
}

const out = join(dirname(fileURLToPath(import.meta.url)), '../apps/server/src/protocols/vectors/traccar');
mkdirSync(out, { recursive: true });
const byProtocol = new Map();
for (const [prefix, protocol] of Object.entries(PROTOCOLS)) {
  if (only.length && !only.includes(prefix)) continue;
  const { path, vectors, skipped } = extract(prefix);
  const entry = byProtocol.get(protocol) ?? { protocol, source: { repository: 'traccar/traccar', commit, files: [] }, vectors: [] };
  entry.source.files.push(path);
  for (const vector of vectors) entry.vectors.push({ file: path.split('/').at(-1), ...vector });
  byProtocol.set(protocol, entry);
  console.log(`${prefix.padEnd(12)} ${String(vectors.length).padStart(4)} vectors${skipped.length ? `, ${skipped.length} skipped: ${skipped.map((s) => `${s.line} ${s.reason}`).join('; ')}` : ''}`);
}
for (const entry of byProtocol.values()) {
  const file = join(out, `${entry.protocol}.json`);
  writeFileSync(file, `${JSON.stringify(entry, null, 1)}\n`);
}
