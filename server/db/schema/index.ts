export * from './accounts';
export * from './files';
export * from './groups';
export * from './links';
export * from './posts';
export * from './search';
export * from './social';
export * from './settings';
