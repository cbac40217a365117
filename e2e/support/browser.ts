import { existsSync } from 'node:fs';

/** The flags this machine needs: no sandbox as root, and no calls to Google's services. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `No Chromium at ${path}. The browser tests drive a system Chromium: install it with ` +
        '`sudo apt-get install -y chromium` (Debian/Ubuntu), or point CHROMIUM_PATH at a Chrome or Chromium binary.',
    );
  }
  return path;
}
