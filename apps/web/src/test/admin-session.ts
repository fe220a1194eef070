/** Signs an administrator in as the panel's login leaves it: a token under `adminToken` (spec §3). */
export function signInAdmin(): void {
  window.localStorage.setItem('adminToken', 'admin-token');
}

/** Whether the page asks the browser to confirm a reload or closing the tab (an unsaved form's guard). */
export function reloadIsGuarded(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}
