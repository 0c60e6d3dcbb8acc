export * from './auth.js';
export * from './config.js';
export * from './constants.js';
export * from './errors.js';
export * from './messages.js';
export * from './rules.js';
export * from './contact.js';
export * from './rooms.js';
