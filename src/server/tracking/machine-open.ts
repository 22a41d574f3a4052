/**
 * Pixel loads that are not a person reading: mail-privacy proxies that fetch every image on delivery
 * (Apple Mail Privacy Protection, Gmail's and Yahoo's image proxies) and link/attachment scanners of
 * mail gateways. An open from one of these within MACHINE_OPEN_WINDOW_SECONDS of delivery is
 * counted as a machine open, so open rates stay honest.
 */
export const MACHINE_OPEN_WINDOW_SECONDS = 30;

const PROXIES_AND_SCANNERS: RegExp[] = [
  /GoogleImageProxy|ggpht\.com/i,
  /YahooMailProxy/i,
  // Apple MPP fetches with a bare WebKit user agent: no Safari or Version token.
  /^Mozilla\/5\.0$/,
  /^Mozilla\/5\.0 \(Macintosh; Intel Mac OS X [\d_]+\) AppleWebKit\/[\d.]+ \(KHTML, like Gecko\)$/,
  /Barracuda|Mimecast|Proofpoint|MessageLabs|Symantec|Trend ?Micro|Forcepoint|Zscaler|SonicWall|IronPort|FireEye|Microsoft Office Protection/i,
  /bot\b|crawler|spider|curl\/|wget|python-requests|Go-http-client|okhttp|HeadlessChrome|PhantomJS/i,
];

export function isProxyOrScanner(userAgent: string | undefined): boolean {
  const ua = (userAgent ?? '').trim();
  if (!ua) return true;
  return PROXIES_AND_SCANNERS.some((pattern) => pattern.test(ua));
}
