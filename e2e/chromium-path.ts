/** The system Chromium the browser tests drive (no browser download): CHROMIUM_PATH or Debian's package. */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
