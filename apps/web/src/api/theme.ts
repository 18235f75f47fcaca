import { queryOptions } from '@tanstack/react-query';
import type { Attributes } from '@rastro/api';
import { getTheme } from './tarkan.ts';
import type { WebConfig } from './webConfig.ts';

/** The theme an administrator set (spec §3 Theme, `/tarkan/theme`), as the app applies it. */
export interface Branding {
  serviceName?: string;
  whatsapp?: string;
  /** Image URL; absent when the logo is text. */
  logo?: string;
  /** The brand as text instead of an image. */
  logoText?: string;
  loginBackground?: string;
  loginBackgroundColor?: string;
  filterColor?: string;
  primaryColor?: string;
  secondaryColor?: string;
  darkPrimaryColor?: string;
  /** `tarkan.logoWidth` set with the logo: the share of the top bar's logo room it fills. */
  logoWidth?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
const color = (value: unknown) => (typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value) ? value : undefined);

export function parseTheme(attributes: Attributes): Branding {
  const textLogo = attributes.logoMode === 'text';
  return {
    serviceName: text(attributes.serviceName),
    whatsapp: text(attributes.whatsapp)?.replace(/\D/g, ''),
    logo: textLogo ? undefined : text(attributes.logo),
    logoText: textLogo ? text(attributes.logoText) : undefined,
    loginBackground: text(attributes.loginBackground),
    loginBackgroundColor: color(attributes.loginBackgroundColor),
    filterColor: color(attributes.filterColor),
    primaryColor: color(attributes.primaryColor),
    secondaryColor: color(attributes.secondaryColor),
    darkPrimaryColor: color(attributes.darkPrimaryColor),
    logoWidth: typeof attributes['tarkan.logoWidth'] === 'number' ? String(attributes['tarkan.logoWidth']) : text(attributes['tarkan.logoWidth']),
  };
}

/** The public theme; an unreachable one leaves the app unbranded rather than broken. */
export const themeQuery = queryOptions({
  queryKey: ['theme'],
  queryFn: async () => parseTheme(await getTheme().catch(() => ({}))),
  staleTime: Infinity,
});

/** config.json branding with the administrator's theme on top. */
export function withBranding(config: WebConfig, branding: Branding): WebConfig {
  return {
    ...config,
    title: branding.logoText ?? branding.serviceName ?? config.title,
    logo: branding.logoText ? undefined : (branding.logo ?? config.logo),
    whatsapp: branding.whatsapp || config.whatsapp,
  };
}
