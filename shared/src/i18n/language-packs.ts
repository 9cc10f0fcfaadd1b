import { messagesEn, messagesEs } from './messages';
import { uiStringsEn, uiStringsEs } from './ui-strings';

/**
 * The packs the platform ships with: spec §8 messages plus interface strings. They are stored in
 * the table on first start (getLanguages serves them from there), so an admin can add more.
 */
export const bundledLanguagePacks = [
  { code: 'en', name: 'English', translations: { ...messagesEn, ...uiStringsEn } as Record<string, string> },
  { code: 'es', name: 'Español', translations: { ...messagesEs, ...uiStringsEs } as Record<string, string> },
];
