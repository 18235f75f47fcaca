// Import boundaries of docs/architecture.md, checked by `npm test` (scripts/lint.mjs).
// Layers only import downwards; nothing imports in a circle. Type-only imports count too:
// a type import upwards is still a part knowing about the part that uses it.
const server = 'apps/server/src';
const web = 'apps/web/src';

/** A server folder may import only the folders listed for it (and itself, packages/api and npm packages). */
const serverLayers = {
  config: [],
  domain: ['config'],
  position: ['domain'],
  protocols: ['domain', 'position', 'config'],
  media: [],
  db: ['domain', 'position', 'config'],
  live: ['db', 'protocols', 'domain', 'position', 'config'],
  sms: ['db', 'domain', 'config'],
  pipeline: ['db', 'live', 'media', 'domain', 'position', 'protocols', 'config'],
  notifications: ['db', 'live', 'pipeline', 'sms', 'domain', 'position', 'config'],
  billing: ['db', 'live', 'domain', 'config'],
  reports: ['db', 'live', 'pipeline', 'domain', 'position', 'config'],
  'qr-driver': ['db', 'live', 'domain', 'position', 'config'],
  simulator: ['protocols', 'domain', 'position', 'config'],
  tiles: ['config'],
  api: ['db', 'live', 'media', 'sms', 'pipeline', 'notifications', 'billing', 'reports', 'qr-driver', 'tiles', 'protocols', 'domain', 'position', 'config'],
};

const layerRules = Object.entries(serverLayers).map(([folder, allowed]) => ({
  name: `server-${folder}-imports-down`,
  comment: `${folder}/ may import only ${allowed.length ? allowed.join(', ') : 'nothing else of the server'} (docs/architecture.md)`,
  severity: 'error',
  from: { path: `^${server}/${folder}/` },
  to: {
    path: `^${server}/`,
    pathNot: [`^${server}/${folder}/`, ...allowed.map((other) => `^${server}/${other}/`)],
  },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle makes two modules one; split out what both need.',
      severity: 'error',
      from: { pathNot: '(^|/)node_modules/' },
      to: { circular: true },
    },
    {
      name: 'shared-package-stands-alone',
      comment: 'packages/api is used by both halves and imports neither.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'halves-stay-apart',
      comment: 'The server and the web app share code only through packages/api.',
      severity: 'error',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/', pathNot: ['^apps/$1/'] },
    },
    {
      name: 'server-entry-is-top',
      comment: 'main.ts and server.ts wire everything; nothing imports them.',
      severity: 'error',
      from: { path: `^${server}/`, pathNot: `^${server}/main\\.ts$` },
      to: { path: `^${server}/(main|server)\\.ts$` },
    },
    {
      name: 'server-domain-is-pure',
      comment: 'domain/ and position/ hold rules and shapes, no I/O: no database, network, files or framework.',
      severity: 'error',
      from: { path: `^${server}/(domain|position)/`, pathNot: '\\.test\\.ts$' },
      to: {
        dependencyTypes: ['core', 'npm', 'npm-dev'],
        path: '^(node:)?(fs|net|http|https|dgram|child_process|tls|fs/promises)$|(^|/)node_modules/(kysely|pg|better-sqlite3|ioredis|fastify|@fastify|nodemailer)/',
      },
    },
    ...layerRules,
    {
      name: 'web-lower-layers-import-down',
      comment: 'state/, access/, ui/, api/ and i18n/ are used by features and app/; they never import them.',
      severity: 'error',
      from: { path: `^${web}/(state|access|ui|api|i18n)/` },
      to: { path: `^${web}/(app|features)/` },
    },
    {
      name: 'web-features-below-app',
      comment: 'app/ composes the features; a feature never imports app/.',
      severity: 'error',
      from: { path: `^${web}/features/` },
      to: { path: `^${web}/app/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'], extensions: ['.ts', '.tsx', '.js'] },
  },
};
