export * from './common';
export * from './session';
export * from './dashboard';
export * from './orders';
export * from './moderation';
export * from './leads';
export * from './customers';
export * from './audit';
