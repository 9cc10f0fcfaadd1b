import type { TranslationKey } from './keys';

/**
 * Texts of the web interface itself (buttons, titles, table headers, form labels) that are not
 * in the shared catalogue. Spec §8 keys, the §8 fixed strings ('No data available.', 'Language
 * fetch failed', ...), server technical codes and side-menu labels live in `messages.ts`
 * (see `keys.ts`); a key must be in only one of the two files.
 *
 * Keys are snake_case like the spec's. Plurals use i18next suffixes (`_one`, `_other`).
 * Server language packs (getLanguages) may override any of these at runtime.
 */
export const uiStringsEn = {
  // Start-up and generic states
  loading: 'Loading…',
  config_load_failed: 'The app configuration could not be loaded.',
  retry: 'Retry',
  reload: 'Reload',
  dismiss: 'Dismiss',
  unexpected_error_title: 'Something went wrong',
  unexpected_error_message: 'An unexpected error occurred. Reload the page to try again.',
  load_failed: 'Could not load the data',
  request_failed: 'The request failed. Try again later.',

  // Top bar and navigation
  language: 'Language',
  navigation: 'Navigation',
  open_navigation: 'Open navigation',
  close_navigation: 'Close navigation',
  show_more: 'More',
  sign_in: 'Sign in',
  sign_out: 'Sign out',

  // Roles
  role_admin: 'Admin',
  role_fleetadmin: 'Fleet admin',
  role_driver: 'Driver',
  role_rider: 'Rider',
  role_none: 'No role',

  // Landing
  landing_title: 'Welcome to {{appName}}',
  landing_tagline: 'Book a taxi or send a parcel in a few taps.',
  landing_signed_in_as: 'Signed in as {{name}}.',
  go_to_dashboard: 'Go to the dashboard',

  // Sign-in
  sign_in_title: 'Sign in',
  sign_in_description: 'Use the email address and password of your account.',
  email: 'Email',
  email_placeholder: 'name@example.com',
  password: 'Password',
  sign_in_failed: 'Sign-in failed',
  auth_incorrect_credentials: 'Incorrect email or password.',
  auth_password_reset_required: 'You must reset your password before you can sign in.',
  auth_too_many_attempts: 'Too many attempts. Wait a moment and try again.',
  auth_additional_step_required: 'Your account needs a sign-in step this site does not support yet. Contact the administrator.',

  // Dashboard
  dashboard_title: 'Dashboard',
  dashboard_welcome: 'Welcome, {{name}}',
  dashboard_description: 'Earnings and the live map of drivers will appear here.',
  your_account: 'Your account',
  field_name: 'Name',
  field_email: 'Email',
  field_role: 'Role',

  // Car types
  car_types_title: 'Car types',
  car_types_description: 'Every car type with its prices, parcel types and options.',
  col_name: 'Name',
  col_base_fare: 'Base fare',
  col_rate_per_km: 'Rate per km',
  col_rate_per_mile: 'Rate per mile',
  col_rate_per_hour: 'Rate per hour',
  col_min_fare: 'Minimum fare',
  col_convenience_fee: 'Convenience fee',
  col_parcel_types: 'Parcel types',
  col_options: 'Options',
  fee_type_flat: 'flat',
  fee_type_percent: 'percent',
  fee_with_type: '{{amount}} ({{type}})',
  find_car_types: 'Find car types',
  filter_matches_one: '{{count}} match',
  filter_matches_other: '{{count}} matches',
  no_matches: 'No matches',
  no_matches_description: 'Nothing matches the filter.',
  clear_filter: 'Clear filter',

  // Table preferences
  preferences: 'Preferences',
  confirm: 'Confirm',
  cancel: 'Cancel',
  page_size: 'Page size',
  rows_per_page_one: '{{count}} row',
  rows_per_page_other: '{{count}} rows',
  column_preferences: 'Column preferences',
  column_preferences_description: 'Choose which columns to show and in which order.',

  // Not found
  not_found_title: 'Page not found',
  not_found_description: 'The page you are looking for does not exist.',
  go_home: 'Go to the home page',
} satisfies Record<string, string>;

export type UiStringKey = keyof typeof uiStringsEn;

// Compile-time guard: a key in both catalogues would make its text depend on merge order.
true satisfies [Extract<UiStringKey, TranslationKey>] extends [never] ? true : never;

/** Typed against the English keys so a missing Spanish text fails the type check. */
export const uiStringsEs: Record<UiStringKey, string> = {
  loading: 'Cargando…',
  config_load_failed: 'No se pudo cargar la configuración de la aplicación.',
  retry: 'Reintentar',
  reload: 'Recargar',
  dismiss: 'Cerrar',
  unexpected_error_title: 'Algo salió mal',
  unexpected_error_message: 'Se produjo un error inesperado. Recarga la página para volver a intentarlo.',
  load_failed: 'No se pudieron cargar los datos',
  request_failed: 'La solicitud falló. Inténtalo de nuevo más tarde.',

  language: 'Idioma',
  navigation: 'Navegación',
  open_navigation: 'Abrir navegación',
  close_navigation: 'Cerrar navegación',
  show_more: 'Más',
  sign_in: 'Iniciar sesión',
  sign_out: 'Cerrar sesión',

  role_admin: 'Administrador',
  role_fleetadmin: 'Administrador de flota',
  role_driver: 'Conductor',
  role_rider: 'Pasajero',
  role_none: 'Sin rol',

  landing_title: 'Bienvenido a {{appName}}',
  landing_tagline: 'Pide un taxi o envía un paquete en pocos pasos.',
  landing_signed_in_as: 'Sesión iniciada como {{name}}.',
  go_to_dashboard: 'Ir al panel',

  sign_in_title: 'Iniciar sesión',
  sign_in_description: 'Usa el correo electrónico y la contraseña de tu cuenta.',
  email: 'Correo electrónico',
  email_placeholder: 'nombre@ejemplo.com',
  password: 'Contraseña',
  sign_in_failed: 'No se pudo iniciar sesión',
  auth_incorrect_credentials: 'Correo electrónico o contraseña incorrectos.',
  auth_password_reset_required: 'Debes restablecer tu contraseña antes de iniciar sesión.',
  auth_too_many_attempts: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
  auth_additional_step_required: 'Tu cuenta necesita un paso de inicio de sesión que este sitio aún no admite. Contacta con el administrador.',

  dashboard_title: 'Panel',
  dashboard_welcome: 'Hola, {{name}}',
  dashboard_description: 'Aquí aparecerán las ganancias y el mapa en vivo de los conductores.',
  your_account: 'Tu cuenta',
  field_name: 'Nombre',
  field_email: 'Correo electrónico',
  field_role: 'Rol',

  car_types_title: 'Tipos de vehículo',
  car_types_description: 'Todos los tipos de vehículo con sus precios, tipos de paquete y opciones.',
  col_name: 'Nombre',
  col_base_fare: 'Tarifa base',
  col_rate_per_km: 'Tarifa por km',
  col_rate_per_mile: 'Tarifa por milla',
  col_rate_per_hour: 'Tarifa por hora',
  col_min_fare: 'Tarifa mínima',
  col_convenience_fee: 'Cargo por servicio',
  col_parcel_types: 'Tipos de paquete',
  col_options: 'Opciones',
  fee_type_flat: 'fijo',
  fee_type_percent: 'porcentaje',
  fee_with_type: '{{amount}} ({{type}})',
  find_car_types: 'Buscar tipos de vehículo',
  filter_matches_one: '{{count}} coincidencia',
  filter_matches_other: '{{count}} coincidencias',
  no_matches: 'Sin coincidencias',
  no_matches_description: 'Nada coincide con el filtro.',
  clear_filter: 'Borrar filtro',

  preferences: 'Preferencias',
  confirm: 'Confirmar',
  cancel: 'Cancelar',
  page_size: 'Tamaño de página',
  rows_per_page_one: '{{count}} fila',
  rows_per_page_other: '{{count}} filas',
  column_preferences: 'Preferencias de columnas',
  column_preferences_description: 'Elige qué columnas mostrar y en qué orden.',

  not_found_title: 'Página no encontrada',
  not_found_description: 'La página que buscas no existe.',
  go_home: 'Ir a la página de inicio',
};
