import TopNavigation, { type TopNavigationProps } from '@cloudscape-design/components/top-navigation';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { displayName } from '../auth/display-name';
import { useFollow } from '../components/use-follow';
import { useLanguages } from '../i18n/languages-context';
import { languageLabel } from './language-label';
import { useSettings } from './settings-context';

export const TOP_NAV_ID = 'top-nav';

/** The app name from settings, the language selector and the user menu (or a sign-in button). */
export function TopBar() {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const { user } = useAuth();
  const { languages, current, change } = useLanguages();
  const follow = useFollow();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const utilities: TopNavigationProps.Utility[] = [];
  if (languages.length > 1) {
    utilities.push({
      type: 'menu-dropdown',
      iconName: 'globe',
      text: languages.find((l) => l.code === current)?.name ?? current,
      ariaLabel: languageLabel(t, languages.find((l) => l.code === current)?.name ?? current),
      title: t('language'),
      items: languages.map((l) => ({ id: l.code, text: l.name, lang: l.code, disabled: l.code === current })),
      onItemClick: ({ detail }) => change(detail.id),
    });
  }
  if (user) {
    utilities.push({
      type: 'menu-dropdown',
      iconName: 'user-profile',
      text: displayName(user),
      description: user.email,
      items: [
        { id: 'profile', text: t('menu_profile'), href: '/profile' },
        { id: 'logout', text: t('sign_out'), href: '/logout' },
      ],
      onItemFollow: follow,
    });
  } else if (pathname !== '/login') {
    utilities.push({ type: 'button', text: t('sign_in'), href: '/login', onFollow: follow });
  }

  return (
    <div id={TOP_NAV_ID} style={{ position: 'sticky', top: 0, zIndex: 1002 }}>
      <TopNavigation
        identity={{
          href: '/',
          title: settings.appName,
          onFollow: (e) => {
            e.preventDefault();
            navigate('/');
          },
        }}
        utilities={utilities}
        i18nStrings={{ overflowMenuTriggerText: t('show_more'), overflowMenuTitleText: t('show_more') }}
      />
    </div>
  );
}
