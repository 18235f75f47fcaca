import { describe, expect, it } from 'vitest';
import { decideNavigation, isDriverPath, isPublicPath, redirectAfter, returnPath } from './guard.ts';

describe('decideNavigation', () => {
  it('always lets the maintenance page through', () => {
    expect(decideNavigation('/maintenance', false)).toEqual({ action: 'pass' });
    expect(decideNavigation('/maintenance', true)).toEqual({ action: 'pass' });
  });

  it('lets public routes through when logged out', () => {
    for (const path of ['/login', '/motorista', '/reset-password', '/share/abc123']) {
      expect(decideNavigation(path, false)).toEqual({ action: 'pass' });
    }
  });

  it('lets logged-in users through anywhere', () => {
    expect(decideNavigation('/devices', true)).toEqual({ action: 'pass' });
    expect(decideNavigation('/qr-driver', true)).toEqual({ action: 'pass' });
  });

  it('authenticates logged-out users on other routes, with devices except for driver pages', () => {
    expect(decideNavigation('/home', false)).toEqual({ action: 'authenticate', loadDevices: true });
    expect(decideNavigation('/devices', false)).toEqual({ action: 'authenticate', loadDevices: true });
    expect(decideNavigation('/unknown/path', false)).toEqual({ action: 'authenticate', loadDevices: true });
    expect(decideNavigation('/qr-driver', false)).toEqual({ action: 'authenticate', loadDevices: false });
    expect(decideNavigation('/qr-driver/scan/7', false)).toEqual({ action: 'authenticate', loadDevices: false });
  });

  it('does not treat look-alike paths as public', () => {
    expect(isPublicPath('/share')).toBe(false);
    expect(isPublicPath('/share/a/b')).toBe(false);
    expect(isPublicPath('/login/x')).toBe(false);
    expect(isDriverPath('/qr-drivers')).toBe(false);
  });
});

describe('redirectAfter', () => {
  it('stays when authenticated', () => {
    expect(redirectAfter('authenticated', '/devices', '')).toBeNull();
  });

  it('goes to maintenance when the server info fails', () => {
    expect(redirectAfter('server-unavailable', '/devices', '')).toBe('/maintenance');
  });

  it('goes to the login page with the return path when the session check fails', () => {
    expect(redirectAfter('no-session', '/devices', '?expand=true')).toBe('/login?to=%2Fdevices%3Fexpand%3Dtrue');
    expect(redirectAfter('no-session', '/home', '')).toBe('/login?to=%2Fhome');
  });

  it('sends drivers to the driver login', () => {
    expect(redirectAfter('no-session', '/qr-driver/scan/3', '')).toBe('/motorista?to=%2Fqr-driver%2Fscan%2F3');
  });
});

describe('returnPath', () => {
  it('defaults to /home', () => {
    expect(returnPath('')).toBe('/home');
    expect(returnPath('?to=')).toBe('/home');
    // a driver's login lands on the check-in screen unless told otherwise
    expect(returnPath('', '/qr-driver')).toBe('/qr-driver');
    expect(returnPath('?to=%2Fqr-driver%2Fscan%2F3', '/qr-driver')).toBe('/qr-driver/scan/3');
  });

  it('returns the requested path', () => {
    expect(returnPath('?to=%2Fdevices%3Fexpand%3Dtrue')).toBe('/devices?expand=true');
  });

  it('refuses other sites', () => {
    expect(returnPath('?to=https://evil.example')).toBe('/home');
    expect(returnPath('?to=//evil.example')).toBe('/home');
    expect(returnPath('?to=/\\evil.example')).toBe('/home');
  });
});
