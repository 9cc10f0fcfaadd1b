import Button from '@cloudscape-design/components/button';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { useFollow } from '../components/use-follow';
import { SMALL_SCREEN, useMediaQuery, useScrolledPast } from '../components/use-media-query';
import { useLanguages } from '../i18n/languages-context';
import { languageLabel } from './language-label';
import { useSettings } from './settings-context';
import { SocialLinks } from './social-links';
import './public-site.css';

export const PUBLIC_HEADER_ID = 'public-header';
/** Spec §9: the header changes colour after a 400 px scroll. */
export const HEADER_SCROLL_THRESHOLD = 400;

/**
 * The language selector and the small-screen drawer are their own chunks: neither is needed for
 * the first paint, and together with Cloudscape's dropdown and side navigation they weigh more
 * than the rest of the header. The selector's stand-in is the same button without its menu.
 */
const LazyLanguageMenu = lazy(() => import('./language-menu'));
const PublicDrawer = lazy(() => import('./public-drawer'));

/** Left links of the public header (also the first entries of the small-screen drawer). */
const LEFT_LINKS = [
  { key: 'menu_home', href: '/' },
  { key: 'about_us', href: '/about-us' },
  { key: 'privacy_policy', href: '/privacy-policy' },
] as const;

/** Spec §2: the /bookings link reads "Login / Sign up" when logged out and "My account" when logged in. */
export function useAccountLinkText(): string {
  const { t } = useTranslation();
  const { user } = useAuth();
  return t(user ? 'my_account' : 'login_signup');
}

/**
 * A header link: a real anchor (open in a new tab works) that navigates in the app on a plain
 * click. Plain anchors rather than Cloudscape links, whose underline and colours are made for
 * body text, not for a bar that switches between dark and light.
 */
function SiteLink({ href, className, current, children }: { href: string; className: string; current?: boolean; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <a
      href={href}
      className={className}
      aria-current={current ? 'page' : undefined}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}

function LanguageMenu() {
  const { t } = useTranslation();
  const { languages, current } = useLanguages();
  if (languages.length < 2) return null;
  // Looks like the selector's closed state, so nothing moves when the menu arrives.
  const name = languages.find((l) => l.code === current)?.name ?? current;
  const fallback = (
    <Button iconName="caret-down-filled" iconAlign="right" ariaLabel={languageLabel(t, name)}>
      {name}
    </Button>
  );
  return (
    <Suspense fallback={fallback}>
      <LazyLanguageMenu />
    </Suspense>
  );
}

/**
 * Spec §2 public header: left and right links, social links, a language selector and, below
 * 768 px, a 240 px drawer with the same content. Dark over the hero, light after 400 px.
 */
export function PublicHeader() {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const follow = useFollow();
  const small = useMediaQuery(SMALL_SCREEN);
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD);
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const accountText = useAccountLinkText();
  const inverted = !scrolled;

  // Following a link in the drawer closes it; so does growing past the breakpoint.
  useEffect(() => setDrawerOpen(false), [pathname, small]);

  return (
    <header
      id={PUBLIC_HEADER_ID}
      className={`public-header ${scrolled ? 'public-header--scrolled' : 'public-header--top'}`}
      data-scrolled={scrolled ? 'true' : 'false'}
    >
      <div className="public-header__bar">
        <SiteLink href="/" className="public-header__brand">
          {settings.appName}
        </SiteLink>
        {small ? (
          <div className="public-header__end">
            <Button
              iconName="menu"
              ariaLabel={t('open_navigation')}
              ariaExpanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            />
          </div>
        ) : (
          <>
            <nav aria-label={t('site_navigation')} className="public-header__links">
              {LEFT_LINKS.map((l) => (
                <SiteLink key={l.href} href={l.href} className="public-header__link" current={pathname === l.href}>
                  {t(l.key)}
                </SiteLink>
              ))}
            </nav>
            <div className="public-header__end">
              <SocialLinks settings={settings} inverted={inverted} />
              <LanguageMenu />
              <Button variant="primary" href="/bookings" onFollow={follow} data-testid="account-link">
                {accountText}
              </Button>
            </div>
          </>
        )}
      </div>
      {small ? (
        <Suspense fallback={null}>
          <PublicDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            links={LEFT_LINKS}
            accountText={accountText}
            languageMenu={<LanguageMenu />}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
