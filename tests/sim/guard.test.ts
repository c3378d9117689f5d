/** The origin rule on its own: what counts as the app's own origin, with default ports, case and IPv6. */
import { describe, expect, it } from 'vitest';
import { hostname } from 'node:os';
import { isOwnOrigin, isServedHost, ownHostNames } from '../../backend/http/guard';

describe('isOwnOrigin', () => {
  it('allows no Origin (a program, not a page) and the origin of the Host the request was sent to', () => {
    expect(isOwnOrigin(undefined, 'robot.local:8080')).toBe(true);
    expect(isOwnOrigin('http://robot.local:8080', 'robot.local:8080')).toBe(true);
    expect(isOwnOrigin('http://ROBOT.local:8080', 'robot.LOCAL:8080')).toBe(true);
    expect(isOwnOrigin('http://[::1]:8080', '[::1]:8080')).toBe(true);
  });

  it('takes a default port written or left out as the same port', () => {
    expect(isOwnOrigin('http://robot.local', 'robot.local:80')).toBe(true);
    expect(isOwnOrigin('https://robot.local', 'robot.local:443')).toBe(true);
    expect(isOwnOrigin('https://robot.local', 'robot.local')).toBe(true);
    expect(isOwnOrigin('http://robot.local', 'robot.local:443')).toBe(false);
  });

  it('refuses another host, another port, opaque and non-web origins, and a request with no Host', () => {
    expect(isOwnOrigin('http://evil.example', 'robot.local')).toBe(false);
    expect(isOwnOrigin('http://robot.local:8081', 'robot.local:8080')).toBe(false);
    expect(isOwnOrigin('http://robot.local.evil.example:8080', 'robot.local:8080')).toBe(false);
    expect(isOwnOrigin('null', 'robot.local')).toBe(false);
    expect(isOwnOrigin('file://', 'robot.local')).toBe(false);
    expect(isOwnOrigin('not a url', 'robot.local')).toBe(false);
    expect(isOwnOrigin('http://robot.local', undefined)).toBe(false);
  });

  it("on a socket of its own port, takes pages of the same hostname and the app's port only", () => {
    const teleop = { appPort: () => 8080 };
    expect(isOwnOrigin('http://robot.local:8080', 'robot.local:9191', teleop)).toBe(true);
    expect(isOwnOrigin('http://robot.local:9191', 'robot.local:9191', teleop)).toBe(false);
    expect(isOwnOrigin('http://other.local:8080', 'robot.local:9191', teleop)).toBe(false);
  });

  it('adds the allowed origins, compared as origins', () => {
    const rule = { allowed: ['http://localhost:5173/'], appPort: () => 8080 };
    expect(isOwnOrigin('http://localhost:5173', 'localhost:9191', rule)).toBe(true);
    expect(isOwnOrigin('http://localhost:5174', 'localhost:9191', rule)).toBe(false);
  });
});

describe('isServedHost', () => {
  it('answers IP addresses, localhost and its subdomains, and a request with no Host', () => {
    for (const host of ['127.0.0.1:8080', '10.0.0.5', '[::1]:8080', '[fe80::1]', 'localhost:8080', 'LOCALHOST', 'app.localhost', undefined])
      expect(isServedHost(host, { hosts: [] }), String(host)).toBe(true);
  });

  it('answers the names given, a leading dot meaning the domain and every name under it, in any case', () => {
    const rule = { hosts: ['kiosk.example.org', '.robots.example.net'] };
    for (const host of ['kiosk.example.org:8080', 'KIOSK.example.org', 'robots.example.net', 'a.b.robots.example.net'])
      expect(isServedHost(host, rule), host).toBe(true);
    for (const host of ['evil.example', 'kiosk.example.org.evil.example', 'xkiosk.example.org', 'evilrobots.example.net', 'bad host', ''])
      expect(isServedHost(host, rule), host).toBe(false);
  });

  it("answers the hostnames of the allowed origins, and by default the machine's own name", () => {
    expect(isServedHost('devbox:5173', { hosts: [], allowed: ['http://devbox:5173'] })).toBe(true);
    expect(ownHostNames()).toContain(hostname().toLowerCase());
    expect(isServedHost(`${hostname()}:8080`)).toBe(true);
    expect(isServedHost('evil.example:8080')).toBe(false);
  });
});
