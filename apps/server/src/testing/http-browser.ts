/**
 * Just enough of a browser for redirect-based sign-in flows over real HTTP: fetch with manual
 * redirects and a cookie jar per host (paths and expiry dates other than "already expired" are ignored).
 */
export class HttpBrowser {
  readonly #jar = new Map<string, Map<string, string>>();

  async get(url: string): Promise<Response> {
    const target = new URL(url);
    const cookies = this.#jar.get(target.host);
    const response = await fetch(target, {
      redirect: 'manual',
      headers: cookies?.size ? { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {},
    });
    this.#store(target.host, response);
    return response;
  }

  /**
   * Follows redirects from `url` and stops at the first one that points at a URL starting with
   * `stopAt`, which it returns without requesting it.
   */
  async followUntil(url: string, stopAt: string, maxRedirects = 20): Promise<string> {
    let current = url;
    for (let hop = 0; hop < maxRedirects; hop += 1) {
      const response = await this.get(current);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        throw new Error(`expected a redirect from ${current}, got ${response.status}: ${(await response.text()).slice(0, 500)}`);
      }
      const next = new URL(location, current).href;
      if (next.startsWith(stopAt)) return next;
      current = next;
    }
    throw new Error(`more than ${maxRedirects} redirects from ${url}`);
  }

  cookie(url: string, name: string): string | undefined {
    return this.#jar.get(new URL(url).host)?.get(name);
  }

  #store(host: string, response: Response): void {
    const jar = this.#jar.get(host) ?? new Map<string, string>();
    this.#jar.set(host, jar);
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const expired =
        value === '' ||
        attributes.some((attribute) => /^max-age=(0|-)/i.test(attribute)) ||
        attributes.some((attribute) => /^expires=/i.test(attribute) && Date.parse(attribute.slice(8)) <= Date.now());
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
  }
}
