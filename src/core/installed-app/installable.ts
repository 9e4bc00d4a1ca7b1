/**
 * Whether this page is the installable full page (the page the server serves on the vendor's host links
 * its web app manifest) in a browser with service workers: the only page that registers one.
 */
export function isInstallablePage(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && document.querySelector('link[rel="manifest"]') !== null;
}
