import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicSettings } from '../../../shared/src/contract';

interface Network {
  id: 'facebook' | 'twitter' | 'instagram';
  setting: 'FacebookHandle' | 'TwitterHandle' | 'InstagramHandle';
  base: string;
  labelKey: string;
  icon: ReactNode;
}

const svg = (children: ReactNode) => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" style={{ display: 'block' }}>
    {children}
  </svg>
);

const NETWORKS: readonly Network[] = [
  {
    id: 'facebook',
    setting: 'FacebookHandle',
    base: 'https://www.facebook.com/',
    labelKey: 'social_facebook',
    icon: svg(
      <path
        fill="currentColor"
        d="M22 12a10 10 0 1 0-11.56 9.88v-6.99H7.9V12h2.54V9.8c0-2.5 1.49-3.89 3.78-3.89 1.09 0 2.24.2 2.24.2v2.46h-1.26c-1.24 0-1.63.77-1.63 1.56V12h2.78l-.44 2.89h-2.34v6.99A10 10 0 0 0 22 12z"
      />,
    ),
  },
  {
    id: 'twitter',
    setting: 'TwitterHandle',
    base: 'https://twitter.com/',
    labelKey: 'social_twitter',
    icon: svg(
      <path
        fill="currentColor"
        d="M18.24 2.25h3.31l-7.23 8.26 8.5 11.24h-6.66l-5.21-6.82-5.97 6.82H1.67l7.73-8.84L1.25 2.25h6.83l4.71 6.23 5.45-6.23zm-1.16 17.52h1.83L7.08 4.13H5.12l11.96 15.64z"
      />,
    ),
  },
  {
    id: 'instagram',
    setting: 'InstagramHandle',
    base: 'https://www.instagram.com/',
    labelKey: 'social_instagram',
    icon: svg(
      <>
        <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="17.5" cy="6.5" r="1.3" fill="currentColor" />
      </>,
    ),
  },
];

/** A handle ("goride", "@goride") or a full profile URL as an admin may have typed it. */
function profileUrl(base: string, handle: string): string {
  const value = handle.trim();
  if (/^https?:\/\//i.test(value)) return value;
  return base + encodeURIComponent(value.replace(/^@/, ''));
}

/** The networks whose handle is set, in the spec's order. */
export function socialLinks(settings: PublicSettings) {
  return NETWORKS.filter((n) => settings[n.setting].trim() !== '').map((n) => ({
    id: n.id,
    labelKey: n.labelKey,
    icon: n.icon,
    href: profileUrl(n.base, settings[n.setting]),
  }));
}

/** Spec §2: Facebook, Twitter and Instagram links, each only when the settings hold a handle. */
export function SocialLinks({ settings, inverted }: { settings: PublicSettings; inverted?: boolean }) {
  const { t } = useTranslation();
  const links = socialLinks(settings);
  if (links.length === 0) return null;
  return (
    <SpaceBetween direction="horizontal" size="s" alignItems="center">
      {links.map((l) => (
        <Link
          key={l.id}
          href={l.href}
          target="_blank"
          rel="noopener noreferrer"
          color={inverted ? 'inverted' : 'normal'}
          ariaLabel={t(l.labelKey)}
          data-testid={`social-${l.id}`}
        >
          {l.icon}
        </Link>
      ))}
    </SpaceBetween>
  );
}
