import { describe, expect, it } from 'vitest';
import { Bm25Index, bm25Scores } from './bm25.ts';
import { asSearchTool, createRetriever } from './retriever.ts';
import { formatSearchAction, readSearchAction, type SearchAction, textSearchQueries } from './search-syntax.ts';

describe('BM25', () => {
  it('matches the formula on a hand-checked corpus', () => {
    // N = 3; "b" is in one document: idf = ln(2.5) − ln(1.5); avgdl = 2; document 1 has length 2, f = 1.
    const scores = bm25Scores(
      [
        ['a', 'c'],
        ['a', 'b'],
        ['a', 'c'],
      ],
      ['b'],
    );
    const idf = Math.log(2.5) - Math.log(1.5);
    expect(scores[1]).toBeCloseTo((idf * 2.5) / (1 + 1.5), 12);
    expect(scores[0]).toBe(0);
    expect(bm25Scores([], ['a'])).toEqual([]);
  });

  it('gives the same scores from a reused index as from one-off calls', () => {
    const corpus = [['x', 'y', 'y'], ['y'], ['z', 'x']];
    const index = new Bm25Index(corpus);
    for (const query of [['x'], ['y', 'z'], ['w']]) expect(index.scores(query)).toEqual(bm25Scores(corpus, query));
  });
});

describe('retriever', () => {
  const documents = [
    { title: 'Telmor Group', text: 'Telmor Group is a company founded by Ava Quill in 1902.' },
    { title: 'Ava Quill', text: 'Ava Quill was born in Telmor in 1870.' },
    { title: 'Telmor', text: 'Telmor is a city in Vask with a population of 48200.' },
    { title: 'Vask', text: 'Vask is a country. Its capital is Telmor.' },
  ];
  const retriever = createRetriever(documents);

  it('ranks the passage titled by the query first, then others sharing its tokens', () => {
    expect(retriever.search('Telmor', 2).map((result) => result.title)).toEqual(['Telmor', 'Telmor Group']);
    expect(retriever.search('the Ava Quill', 1).map((result) => result.title)).toEqual(['Ava Quill']);
  });

  it('returns nothing for a query without a known token, an empty query or a zero limit', () => {
    expect(retriever.search('Zorbu', 3)).toEqual([]);
    expect(retriever.search('  ', 3)).toEqual([]);
    expect(retriever.search('Telmor', 0)).toEqual([]);
  });

  it('serves as an asynchronous search tool', async () => {
    const results = await asSearchTool(retriever, 1).search('Vask');
    expect(results.map((result) => result.title)).toEqual(['Vask']);
  });
});

describe('search actions', () => {
  const read = (text: string) => readSearchAction({ text });

  it('reads tags, prefixes and tool calls; an answer wins over a search', () => {
    expect(read('<search> Ava Quill </search>')).toEqual({ kind: 'search', query: 'Ava Quill' });
    expect(read('<search>a</search><answer>1870.</answer>')).toEqual({ kind: 'answer', answer: '1870' });
    expect(read('Answer: **Telmor**')).toEqual({ kind: 'answer', answer: 'Telmor' });
    expect(read('search: Vask')).toEqual({ kind: 'search', query: 'Vask' });
    expect(
      readSearchAction({
        text: '',
        toolCalls: [
          { name: 'search', arguments: { query: 'x' } },
          { name: 'final_answer', arguments: { answer: 'Vask' } },
        ],
      }),
    ).toEqual({ kind: 'answer', answer: 'Vask' });
    expect(readSearchAction({ text: '', toolCalls: [{ name: 'search', arguments: { query: 'Vask' } }] })).toEqual({
      kind: 'search',
      query: 'Vask',
    });
  });

  it('finds the queries of a text: tags first, else search lines unless a line answers', () => {
    expect(textSearchQueries('<search>a</search>\nsearch: b')).toEqual(['a']);
    expect(textSearchQueries('search: Vask\nSearch: Telmor')).toEqual(['Vask', 'Telmor']);
    expect(textSearchQueries('search: Vask\nanswer: Telmor')).toEqual([]);
    expect(textSearchQueries('research: x')).toEqual([]);
  });

  it('reads junk and empty queries as no action', () => {
    for (const junk of ['', 'hello', '<search> </search>', 'search:', '{"broken": ', '\u0000'])
      expect(read(junk)).toEqual({ kind: 'none' });
    expect(readSearchAction({ text: '', toolCalls: [{ name: 'search', arguments: { query: 3 } }] })).toEqual({
      kind: 'none',
    });
  });

  it('writes canonical one-line actions that read back as the same action', () => {
    const actions: SearchAction[] = [
      read('<search>a\nb</search>'),
      read('<answer>x</answer>'),
      readSearchAction({ text: '', toolCalls: [{ name: 'final_answer', arguments: { answer: 'a</answer>b' } }] }),
      read('x'.repeat(500).replace(/^/, 'search: ')),
      { kind: 'none' },
    ];
    for (const action of actions) {
      const text = formatSearchAction(action);
      expect(text).not.toContain('\n');
      expect(read(text)).toEqual(action);
    }
  });
});
