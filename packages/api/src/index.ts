/**
 * Wire types and schemas shared by the server and the web app.
 * Shapes follow the Traccar REST API: times are ISO 8601 UTC strings,
 * speeds in knots, distances in metres, durations in milliseconds.
 */
export * from './attributes.ts';
export * from './models.ts';
export * from './inputs.ts';
export * from './socket.ts';
export * from './constants.ts';
export * from './units.ts';
export * from './geometry.ts';
export * from './coordinates.ts';
export * from './reports.ts';
export * from './permissions.ts';
export * from './billing.ts';
export * from './qr-driver.ts';
export * from './deliveries.ts';
export * from './tiles.ts';
export * from './timezone.ts';
