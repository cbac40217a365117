import { API_REFERENCES } from '../../constants';
import { fragmentPath } from './constants';

/** What the loader needs from the browser; tests pass their own. */
export type FetchText = (url: string) => Promise<string>;

export interface FragmentLoaderOptions {
  fetchText: FetchText;
}

/**
 * Loads each reference body once. A client-side navigation to a reference starts the request
 * as the navigation begins (see referenceFragment.ts), while the page's code is still loading,
 * and the page then picks up the same request instead of starting its own. A failed request is
 * forgotten, so the next visit tries again.
 */
export function createFragmentLoader({ fetchText }: FragmentLoaderOptions) {
  const requests = new Map<string, Promise<string>>();
  return function loadFragment(url: string): Promise<string> {
    let request = requests.get(url);
    if (!request) {
      request = fetchText(url);
      requests.set(url, request);
      request.catch(() => requests.delete(url));
    }
    return request;
  };
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return response.text();
}

export const loadFragment = createFragmentLoader({ fetchText });

const join = (base: string, path: string) => `${base.replace(/\/$/, '')}${path}`;
const trimSlash = (path: string) => path.replace(/\/$/, '');

/** The fragment URL of the reference at `pathname`, or undefined for any other page. */
export function fragmentUrlFor(pathname: string, baseUrl: string): string | undefined {
  const reference = API_REFERENCES.find(({ route }) => trimSlash(join(baseUrl, route)) === trimSlash(pathname));
  return reference ? join(baseUrl, fragmentPath(reference.spec)) : undefined;
}
