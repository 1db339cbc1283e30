// The host's content folder (account-and-session.md section 9): where config.json and the business's theme
// stylesheet live. Each host the storefront is served on has its own folder, so one build serves many businesses,
// each with its own settings and look; on this machine (localhost) the folder is the site's root.

/** Host names that mean "this machine": the content path there is /. */
export const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])$/i;

/** '/' on localhost, '/content/{host}/' on any other host (the host in lower case, as browsers report it). */
export function contentFolder(hostname: string): string {
  return LOCAL_HOST.test(hostname) ? '/' : `/content/${encodeURIComponent(hostname.toLowerCase())}/`;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The theme's cache-busting version: the build number when the build was given one, else the current date and hour
 * (UTC, `YYYYMMDDHH`), so a changed theme reaches every shopper within the hour without a new build.
 */
export function themeVersion(buildNumber: string | undefined, now: number): string {
  const build = buildNumber?.trim();
  if (build) return build;
  const at = new Date(now);
  return `${at.getUTCFullYear()}${two(at.getUTCMonth() + 1)}${two(at.getUTCDate())}${two(at.getUTCHours())}`;
}

/** The business's theme stylesheet in the host's content folder, with its version. */
export function themeStylesheetUrl(hostname: string, buildNumber: string | undefined, now: number): string {
  return `${contentFolder(hostname)}theme.css?v=${encodeURIComponent(themeVersion(buildNumber, now))}`;
}
