/** Interface texts of the operator's clock (the settings' time zone and where it shows); merged into `ui-strings.ts`. */
export const operatorClockStringsEn = {
  clock_zone_label: 'Time zone',
  clock_zone_hint: 'The operator\'s clock: "today", months, reports, booking dates and Book Later times use it. Trips already counted keep the day they were counted under.',
  clock_zone_filter: 'Find a time zone',
  clock_zone_empty: 'No time zone matches',
  clock_times_in: 'Times are in {{zone}}.',
  clock_today_of: 'Today, {{date}}',
} as const;

export const operatorClockStringsEs: Record<keyof typeof operatorClockStringsEn, string> = {
  clock_zone_label: 'Zona horaria',
  clock_zone_hint: 'El reloj del operador: «hoy», los meses, los informes, las fechas de las reservas y las horas de Reservar más tarde la usan. Los viajes ya contados conservan el día en que se contaron.',
  clock_zone_filter: 'Buscar una zona horaria',
  clock_zone_empty: 'Ninguna zona horaria coincide',
  clock_times_in: 'Las horas están en {{zone}}.',
  clock_today_of: 'Hoy, {{date}}',
};
