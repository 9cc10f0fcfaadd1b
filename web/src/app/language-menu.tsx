import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import { useTranslation } from 'react-i18next';
import { useLanguages } from '../i18n/languages-context';
import { languageLabel } from './language-label';

/** The language selector of the public header and its drawer (its own chunk: see public-header). */
export default function LanguageMenu() {
  const { t } = useTranslation();
  const { languages, current, change } = useLanguages();
  const name = languages.find((l) => l.code === current)?.name ?? current;
  return (
    <ButtonDropdown
      ariaLabel={languageLabel(t, name)}
      items={languages.map((l) => ({ id: l.code, text: l.name, lang: l.code, disabled: l.code === current }))}
      onItemClick={({ detail }) => change(detail.id)}
      expandToViewport
    >
      {name}
    </ButtonDropdown>
  );
}
