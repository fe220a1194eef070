/**
 * Spec §8: a global handler swallows opaque cross-origin script errors with a warning. Browsers report
 * an error thrown by a script from another origin (e.g. the payment provider's SDK) only as
 * 'Script error.' with no file, line or error object, so nothing useful can be done with it.
 */
function isOpaqueScriptError(event: ErrorEvent): boolean {
  return event.message === 'Script error.' && !event.filename && !event.error;
}

function handleGlobalError(event: ErrorEvent): void {
  if (!isOpaqueScriptError(event)) return;
  event.preventDefault();
  console.warn('Ignored an opaque cross-origin script error (no details are available).');
}

/** Installs the handler once; returns a function that removes it. */
export function installGlobalErrorHandler(target: Window = window): () => void {
  target.addEventListener('error', handleGlobalError);
  return () => target.removeEventListener('error', handleGlobalError);
}
