/**
 * The only place that spells a key. See docs/architecture.md, "Key design".
 */
export const keys = {
  userProfile: (uid: string) => ({ pk: `USER#${uid}`, sk: 'PROFILE' }),
  usersByType: (usertype: string, createdAt: string, uid: string) => ({
    gsi1pk: `USERS#${usertype}`,
    gsi1sk: `${createdAt}#${uid}`,
  }),
  usersByTypePk: (usertype: string) => `USERS#${usertype}`,
  fleetDrivers: (fleetUid: string, createdAt: string, uid: string) => ({
    gsi2pk: `FLEET#${fleetUid}`,
    gsi2sk: `${createdAt}#${uid}`,
  }),
  /** Drivers by car type name (gsi3, drivers only): a car type in use cannot be renamed or deleted. */
  driversByCarType: (carType: string, uid: string) => ({ gsi3pk: `DRIVERS#CARTYPE#${carType.trim().toLowerCase()}`, gsi3sk: uid }),
  driversByCarTypePk: (carType: string) => `DRIVERS#CARTYPE#${carType.trim().toLowerCase()}`,
  fleetDriversPk: (fleetUid: string) => `FLEET#${fleetUid}`,
  emailClaim: (email: string) => ({ pk: `EMAIL#${email.trim().toLowerCase()}`, sk: 'CLAIM' }),
  mobileClaim: (e164: string) => ({ pk: `MOBILE#${e164}`, sk: 'CLAIM' }),
  referralClaim: (referralId: string) => ({ pk: `REFERRAL#${referralId.toLowerCase()}`, sk: 'CLAIM' }),
  catalogPk: 'CATALOG',
  carType: (id: string) => ({ pk: 'CATALOG', sk: `CARTYPE#${id}` }),
  carTypePrefix: 'CARTYPE#',
  cancelReason: (n: number) => ({ pk: 'CATALOG', sk: `CANCELREASON#${String(n).padStart(4, '0')}` }),
  cancelReasonPrefix: 'CANCELREASON#',
  /** Version counter of the reason list; sorts after the reasons, so one query reads both. */
  cancelReasonsMeta: () => ({ pk: 'CATALOG', sk: 'CANCELREASON~META' }),
  cancelReasonFamily: 'CANCELREASON',
  carTypeNameClaim: (name: string) => ({ pk: `CARTYPENAME#${name.trim().toLowerCase()}`, sk: 'CLAIM' }),
  promo: (id: string) => ({ pk: 'CATALOG', sk: `PROMO#${id}` }),
  promoPrefix: 'PROMO#',
  promoNameClaim: (name: string) => ({ pk: `PROMONAME#${name.trim().toLowerCase()}`, sk: 'CLAIM' }),
  settingsPk: 'SETTINGS',
  appSettings: () => ({ pk: 'SETTINGS', sk: 'APP' }),
  language: (code: string) => ({ pk: 'SETTINGS', sk: `LANG#${code}` }),
  languagePrefix: 'LANG#',
  provider: (name: string) => ({ pk: 'SETTINGS', sk: `PROVIDER#${name}` }),
  providerPrefix: 'PROVIDER#',
  outboxMessage: (at: string, id: string) => ({ pk: 'OUTBOX', sk: `${at}#${id}` }),
  connection: (id: string) => ({ pk: `CONN#${id}`, sk: 'CONN' }),
  subscription: (topic: string, connectionId: string) => ({ pk: `TOPIC#${topic}`, sk: `CONN#${connectionId}` }),
  topicPk: (topic: string) => `TOPIC#${topic}`,
} as const;
