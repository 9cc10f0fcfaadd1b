import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { ListedUserType, UserProfile } from '../../../../shared/src/contract';
import type { ColumnConfig } from '../../components/collection/column-config';
import { contactText } from '../../components/contact-text';
import { formatMoney } from '../../components/format-money';

export type UserType = z.infer<typeof ListedUserType>;

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export interface ColumnContext {
  t: TFunction;
  locale: string;
  symbol: string;
  /** The operator's time zone: a sign-up date is the operator's calendar day. */
  timeZone: string;
  bankFields: boolean;
  /** Fleet admin uid → display name, for the admin's drivers table. */
  fleetNames?: ReadonlyMap<string, string>;
}

/** A column that is also exported: `text` is the plain value (CSV, sorting, filtering). */
type UserColumn = ColumnConfig<UserProfile> & { text: (u: UserProfile) => string; sortingField?: keyof UserProfile };

export const fullName = (u: Pick<UserProfile, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`.trim();

/** Spec §6: contact details masked by the server in demo mode, shown in the UI language. */
const contact = (t: TFunction, value: string) => contactText(t, value);

/** Spec §2 users tables: the columns of a rider, driver or fleet admin table, the name always shown. */
export function userColumns(usertype: UserType, ctx: ColumnContext): UserColumn[] {
  const { t, locale, symbol } = ctx;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: ctx.timeZone });
  const yesNo = (v: boolean | undefined) => t(v ? 'yes' : 'no');
  const columns: UserColumn[] = [
    { id: 'name', header: t('col_name'), text: fullName, visible: true, isRowHeader: true, alwaysVisible: true },
    { id: 'email', header: t('email'), text: (u) => contact(t, u.email), visible: true, sortingField: 'email' },
    { id: 'mobile', header: t('mobile'), text: (u) => contact(t, u.mobile), visible: true, sortingField: 'mobile' },
    {
      id: 'approved',
      header: t('account_status'),
      text: (u) => t(u.approved ? 'approved' : 'not_approved'),
      cell: (u) =>
        u.approved ? (
          <StatusIndicator type="success">{t('approved')}</StatusIndicator>
        ) : (
          <StatusIndicator type="pending">{t('not_approved')}</StatusIndicator>
        ),
      visible: true,
      sortingField: 'approved',
    },
  ];
  if (usertype === 'driver') {
    columns.push(
      { id: 'carType', header: t('car_type'), text: (u) => u.carType ?? '', visible: true, sortingField: 'carType' },
      { id: 'vehicleNumber', header: t('vehicle_number'), text: (u) => u.vehicleNumber ?? '', visible: true, sortingField: 'vehicleNumber' },
      { id: 'vehicleMake', header: t('vehicle_make'), text: (u) => u.vehicleMake ?? '', visible: false, sortingField: 'vehicleMake' },
      { id: 'vehicleModel', header: t('vehicle_model'), text: (u) => u.vehicleModel ?? '', visible: false, sortingField: 'vehicleModel' },
      {
        id: 'driverActiveStatus',
        header: t('driver_active'),
        text: (u) => yesNo(u.driverActiveStatus),
        visible: false,
        sortingField: 'driverActiveStatus',
      },
    );
    if (ctx.fleetNames) {
      const names = ctx.fleetNames;
      columns.push({
        id: 'fleetadmin',
        header: t('role_fleetadmin'),
        text: (u) => (u.fleetadmin ? (names.get(u.fleetadmin) ?? u.fleetadmin) : ''),
        visible: true,
      });
    }
    if (ctx.bankFields) {
      columns.push(
        { id: 'bankName', header: t('bank_name'), text: (u) => u.bankName ?? '', visible: false, sortingField: 'bankName' },
        { id: 'bankCode', header: t('bank_code'), text: (u) => u.bankCode ?? '', visible: false, sortingField: 'bankCode' },
        { id: 'bankAccount', header: t('bank_account'), text: (u) => u.bankAccount ?? '', visible: false, sortingField: 'bankAccount' },
      );
    }
  }
  columns.push(
    { id: 'referralId', header: t('referral_id'), text: (u) => u.referralId, visible: usertype === 'rider', sortingField: 'referralId' },
    {
      id: 'walletBalance',
      header: t('wallet_balance'),
      text: (u) => formatMoney(u.walletBalance, symbol, locale),
      visible: usertype !== 'fleetadmin',
      sortingField: 'walletBalance',
    },
    {
      id: 'createdAt',
      header: t('created_at'),
      text: (u) => date.format(new Date(u.createdAt)),
      visible: true,
      sortingField: 'createdAt',
    },
  );
  return columns;
}
