/** Ports of the look-up APIs: stocks, history, wiki, search engine, documents, images, speech, date. */
import {
  respond,
  text,
  type ApiContext,
  type ApiDefinition,
  type ApiResponse,
  type RecordedResult,
} from '../api-types.ts';
import { strftime, strptime } from '../python-datetime.ts';
import { PythonError, PythonExceptionValue, pythonEquals, pythonItem, pythonZfill } from '../python-values.ts';
import { bm25Scores } from '../../../domains/search/bm25.ts';

const inputOf = (result: ApiResponse | RecordedResult): Record<string, unknown> =>
  pythonItem(result, 'input') as Record<string, unknown>;
const sameOutputException = (response: ApiResponse, groundTruth: RecordedResult): boolean =>
  pythonEquals(response.output, pythonItem(groundTruth, 'output')) &&
  pythonEquals(response.exception, pythonItem(groundTruth, 'exception'));
const sameInputOutputException = (response: ApiResponse, groundTruth: RecordedResult): boolean =>
  pythonEquals(response.input, pythonItem(groundTruth, 'input')) && sameOutputException(response, groundTruth);

/** Zero-fills a short year when the text has three '-' parts (the official date idiom). */
function fillYear(value: string): string {
  const parts = value.split('-');
  if (parts.length === 3 && parts[0]!.length !== 4) parts[0] = pythonZfill(parts[0]!, 4);
  return parts.join('-');
}

/** QueryStock's format_check: (upper-cased code or None, %Y-%m-%d date or exception object). */
function stockFormat(code: unknown, date: unknown): [string | null, string | PythonExceptionValue] {
  const stock = text(code).toUpperCase().trim();
  const day = fillYear(text(date).trim());
  try {
    return [stock === '' ? null : stock, strftime(strptime(day, '%Y-%m-%d'), '%Y-%m-%d')];
  } catch (error) {
    if (error instanceof PythonError) return [stock === '' ? null : stock, new PythonExceptionValue(error.message)];
    throw error;
  }
}

export const queryStock: ApiDefinition = {
  name: 'QueryStock',
  parameters: { stock_code: 'str', date: 'str' },
  required: ['stock_code', 'date'],
  call: ({ stock_code: stockCode, date }, context) =>
    respond('QueryStock', { stock_code: stockCode, date }, () => {
      const [code, day] = stockFormat(stockCode, date);
      if (code === null) throw new PythonError('The stock code cannot be empty.');
      if (day instanceof PythonExceptionValue) throw new PythonError(day.message);
      const database = context.databases.Stock as Record<string, Record<string, number>>;
      if (!Object.hasOwn(database, code)) throw new PythonError('The stock code does not exist.');
      if (!Object.hasOwn(database[code]!, day))
        throw new PythonError('The stock price of this date is not maintained.');
      return database[code]![day];
    }),
  check: (response, groundTruth) => {
    const responseInput = inputOf(response);
    const groundTruthInput = inputOf(groundTruth);
    const left = stockFormat(pythonItem(responseInput, 'stock_code'), pythonItem(responseInput, 'date'));
    const right = stockFormat(pythonItem(groundTruthInput, 'stock_code'), pythonItem(groundTruthInput, 'date'));
    return (
      pythonEquals(left[0], right[0]) && pythonEquals(left[1], right[1]) && sameOutputException(response, groundTruth)
    );
  },
};

/** QueryHistoryToday's filter_date_format: '%m-%d' from a full or month-day date, else an exception object. */
function historyDate(value: unknown): string | PythonExceptionValue {
  const date = fillYear(text(value).trim());
  try {
    return strftime(strptime(date, '%Y-%m-%d'), '%m-%d');
  } catch {
    try {
      return strftime(strptime(date, '%m-%d'), '%m-%d');
    } catch (error) {
      if (error instanceof PythonError) return new PythonExceptionValue(error.message);
      throw error;
    }
  }
}

export const queryHistoryToday: ApiDefinition = {
  name: 'QueryHistoryToday',
  parameters: { date: 'str' },
  required: ['date'],
  call: ({ date }, context) =>
    respond('QueryHistoryToday', { date }, () => {
      const day = historyDate(date);
      if (day instanceof PythonExceptionValue) throw new PythonError(day.message);
      const database = context.databases.History as Record<string, Record<string, string>[]>;
      if (!Object.hasOwn(database, day)) throw new PythonError('The date is not in the database.');
      return database[day]!.map(
        (item) => `Title: ${item.Title!.trim()}, Date: ${item.Date!.trim()}, Description: ${item.Description!.trim()}`,
      );
    }),
  check: (response, groundTruth) =>
    pythonEquals(
      historyDate(pythonItem(inputOf(response), 'date')),
      historyDate(pythonItem(inputOf(groundTruth), 'date')),
    ) && sameOutputException(response, groundTruth),
};

export const wiki: ApiDefinition = {
  name: 'Wiki',
  parameters: { keyword: 'str' },
  required: ['keyword'],
  call: ({ keyword }, context) =>
    respond('Wiki', { keyword }, () => {
      const key = text(keyword).replaceAll('_', ' ').trim().toLowerCase();
      const database = context.databases.Wiki as Record<string, { url: string; summary: string }>;
      if (!Object.hasOwn(database, key)) throw new PythonError('Keyword not found.');
      return { url: database[key]!.url, summary: database[key]!.summary };
    }),
  check: (response, groundTruth) =>
    response.api_name === pythonItem(groundTruth, 'api_name') && sameOutputException(response, groundTruth),
};

/** nltk's word_tokenize approximated: words, numbers with inner punctuation, and single symbols. */
export function wordTokenize(text: string): string[] {
  return text.match(/[\p{L}\p{N}_]+(?:['.,-][\p{L}\p{N}_]+)*|[^\s\p{L}\p{N}_]/gu) ?? [];
}

export const searchEngine: ApiDefinition = {
  name: 'SearchEngine',
  parameters: { keyword: 'str' },
  required: ['keyword'],
  call: ({ keyword }, context) =>
    respond('SearchEngine', { keyword }, () => {
      const database = context.databases.SearchEngine as {
        raw_documents: unknown[];
        tokenized_documents: string[][];
      };
      const scores = bm25Scores(database.tokenized_documents, wordTokenize(text(keyword).toLowerCase().trim()));
      // np.argsort(-scores)[:2]; ties keep document order here (numpy's quicksort does not promise one).
      const ranking = scores
        .map((score, index) => ({ score, index }))
        .sort((left, right) => right.score - left.score || left.index - right.index);
      return ranking.slice(0, 2).map(({ index }) => database.raw_documents[index]);
    }),
  check: (response, groundTruth) => {
    if (response.api_name !== pythonItem(groundTruth, 'api_name')) return false;
    if (!pythonEquals(response.exception, pythonItem(groundTruth, 'exception'))) return false;
    const sorted = (items: unknown) =>
      Array.isArray(items)
        ? [...items].sort((left, right) => {
            const key = (item: { title: unknown; abstract: unknown }) => `${item.title}${item.abstract}`;
            return key(left) < key(right) ? 1 : key(left) > key(right) ? -1 : 0;
          })
        : items;
    return pythonEquals(sorted(response.output), sorted(pythonItem(groundTruth, 'output')));
  },
};

export const documentQa: ApiDefinition = {
  name: 'DocumentQA',
  parameters: { url: 'str', question: 'str' },
  required: ['url', 'question'],
  call: ({ url, question }, context) =>
    respond('DocumentQA', { url, question }, () => {
      const address = text(url).trim();
      const asked = text(question).trim();
      if (asked === '') throw new PythonError('The question is empty.');
      const database = context.databases.QuestionAnswering as Record<string, Record<string, unknown>>;
      if (!Object.hasOwn(database, address)) throw new PythonError('The document of this url failed to be processed.');
      const answers = database[address]!;
      // `question not in self.database[url]`: the stored value may be a dict (key test) or a list (element test).
      if (Array.isArray(answers)) {
        if (!answers.some((item) => pythonEquals(item, asked))) return 'The question is too difficult to answer.';
        throw new PythonError('list indices must be integers or slices, not str');
      }
      if (!Object.hasOwn(answers, asked)) return 'The question is too difficult to answer.';
      return answers[asked];
    }),
  check: (response, groundTruth) =>
    text(pythonItem(inputOf(response), 'url')).trim() === text(pythonItem(inputOf(groundTruth), 'url')).trim() &&
    text(pythonItem(inputOf(response), 'question')).trim() ===
      text(pythonItem(inputOf(groundTruth), 'question')).trim() &&
    sameOutputException(response, groundTruth),
};

export const imageCaption: ApiDefinition = {
  name: 'ImageCaption',
  parameters: { url: 'str' },
  required: ['url'],
  call: ({ url }, context) =>
    respond('ImageCaption', { url }, () => {
      const address = text(url).trim();
      if (!address.endsWith('.jpg') && !address.endsWith('.jpeg') && !address.endsWith('.png'))
        throw new PythonError('The url should end with .jpg, .jpeg or .png.');
      const found = (context.databases.ImageCaptioning as { url: string; caption: string }[]).find(
        (item) => item.url === address,
      );
      if (!found) throw new PythonError('The image of this url failed to be processed.');
      return found.caption;
    }),
  check: sameInputOutputException,
};

export const speechRecognition: ApiDefinition = {
  name: 'SpeechRecognition',
  parameters: { url: 'str' },
  required: ['url'],
  call: ({ url }, context) =>
    respond('SpeechRecognition', { url }, () => {
      const address = text(url).trim();
      if (!address.endsWith('.wav')) throw new PythonError('The url should end with .wav.');
      const database = context.databases.SpeechRecognition as Record<string, string>;
      if (!Object.hasOwn(database, address)) throw new PythonError('The audio of this url failed to be processed.');
      return database[address];
    }),
  check: sameInputOutputException,
};

export const getToday: ApiDefinition = {
  name: 'GetToday',
  parameters: {},
  required: [],
  call: () => ({ api_name: 'GetToday', input: null, output: '2023-03-31', exception: null }),
  check: (response) => response.output !== null && response.exception === null && response.input === null,
};

/** Dictionary reaches dictionaryapi.dev: here the outputs recorded in the dialogues stand in for it. */
export const dictionary: ApiDefinition = {
  name: 'Dictionary',
  parameters: { keyword: 'str' },
  required: ['keyword'],
  call: ({ keyword }, context: ApiContext) =>
    respond('Dictionary', { keyword }, () => {
      const key = serviceKey('Dictionary', [text(keyword).replaceAll('_', ' ').trim().toLowerCase()]);
      if (!context.services.recorded.has(key)) throw new PythonError('Failed.');
      return structuredClone(context.services.recorded.get(key));
    }),
  check: (response, groundTruth) => response.api_name === 'Dictionary' && sameOutputException(response, groundTruth),
};

/** Key of a recorded service answer (Dictionary, Translate). */
export function serviceKey(api: string, parts: unknown[]): string {
  return JSON.stringify([api, ...parts]);
}
