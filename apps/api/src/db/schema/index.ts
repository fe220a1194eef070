export * from './users.ts';
export * from './mail.ts';
export * from './settings.ts';
export * from './admins.ts';
export * from './exams.ts';
export * from './articles.ts';
export * from './subscriptions.ts';
export * from './results.ts';
