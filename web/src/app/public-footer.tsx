import Box from '@cloudscape-design/components/box';
import Link from '@cloudscape-design/components/link';
import { useTranslation } from 'react-i18next';
import { useFollow } from '../components/use-follow';
import { useSettings } from './settings-context';

export const PUBLIC_FOOTER_ID = 'public-footer';

/** Spec §2 footer: Home, My account, About us, Privacy policy, and the company link with the year. */
export function PublicFooter() {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const follow = useFollow();
  const website = settings.CompanyWebsite.trim();
  const links = [
    { key: 'menu_home', href: '/' },
    { key: 'my_account', href: '/bookings' },
    { key: 'about_us', href: '/about-us' },
    { key: 'privacy_policy', href: '/privacy-policy' },
  ];
  return (
    <footer id={PUBLIC_FOOTER_ID} className="public-footer">
      <div className="public-footer__inner">
        <nav aria-label={t('footer_navigation')} className="public-footer__links">
          {links.map((l) => (
            <Link key={l.href} href={l.href} onFollow={follow} color="inverted">
              {t(l.key)}
            </Link>
          ))}
        </nav>
        {website ? (
          <Box color="inherit" fontSize="body-s">
            <Link href={website} external color="inverted" fontSize="body-s" data-testid="company-link">
              {t('footer_company', {
                year: new Date().getFullYear(),
                company: settings.CompanyName.trim() || settings.appName,
              })}
            </Link>
          </Box>
        ) : null}
      </div>
    </footer>
  );
}
