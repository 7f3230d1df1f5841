"use client";
// Full page loads, in their own module so tests can replace them: jsdom
// implements no navigation, and its window.location cannot be mocked.

/**
 * A full page load, not a client-side navigation: the root layout repaints
 * with the (new) licensee's theme and every dialog and cached view is gone.
 * `path` is a same-site path (/login, /home, or a returnUrl the server checked).
 */
export function loadPage(path: string): void {
  window.location.assign(path);
}

/** Reloads this page where it is (a demo user's licensee switch, shell.md 4). */
export function reloadPage(): void {
  window.location.reload();
}
