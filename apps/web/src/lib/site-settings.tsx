import { createContext, use, useEffect, useMemo, type ReactNode } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@mlp/contract/routes';
import { apiRequest } from './api-client.ts';
import { useMaintenanceReported } from './maintenance.ts';
import { FALLBACK_SITE_NAME } from './site-name.ts';

export { FALLBACK_SITE_NAME };

export const siteSettingsKeys = {
  all: ['settings'] as const,
  public: () => [...siteSettingsKeys.all, 'public'] as const,
};

export const publicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: siteSettingsKeys.public(),
    queryFn: ({ signal }) => apiRequest(api.settings.public, { signal }),
    staleTime: 5 * 60_000,
  });

export interface SiteSettingsValue {
  /** Brand title: the configured site name, or the product name while loading or on error. */
  siteName: string;
  siteDescription: string;
  /** The administrator's contact address ('' while loading or on error). */
  contactEmail: string;
  /** Site settings say so, or an API call answered 503. */
  maintenanceMode: boolean;
  registrationEnabled: boolean;
  /**
   * The learning community's discussions are shown (decision 0056). Off until the settings are known, so
   * a discussion never appears and then vanishes (and on error); on when an older server leaves it out.
   */
  communityEnabled: boolean;
}

const SiteSettingsContext = createContext<SiteSettingsValue | null>(null);

export function SiteSettingsProvider({ children }: { children: ReactNode }) {
  const { data } = useQuery(publicSettingsQueryOptions());
  const maintenanceReported = useMaintenanceReported();

  const value = useMemo<SiteSettingsValue>(
    () => ({
      siteName: data?.siteName.trim() || FALLBACK_SITE_NAME,
      siteDescription: data?.siteDescription ?? '',
      contactEmail: data?.contactEmail ?? '',
      maintenanceMode: (data?.maintenanceMode ?? false) || maintenanceReported,
      registrationEnabled: data?.registrationEnabled ?? true,
      // An older server leaves the field out: on, as the contract's default says.
      communityEnabled: data !== undefined && data.communityEnabled !== false,
    }),
    [data, maintenanceReported],
  );

  useMetaDescription(value.siteDescription);

  return <SiteSettingsContext value={value}>{children}</SiteSettingsContext>;
}

/** Decision 0022: the configured Site Description becomes the page's meta description (search results). */
function useMetaDescription(description: string): void {
  useEffect(() => {
    const text = description.trim();
    if (!text) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = text;
  }, [description]);
}

export function useSiteSettings(): SiteSettingsValue {
  const context = use(SiteSettingsContext);
  if (!context) throw new Error('useSiteSettings must be used within a SiteSettingsProvider');
  return context;
}

/**
 * Sets the tab title to '{title} | {site name}', or just the site name when no title is given (home).
 */
export function usePageTitle(title?: string): void {
  const { siteName } = useSiteSettings();
  useEffect(() => {
    document.title = title ? `${title} | ${siteName}` : siteName;
  }, [title, siteName]);
}
