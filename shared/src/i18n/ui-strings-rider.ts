/** Interface texts of the rider's way to a trip (active trip banner, trip list, booking form by mode); merged into `ui-strings.ts`. */
export const riderStringsEn = {
  // The booking form says what is booked: a ride in taxi mode, a parcel in delivery mode.
  rider_book_ride: 'Book a ride',
  rider_send_parcel: 'Send a parcel',
  rider_checking_drivers: 'Looking for drivers near the pickup…',
  rider_drivers_nearby: 'Drivers are available near the pickup.',
  rider_parcel_none: 'None',
  rider_parcel_none_hint: 'Nothing is added to the fare.',
  // The active trip banner on every signed-in page, and /trip without a booking.
  rider_active_trip: 'You have a trip on: {{from}} → {{to}} ({{status}}).',
  rider_active_trips: 'You have {{count}} trips on.',
  rider_active_delivery: 'You have a delivery on: {{from}} → {{to}} ({{status}}).',
  rider_active_deliveries: 'You have {{count}} deliveries on.',
  rider_open_trips: 'See trips',
  rider_trips_title: 'Trips on now',
  rider_trips_description: 'Your trips that are being dispatched or driven. Open one to follow it live.',
  rider_no_trips: 'No trip is on right now.',
  rider_no_trips_hint: 'A trip shows here from the moment it is booked until it ends.',
  rider_no_bookings_hint: 'Bookings you make show here.',
  rider_car_picture: 'Picture of a {{name}}',
} satisfies Record<string, string>;

export const riderStringsEs: Record<keyof typeof riderStringsEn, string> = {
  rider_book_ride: 'Reserva un viaje',
  rider_send_parcel: 'Envía un paquete',
  rider_checking_drivers: 'Buscando conductores cerca del punto de recogida…',
  rider_drivers_nearby: 'Hay conductores disponibles cerca del punto de recogida.',
  rider_parcel_none: 'Ninguno',
  rider_parcel_none_hint: 'No se suma nada a la tarifa.',
  rider_active_trip: 'Tienes un viaje en curso: {{from}} → {{to}} ({{status}}).',
  rider_active_trips: 'Tienes {{count}} viajes en curso.',
  rider_active_delivery: 'Tienes una entrega en curso: {{from}} → {{to}} ({{status}}).',
  rider_active_deliveries: 'Tienes {{count}} entregas en curso.',
  rider_open_trips: 'Ver viajes',
  rider_trips_title: 'Viajes en curso',
  rider_trips_description: 'Tus viajes que se están asignando o recorriendo. Abre uno para seguirlo en directo.',
  rider_no_trips: 'No hay ningún viaje en curso.',
  rider_no_trips_hint: 'Un viaje aparece aquí desde que se reserva hasta que termina.',
  rider_no_bookings_hint: 'Aquí aparecen las reservas que hagas.',
  rider_car_picture: 'Imagen de un {{name}}',
};
