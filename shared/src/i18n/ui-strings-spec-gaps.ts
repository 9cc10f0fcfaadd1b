/** Interface texts of the admins' user pickers and the other specification gaps; merged into `ui-strings.ts`. */
export const specGapsStringsEn = {
  user_search_placeholder: 'Type a name or an e-mail address',
  user_search_end: 'All users matching "{{text}}" are shown.',
  login_with_apple: 'Continue with Apple',
  hidden: 'Hidden',
} satisfies Record<string, string>;

export const specGapsStringsEs: Record<keyof typeof specGapsStringsEn, string> = {
  user_search_placeholder: 'Escribe un nombre o una dirección de correo',
  user_search_end: 'Se muestran todos los usuarios que coinciden con «{{text}}».',
  login_with_apple: 'Continuar con Apple',
  hidden: 'Oculto',
};
