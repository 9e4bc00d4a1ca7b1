import type { Page, Request } from '@playwright/test';

/*
 * Local doubles of the analytics tags, so nothing in a test reaches Google or Meta. Each is written from the
 * tag's public behaviour: gtag.js reads Google's dataLayer (gtag commands as arguments objects, Consent Mode
 * among them) and sends a hit for an event only while analytics_storage is granted; fbevents.js takes over
 * the Meta Pixel's queue and sends a hit per tracked event; gtm.js marks its container as running.
 */

const GTAG_JS = `(() => {
  const id = new URL(document.currentScript.src).searchParams.get('id');
  const layer = (window.dataLayer = window.dataLayer || []);
  let granted = false;
  const hit = (name) => granted && fetch('https://region1.google-analytics.com/g/collect?v=2&tid=' + id + '&en=' + encodeURIComponent(name), { method: 'POST', mode: 'no-cors', keepalive: true });
  const run = (entry) => {
    if (Object.prototype.toString.call(entry) !== '[object Arguments]') return;
    const [command, name, values] = Array.from(entry);
    if (command === 'consent' && values && values.analytics_storage) granted = values.analytics_storage === 'granted';
    if (command === 'config') hit('page_view');
    if (command === 'event') hit(name);
  };
  layer.forEach(run);
  const push = layer.push.bind(layer);
  layer.push = (...entries) => { entries.forEach(run); return push(...entries); };
})();`;

const FBEVENTS_JS = `(() => {
  const pixel = window.fbq;
  let id = '';
  pixel.callMethod = (...args) => {
    if (args[0] === 'init') id = args[1];
    if (args[0] === 'track') new Image().src = 'https://www.facebook.com/tr?id=' + id + '&ev=' + encodeURIComponent(args[1]);
  };
  for (const args of pixel.queue.splice(0)) pixel.callMethod(...args);
})();`;

const GTM_JS = `(() => {
  const id = new URL(document.currentScript.src).searchParams.get('id');
  window.google_tag_manager = Object.assign(window.google_tag_manager || {}, { [id]: { dataLayer: window.dataLayer } });
})();`;

/** The analytics origins (their scripts, and the hosts they send to). */
export const ANALYTICS_ORIGIN = /^https:\/\/([a-z0-9-]+\.)*(googletagmanager\.com|google-analytics\.com|analytics\.google\.com|facebook\.net|facebook\.com)\//;

/**
 * Serves the doubles for every analytics address the page asks for and records each request (the scripts
 * and the hits) in `requests`, as `host/path?query`.
 */
export async function analyticsDoubles(page: Page): Promise<{ requests: string[]; hits: () => string[] }> {
  const requests: string[] = [];
  await page.route(ANALYTICS_ORIGIN, async (route) => {
    const url = new URL(route.request().url());
    requests.push(`${url.host}${url.pathname}${url.search}`);
    const script = url.pathname === '/gtag/js' ? GTAG_JS : url.pathname === '/gtm.js' ? GTM_JS : url.pathname.endsWith('/fbevents.js') ? FBEVENTS_JS : null;
    if (script) await route.fulfill({ status: 200, contentType: 'text/javascript', body: script });
    else await route.fulfill({ status: 204, body: '' });
  });
  return {
    requests,
    hits: () => requests.filter((request) => /\/g\/collect|\/tr\?/.test(request)),
  };
}

/** Whether a request goes to an analytics origin. */
export const isAnalyticsRequest = (request: Request) => ANALYTICS_ORIGIN.test(request.url());

/** The ecommerce events in the page's dataLayer, as gtag commands ('event', name, params), in order. */
export function dataLayerEvents(page: Page): Promise<Array<{ name: string; params: Record<string, unknown> }>> {
  return page.evaluate(() => ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
    .filter((entry) => Object.prototype.toString.call(entry) === '[object Arguments]' && (entry as IArguments)[0] === 'event')
    .map((entry) => ({ name: (entry as IArguments)[1] as string, params: (entry as IArguments)[2] as Record<string, unknown> })));
}
