import { HIDDEN_TEXT_KEYS } from '../../../shared/src/domain/demo-mode';

/**
 * A contact detail as the server sent it, in the interface language: the demo-mode masks
 * ('Hidden', 'Hidden for Demo', spec §6) are translated, anything else is shown as it is.
 */
export function contactText(t: (key: string) => string, value: string | undefined): string {
  if (value === undefined) return '';
  const key = HIDDEN_TEXT_KEYS[value];
  return key ? t(key) : value;
}
