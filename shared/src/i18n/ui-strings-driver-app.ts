/** Interface texts of the installable driver console (location banner); merged into `ui-strings.ts`. */
export const driverAppStringsEn = {
  location_permission_denied: 'Location access is blocked for this site. Allow it in the browser settings to get offers.',
  location_unavailable: 'Your device cannot find your position. Check that location is turned on.',
  location_pings_queued_one: '{{count}} location update is waiting for the network and will be sent when it returns.',
  location_pings_queued_other: '{{count}} location updates are waiting for the network and will be sent when it returns.',
};

export const driverAppStringsEs: Record<keyof typeof driverAppStringsEn, string> = {
  location_permission_denied: 'El acceso a la ubicación está bloqueado para este sitio. Permítelo en los ajustes del navegador para recibir ofertas.',
  location_unavailable: 'Tu dispositivo no encuentra tu posición. Comprueba que la ubicación esté activada.',
  location_pings_queued_one: '{{count}} actualización de ubicación espera la red y se enviará cuando vuelva.',
  location_pings_queued_other: '{{count}} actualizaciones de ubicación esperan la red y se enviarán cuando vuelva.',
};
