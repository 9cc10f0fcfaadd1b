import BarChart, { type BarChartProps } from '@cloudscape-design/components/bar-chart';
import { useTranslation } from 'react-i18next';

/** A Cloudscape bar chart of money, with the page's own money format and the shared texts. */
export function MoneyBarChart<X extends string>(props: {
  series: BarChartProps<X>['series'];
  xDomain: X[];
  money: (v: number) => string;
  loading: boolean;
  error: boolean;
  horizontal?: boolean;
  stacked?: boolean;
  ariaLabel: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const status = props.error ? 'error' : props.loading ? 'loading' : 'finished';
  const max = Math.max(1, ...props.series.flatMap((s) => ('data' in s ? s.data.map((d) => Number(d.y)) : [])));
  return (
    <BarChart<X>
      // No month at all: no series, so the chart shows its empty text instead of bare axes.
      series={props.xDomain.length === 0 ? [] : props.series.map((s) => ({ ...s, valueFormatter: ((v: number) => props.money(v)) as never }))}
      xDomain={props.xDomain}
      yDomain={[0, Math.ceil(max * 1.1)]}
      xScaleType="categorical"
      horizontalBars={props.horizontal}
      stackedBars={props.stacked}
      height={props.horizontal ? Math.max(160, props.xDomain.length * 36) : 260}
      statusType={status}
      loadingText={t('earnings_chart_loading')}
      errorText={t('earnings_chart_error')}
      empty={<>{t('earnings_chart_empty')} {t('earnings_chart_empty_when')}</>}
      hideFilter
      ariaLabel={props.ariaLabel}
      yTitle={t('earnings_amount')}
      i18nStrings={{ yTickFormatter: (v) => props.money(v) }}
      data-testid={props.testId}
    />
  );
}
