/*
 * Texts the web app's shell needs before any page loads. Kept free of zod: a module with schemas is kept
 * whole by the bundler once any of its exports is used, which put all of zod in the entry chunk.
 */

/** Spec §8: what every request answers while maintenance mode is on. */
export const MAINTENANCE_MESSAGE = 'The site is currently undergoing maintenance. Please check back soon.';
