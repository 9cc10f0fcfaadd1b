import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useTranslation } from 'react-i18next';
import { useFollow } from '../../components/use-follow';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const follow = useFollow();
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={t('not_found_description')}
          actions={
            <Button href="/" onFollow={follow}>
              {t('go_home')}
            </Button>
          }
        >
          {t('not_found_title')}
        </Header>
      }
    />
  );
}
