export * from './errors.ts';
export * from './common.ts';
export * from './health.ts';
export * from './settings.ts';
export * from './users.ts';
export * from './admin.ts';
export * from './exams.ts';
export * from './subscriptions.ts';
