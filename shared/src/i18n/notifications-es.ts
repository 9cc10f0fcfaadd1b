import type { NOTIFICATIONS, TERMS } from './notifications';

/**
 * The platform's messages in Spanish, by the same kinds and placeholders as the English ones
 * (`notifications.ts`): a phone or a browser set to Spanish shows these. The documents and the
 * trip's parties are masculine in Spanish, which the sentences around them agree with.
 */
export const NOTIFICATIONS_ES: Record<keyof typeof NOTIFICATIONS, { title: string; body: string }> = {
  new_booking: { title: 'Nueva reserva', body: 'Tienes una reserva esperando: {{pickup}} → {{drop}}.' },
  booking_assigned: { title: 'Nueva reserva', body: 'Un administrador te asignó la reserva {{id}}: {{pickup}} → {{drop}}.' },
  booking_cancelled: { title: 'Reserva cancelada', body: 'La reserva {{id}} se canceló: {{reason}}' },
  offer_withdrawn: { title: 'Reserva ya no disponible', body: 'La reserva {{id}} se canceló antes de que alguien la aceptara.' },
  no_driver_found: { title: 'Ningún conductor disponible', body: 'No encontramos conductor para la reserva {{id}}. Vuelve a reservar, por favor.' },
  booking_accepted: { title: 'Conductor en camino', body: '{{driver}} ({{vehicle}}) aceptó la reserva {{id}} y va hacia {{pickup}}.' },
  driver_released: { title: 'Buscando otro conductor', body: 'Tu conductor no pudo llegar a la reserva {{id}}. Estamos buscándote otro.' },
  driver_arrived: { title: 'Tu conductor ha llegado', body: '{{driver}} ha llegado a {{pickup}}.' },
  trip_started: { title: 'Viaje iniciado', body: 'La reserva {{id}} va de camino a {{drop}}.' },
  trip_reached: { title: 'Has llegado', body: 'La reserva {{id}} llegó a {{drop}}. Tarifa: {{fare}}.' },
  payment_due: { title: 'Pago pendiente', body: 'Paga {{fare}} de la reserva {{id}} con Pagar ahora, por favor.' },
  booking_paid: { title: 'Pago recibido', body: 'La reserva {{id}} está pagada: {{fare}} ({{mode}}).' },
  share_credited: { title: 'Viaje pagado', body: 'La reserva {{id}} está pagada ({{mode}}). Tu parte de {{share}} está en tu monedero.' },
  trip_rated: { title: 'Nueva valoración', body: 'El pasajero valoró la reserva {{id}} con {{rating}} de 5.' },
  wallet_credited: { title: 'Monedero abonado', body: 'Un administrador añadió {{amount}} a tu monedero.' },
  trip_cancelled: { title: 'Viaje cancelado', body: 'La reserva {{id}} fue cancelada por el {{by}}: {{reason}}{{fee}}' },
  booking_prepaid: { title: 'Pago recibido', body: 'La reserva {{id}} está pagada ({{fare}}). Estamos buscándote un conductor.' },
  wallet_topped_up: { title: 'Monedero recargado', body: 'Se añadieron {{amount}} a tu monedero.' },
  payment_credited: { title: 'Pago guardado como saldo', body: 'Tu pago de {{amount}} llegó cuando la reserva {{id}} ya no lo necesitaba, así que está en tu monedero.' },
  payment_declined: { title: 'Pago rechazado', body: '{{provider}} rechazó el pago de {{amount}}.' },
  booking_refunded: { title: 'Pago reembolsado', body: 'La reserva {{id}} se canceló; {{amount}} ha vuelto a tu monedero.' },
  withdraw_processed: { title: 'Retiro procesado', body: 'Tu retiro de {{amount}} se ha procesado.' },
  referral_bonus_new: { title: 'Bono de referido', body: 'Tu primer viaje está pagado, así que el bono de referido de {{amount}} se añadió a tu monedero.' },
  chat_message: { title: 'Nuevo mensaje de tu {{from}}', body: '{{message}}' },
  tip_received: { title: 'Recibiste una propina de {{amount}}', body: 'Tu pasajero de la reserva {{id}} añadió una propina de {{amount}}. Es toda tuya y ya está en tu monedero.' },
  document_expiring: { title: 'Tu {{document}} vence en {{days}} días', body: 'Tu {{document}} vence el {{date}}. Sube el renovado en tu perfil para seguir conduciendo.' },
  document_verified: { title: 'Documento verificado', body: 'Tu {{document}} fue verificado.' },
  document_rejected: { title: 'Documento rechazado', body: 'Tu {{document}} fue rechazado: {{reason}}. Vuelve a subirlo en tu perfil.' },
  driver_offline_documents: { title: 'Estás desconectado', body: 'Te desconectamos: tu {{document}} está {{problem}}. Súbelo en tu perfil; podrás conectarte cuando esté verificado.' },
  stop_reached: { title: 'Parada {{stop}} de {{stops}} alcanzada', body: 'La reserva {{id}} llegó a {{address}}. Siguiente: {{next}}.' },
  parcel_delivered: { title: 'Paquete entregado', body: 'La reserva {{id}} se entregó en {{drop}}{{how}}.' },
  parcel_returning: { title: 'El paquete vuelve', body: 'La reserva {{id}} no se pudo entregar ({{reason}}). Va de vuelta a {{pickup}}; la vuelta cuesta {{fare}}.' },
  parcel_returned: { title: 'Paquete devuelto', body: 'La reserva {{id}} ha vuelto a {{pickup}}.' },
  referral_bonus_referrer: { title: 'Bono de referido', body: '{{name}}, que se registró con tu código de referido, ya tiene un viaje pagado, así que se añadieron {{amount}} a tu monedero.' },
};

export const TERMS_ES: Record<keyof typeof TERMS, string> = {
  doc_licence: 'permiso de conducir', doc_insurance: 'seguro', doc_registration: 'permiso de circulación',
  doc_missing: 'sin subir', doc_unverified: 'pendiente de verificación', doc_rejected: 'rechazado', doc_expired: 'vencido',
  party_rider: 'pasajero', party_driver: 'conductor', party_admin: 'administrador', party_operator: 'operador', party_trip: 'viaje',
  pay_cash: 'efectivo', pay_wallet: 'monedero', pay_card: 'tarjeta', pay_prepaid: 'prepagado',
  failure_recipient_absent: 'destinatario ausente', failure_refused: 'rechazado por el destinatario', failure_address_wrong: 'dirección incorrecta', failure_damaged: 'dañado',
  cancel_fee: ' Se aplica una tarifa de cancelación de {{amount}}.',
  delivered_with_code: ' con el código del destinatario',
  delivered_left_with: ', dejado con {{name}}',
};
