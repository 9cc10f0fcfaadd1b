export * from './route';
export * from './common';
export * from './system';
export * from './catalog';
export * from './settings';
export * from './users';
export * from './routes';
export * from './ws';
