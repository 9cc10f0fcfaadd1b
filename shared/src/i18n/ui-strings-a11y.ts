/**
 * Accessibility and wording: the push confirmation as a sentence, reports and lists that say
 * what will show there and when, and headings that keep the spec's words without its capitals;
 * merged into `ui-strings.ts`.
 */
export const a11yStringsEn = {
  // Push confirmation: "Send to all Android riders now?" (who, as a reader would say it).
  send_notification_named: 'Send "{{title}}"',
  send_notification_sentence: 'Send to all {{audience}} now?',
  audience_All_All: 'riders and drivers',
  audience_All_ANDROID: 'Android riders and drivers',
  audience_All_IOS: 'iOS riders and drivers',
  audience_rider_All: 'riders',
  audience_rider_ANDROID: 'Android riders',
  audience_rider_IOS: 'iOS riders',
  audience_driver_All: 'drivers',
  audience_driver_ANDROID: 'Android drivers',
  audience_driver_IOS: 'iOS drivers',
  // The spec's 'No WITHDRAWS available.' in a heading, in sentence case.
  withdraws_empty_heading: 'No withdraws available.',
  withdraws_empty_admin: 'A driver\'s request to be paid out of the wallet shows here as soon as the driver makes it.',
  withdraws_empty_driver: 'Your requests to be paid out of your wallet show here once you make one.',
  // Empty reports: what will show there, and when.
  earning_reports_empty: 'Each month\'s earnings show here once a trip of that month is paid.',
  driver_earnings_empty: 'Each driver\'s earnings show here once one of their trips is paid.',
  earnings_chart_empty_when: 'The bars appear here once a trip is paid.',
} as const;

export const a11yStringsEs: Record<keyof typeof a11yStringsEn, string> = {
  send_notification_named: 'Enviar «{{title}}»',
  send_notification_sentence: '¿Enviar ahora a todos los {{audience}}?',
  audience_All_All: 'pasajeros y conductores',
  audience_All_ANDROID: 'pasajeros y conductores con Android',
  audience_All_IOS: 'pasajeros y conductores con iOS',
  audience_rider_All: 'pasajeros',
  audience_rider_ANDROID: 'pasajeros con Android',
  audience_rider_IOS: 'pasajeros con iOS',
  audience_driver_All: 'conductores',
  audience_driver_ANDROID: 'conductores con Android',
  audience_driver_IOS: 'conductores con iOS',
  withdraws_empty_heading: 'No hay retiros disponibles.',
  withdraws_empty_admin: 'La solicitud de un conductor para cobrar de su monedero aparece aquí en cuanto la hace.',
  withdraws_empty_driver: 'Tus solicitudes para cobrar de tu monedero aparecen aquí cuando hagas una.',
  earning_reports_empty: 'Las ganancias de cada mes aparecen aquí cuando se paga un viaje de ese mes.',
  driver_earnings_empty: 'Las ganancias de cada conductor aparecen aquí cuando se paga uno de sus viajes.',
  earnings_chart_empty_when: 'Las barras aparecen aquí cuando se paga un viaje.',
};
