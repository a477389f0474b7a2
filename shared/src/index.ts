export * from './constants';
export * from './dates';
export * from './messages';
export * from './password';
export * from './routes';
export * from './schemas';
export type * from './types';
export * from './site-paths';
export * from './security-headers';
