// The platform API as data (see endpoints.ts). Plain TypeScript + zod: the renderer imports it too.
export * from './common-params';
export * from './endpoints';
export * from './errors';
export * from './msg-types';
export * from './params';
export * from './scopes';
export * from './shapes';
export * from './validate';
export * from './vcard';
