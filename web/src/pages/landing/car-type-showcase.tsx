import Box from '@cloudscape-design/components/box';
import Cards from '@cloudscape-design/components/cards';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarType } from '../../../../shared/src/contract';
import { useApi } from '../../api/api-context';
import { useSettings } from '../../app/settings-context';
import { formatMoney } from '../../components/format-money';
import { useApiQuery } from '../../components/use-api-query';
import { useTopic } from '../../live/use-topic';
import { CarPicture } from '../../components/car-picture';

/**
 * The car types for anyone on the landing page: name, picture, minimum fare and distance rate.
 * Read on every visit; signed-in users also get changes live through the `catalog` topic.
 */
export function CarTypeShowcase() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const load = useCallback((signal: AbortSignal) => api.fetchCarTypes({}, { signal }), [api]);
  const { data, loading, reload } = useApiQuery(load);
  useTopic('catalog', reload);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const money = (n: number) => formatMoney(n, settings.symbol, locale);

  return (
    <section aria-labelledby="car-types-title" data-testid="car-type-showcase">
      <SpaceBetween size="m">
        <div>
          <Box variant="h2" id="car-types-title">
            {t('showcase_title')}
          </Box>
          <Box variant="p" color="text-body-secondary">
            {t('showcase_description')}
          </Box>
        </div>
        <Cards<CarType>
          items={data?.items ?? []}
          loading={loading && !data}
          loadingText={t('loading')}
          trackBy="id"
          cardsPerRow={[{ cards: 1 }, { minWidth: 500, cards: 2 }, { minWidth: 900, cards: 4 }]}
          empty={<Box textAlign="center">{t('no_cars')}</Box>}
          cardDefinition={{
            header: (c) => c.name,
            sections: [
              {
                id: 'details',
                content: (c) => (
                  <SpaceBetween size="s">
                    <CarPicture name={c.name} image={c.image || undefined} height={56} />
                    <ColumnLayout columns={2} variant="text-grid">
                      <div>
                        <Box variant="awsui-key-label">{t('showcase_from')}</Box>
                        <div>{money(c.min_fare)}</div>
                      </div>
                      <div>
                        <Box variant="awsui-key-label">{t(settings.convert_to_mile ? 'col_rate_per_mile' : 'col_rate_per_km')}</Box>
                        <div>{money(c.rate_per_unit_distance)}</div>
                      </div>
                    </ColumnLayout>
                    {c.extra_info ? <Box color="text-body-secondary">{c.extra_info}</Box> : null}
                  </SpaceBetween>
                ),
              },
            ],
          }}
        />
      </SpaceBetween>
    </section>
  );
}
