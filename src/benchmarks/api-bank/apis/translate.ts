/**
 * Translate calls Google Translate in the official code. Offline, the translations recorded in the
 * dialogues stand in for the service: a call whose (text, source, target) was recorded gets that
 * output; any other call fails as an unreachable service would.
 */
import { respond, text, type ApiDefinition } from '../api-types.ts';
import { PythonError, pythonEquals, pythonItem } from '../python-values.ts';
import { serviceKey } from './information-apis.ts';

/**
 * A subset of googletrans.LANGUAGES in its own order (the official lookup takes the first code whose
 * name is a substring of the requested language, so order matters).
 */
const languages: [string, string][] = [
  ['af', 'afrikaans'],
  ['sq', 'albanian'],
  ['am', 'amharic'],
  ['ar', 'arabic'],
  ['hy', 'armenian'],
  ['az', 'azerbaijani'],
  ['eu', 'basque'],
  ['be', 'belarusian'],
  ['bn', 'bengali'],
  ['bs', 'bosnian'],
  ['bg', 'bulgarian'],
  ['ca', 'catalan'],
  ['zh-cn', 'chinese (simplified)'],
  ['zh-tw', 'chinese (traditional)'],
  ['hr', 'croatian'],
  ['cs', 'czech'],
  ['da', 'danish'],
  ['nl', 'dutch'],
  ['en', 'english'],
  ['eo', 'esperanto'],
  ['et', 'estonian'],
  ['tl', 'filipino'],
  ['fi', 'finnish'],
  ['fr', 'french'],
  ['gl', 'galician'],
  ['ka', 'georgian'],
  ['de', 'german'],
  ['el', 'greek'],
  ['he', 'hebrew'],
  ['hi', 'hindi'],
  ['hu', 'hungarian'],
  ['is', 'icelandic'],
  ['id', 'indonesian'],
  ['ga', 'irish'],
  ['it', 'italian'],
  ['ja', 'japanese'],
  ['ko', 'korean'],
  ['la', 'latin'],
  ['lv', 'latvian'],
  ['lt', 'lithuanian'],
  ['ms', 'malay'],
  ['mt', 'maltese'],
  ['no', 'norwegian'],
  ['fa', 'persian'],
  ['pl', 'polish'],
  ['pt', 'portuguese'],
  ['ro', 'romanian'],
  ['ru', 'russian'],
  ['sr', 'serbian'],
  ['sk', 'slovak'],
  ['sl', 'slovenian'],
  ['es', 'spanish'],
  ['sw', 'swahili'],
  ['sv', 'swedish'],
  ['th', 'thai'],
  ['tr', 'turkish'],
  ['uk', 'ukrainian'],
  ['ur', 'urdu'],
  ['vi', 'vietnamese'],
  ['cy', 'welsh'],
  ['yi', 'yiddish'],
  ['zu', 'zulu'],
];

/** The official detect_language: None → 'en'; 'chinese' variants; exact code or contained name. */
export function languageCode(language: string | null): string {
  if (language === null) return 'en';
  if (language.includes('chinese')) return language.includes('traditional') ? 'zh-tw' : 'zh-cn';
  for (const [code, name] of languages) if (code === language || language.includes(name)) return code;
  throw new PythonError('Language not supported.');
}

/** The recorded-service key of a translation request (source text, source code or null, target code). */
export function translationKey(source: unknown, sourceLanguage: unknown, targetLanguage: unknown): string {
  const sourceCode = sourceLanguage === undefined ? null : languageCode(text(sourceLanguage).toLowerCase());
  const targetCode = languageCode(targetLanguage === undefined ? null : text(targetLanguage).toLowerCase());
  return serviceKey('Translate', [source, sourceCode, targetCode]);
}

export const translate: ApiDefinition = {
  name: 'Translate',
  parameters: { src: 'str', src_lang: 'str', tgt_lang: 'str' },
  required: ['src'],
  call: (values, context) => {
    const { src, ...keywords } = values;
    return respond('Translate', { src, ...keywords }, () => {
      const key = translationKey(src, keywords.src_lang, keywords.tgt_lang);
      if (!context.services.recorded.has(key))
        throw new PythonError('The translation service is not reachable offline and this request was not recorded.');
      return context.services.recorded.get(key);
    });
  },
  check: (response, groundTruth) =>
    response.api_name === pythonItem(groundTruth, 'api_name') &&
    pythonEquals(pythonItem(response.input, 'src'), pythonItem(pythonItem(groundTruth, 'input'), 'src')) &&
    pythonEquals(response.output, pythonItem(groundTruth, 'output')) &&
    pythonEquals(response.exception, pythonItem(groundTruth, 'exception')),
};
