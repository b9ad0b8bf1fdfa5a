/**
 * Port of BFCL's TwitterAPI (posting_api.py): tweets keyed by integer id, comments, retweets,
 * follows. Tweets and comments are Maps so that int keys stay ints (a numeric string finds nothing,
 * and the initial config's string-keyed comments stay apart from new int-keyed ones, as in Python).
 */
import { method, methodTable, type EnvironmentInstance } from '../environment.ts';
import { isNumeric, toNumber } from '../python-float.ts';
import { deepCopy, pythonEquals } from '../python-values.ts';

type Tweet = { id: number; username: string; content: string; tags: string[]; mentions: string[] };

export class TwitterApi implements EnvironmentInstance {
  readonly className = 'TwitterAPI';
  private username: string;
  private password: string;
  private authenticated: boolean;
  private tweets: Map<number, Tweet>;
  private comments: Map<unknown, { username: string; content: string }[]>;
  private retweets: Record<string, number[]>;
  private followingList: string[];
  private tweetCounter: number;

  constructor(scenario: Record<string, unknown>) {
    const pick = <T>(key: string, fallback: T): T => (key in scenario ? (scenario[key] as T) : fallback);
    this.username = pick('username', 'john');
    this.password = pick('password', 'john123');
    this.authenticated = pick('authenticated', false);
    this.tweets = new Map(
      Object.entries(pick<Record<string, Tweet>>('tweets', {})).map(([key, tweet]) => [parseInt(key, 10), tweet]),
    );
    this.comments = new Map(
      Object.entries(pick<Record<string, { username: string; content: string }[]>>('comments', {})),
    );
    this.retweets = pick('retweets', {});
    this.followingList = pick('following_list', ['alice', 'bob']);
    this.tweetCounter = pick('tweet_counter', 0);
  }

  publicState(): Record<string, unknown> {
    return {
      username: this.username,
      password: this.password,
      authenticated: this.authenticated,
      tweets: this.tweets,
      comments: this.comments,
      retweets: this.retweets,
      following_list: this.followingList,
      tweet_counter: this.tweetCounter,
    };
  }

  /** Tweet keys are Python ints: only a number (or bool) finds one; a numeric string does not. */
  private hasTweet(id: unknown): boolean {
    return isNumeric(id) && this.tweets.has(toNumber(id));
  }

  readonly methods = methodTable([
    method('authenticate_twitter(username: str, password: str)', ({ username, password }) => {
      if (username === this.username && password === this.password) {
        this.authenticated = true;
        return { authentication_status: true };
      }
      return { authentication_status: false };
    }),
    method('posting_get_login_status()', () => ({ login_status: Boolean(this.authenticated) })),
    method('post_tweet(content: str, tags: list = [], mentions: list = [])', ({ content, tags, mentions }) => {
      if (!this.authenticated) return { error: 'User not authenticated. Please authenticate before posting.' };
      const tweet: Tweet = {
        id: this.tweetCounter,
        username: this.username,
        content: content as string,
        tags: tags as string[],
        mentions: mentions as string[],
      };
      this.tweets.set(this.tweetCounter, tweet);
      this.tweetCounter += 1;
      return tweet;
    }),
    method('retweet(tweet_id: any)', ({ tweet_id }) => {
      if (!this.authenticated) return { error: 'User not authenticated. Please authenticate before retweeting.' };
      if (!this.hasTweet(tweet_id)) return { error: `Tweet with ID ${tweet_id} not found.` };
      const list = this.retweets[this.username] ?? [];
      this.retweets[this.username] = list;
      if (list.some((id) => pythonEquals(id, tweet_id))) return { retweet_status: 'Already retweeted' };
      list.push(tweet_id as number);
      return { retweet_status: 'Successfully retweeted' };
    }),
    method('comment(tweet_id: any, comment_content: str)', ({ tweet_id, comment_content }) => {
      if (!this.authenticated) return { error: 'User not authenticated. Please authenticate before commenting.' };
      if (!this.hasTweet(tweet_id)) return { error: `Tweet with ID ${tweet_id} not found.` };
      const key = toNumber(tweet_id);
      if (!this.comments.has(key)) this.comments.set(key, []);
      this.comments.get(key)!.push({ username: this.username, content: comment_content as string });
      return { comment_status: 'Comment added successfully' };
    }),
    method('mention(tweet_id: any, mentioned_usernames: list)', ({ tweet_id, mentioned_usernames }) => {
      if (!this.hasTweet(tweet_id)) return { error: `Tweet with ID ${tweet_id} not found.` };
      this.tweets.get(toNumber(tweet_id))!.mentions.push(...(mentioned_usernames as string[]));
      return { mention_status: 'Users mentioned successfully' };
    }),
    method('follow_user(username_to_follow: str)', ({ username_to_follow }) => {
      if (!this.authenticated) return { error: 'User not authenticated. Please authenticate before following.' };
      if (this.followingList.includes(username_to_follow as string)) return { follow_status: false };
      this.followingList.push(username_to_follow as string);
      return { follow_status: true };
    }),
    method('list_all_following()', () => {
      if (!this.authenticated)
        return { error: 'User not authenticated. Please authenticate before listing following.' };
      return { following_list: this.followingList };
    }),
    method('unfollow_user(username_to_unfollow: str)', ({ username_to_unfollow }) => {
      if (!this.authenticated) return { error: 'User not authenticated. Please authenticate before unfollowing.' };
      const position = this.followingList.indexOf(username_to_unfollow as string);
      if (position < 0) return { unfollow_status: false };
      this.followingList.splice(position, 1);
      return { unfollow_status: true };
    }),
    method('get_tweet(tweet_id: any)', ({ tweet_id }) =>
      this.hasTweet(tweet_id) ? this.tweets.get(toNumber(tweet_id)) : { error: `Tweet with ID ${tweet_id} not found.` },
    ),
    method('get_user_tweets(username: str)', ({ username }) =>
      [...this.tweets.values()].filter((tweet) => tweet.username === username),
    ),
    method('search_tweets(keyword: str)', ({ keyword }) => {
      const needle = (keyword as string).toLowerCase();
      return [...this.tweets.values()].filter(
        (tweet) =>
          tweet.content.toLowerCase().includes(needle) || tweet.tags.map((tag) => tag.toLowerCase()).includes(needle),
      );
    }),
    method('get_tweet_comments(tweet_id: any)', ({ tweet_id }) => {
      if (!this.hasTweet(tweet_id)) return { error: `Tweet with ID ${tweet_id} not found.` };
      return deepCopy(this.comments.get(toNumber(tweet_id)) ?? []);
    }),
    method('get_user_stats(username: str)', ({ username }) => ({
      tweet_count: [...this.tweets.values()].filter((tweet) => tweet.username === username).length,
      following_count: username === this.username ? this.followingList.length : 0,
      retweet_count: (this.retweets[username as string] ?? []).length,
    })),
  ]);
}
