/**
 * Port of BFCL's TradingBot (trading_bot.py): stocks, orders, watch list, account and transaction
 * history. Long context: stock info returns the MA extensions, order details get metadata, the
 * watch list and transaction history get long extensions, sector lists grow.
 */
import { method, methodTable, PythonError, type EnvironmentInstance } from '../environment.ts';
import { deepCopy, formatFixed2, isDict, lookup, pythonRepr, pythonTypeName } from '../python-values.ts';
import { PythonRandom } from '../python-random.ts';
import { arithmetic, asFloat, isNumeric, PyFloat, toNumber, type PyNumber } from '../python-float.ts';
import type { LongContextConstants } from '../long-context.ts';

type Order = Record<string, unknown> & { status: string; symbol: string };
type Stock = Record<string, unknown>;

const stock = (price: number, percent: number, volume: number, ma5: number, ma20: PyNumber): Stock => ({
  price,
  percent_change: percent,
  volume,
  'MA(5)': ma5,
  'MA(20)': ma20,
});

const DEFAULT_STATE = {
  orders: {
    12345: { id: 12345, order_type: 'Buy', symbol: 'AAPL', price: 210.65, amount: 10, status: 'Completed' },
    12446: { id: 12446, order_type: 'Sell', symbol: 'GOOG', price: 2840.56, amount: 5, status: 'Pending' },
  } as Record<string, Order>,
  account_info: { account_id: 12345, balance: new PyFloat(10000), binding_card: 1974202140965533 } as Record<
    string,
    unknown
  >,
  stocks: {
    AAPL: stock(227.16, 0.17, 2.552, 227.11, 227.09),
    GOOG: stock(2840.34, 0.24, 1.123, 2835.67, 2842.15),
    TSLA: stock(667.92, -0.12, 1.654, 671.15, 668.2),
    MSFT: stock(310.23, 0.09, 3.234, 309.88, 310.11),
    NVDA: stock(220.34, 0.34, 1.234, 220.45, 220.67),
    ALPH: stock(1320.45, -0.08, 1.567, 1321.12, 1325.78),
    OMEG: stock(457.23, 0.12, 2.345, 456.78, 458.12),
    QUAS: stock(725.89, -0.03, 1.789, 726.45, new PyFloat(728)),
    NEPT: stock(88.34, 0.19, 0.654, 88.21, 88.67),
    SYNX: stock(345.67, 0.11, 2.112, 345.34, 346.12),
    ZETA: stock(22.09, -0.05, 0.789, 22.12, 22.34),
  } as Record<string, Stock>,
};

const SYMBOLS: Record<string, string> = {
  Apple: 'AAPL',
  Google: 'GOOG',
  Tesla: 'TSLA',
  Microsoft: 'MSFT',
  Nvidia: 'NVDA',
  'Zeta Corp': 'ZETA',
  'Alpha Tech': 'ALPH',
  'Omega Industries': 'OMEG',
  'Quasar Ltd.': 'QUAS',
  'Neptune Systems': 'NEPT',
  'Synex Solutions': 'SYNX',
  Amazon: 'AMZN',
  Gorilla: 'GORI',
};

/** 2024-09-01 10:30:00, the class's fixed "now", in seconds (wall-clock arithmetic, no time zone). */
const CURRENT_TIME_SECONDS = Date.UTC(2024, 8, 1, 10, 30) / 1000;

/**
 * Python `datetime.strptime` for "%Y-%m-%d" (and "%Y-%m-%d %H:%M:%S" with `withTime`) → milliseconds
 * of that wall-clock time; throws Python's ValueError text on a mismatch.
 */
function parseDateTime(text: unknown, withTime: boolean): number {
  const format = withTime ? '%Y-%m-%d %H:%M:%S' : '%Y-%m-%d';
  const pattern = withTime
    ? /^(\d{4})-(\d{1,2})-(\d{1,2}) (\d{1,2}):(\d{1,2}):(\d{1,2})$/
    : /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
  const match = typeof text === 'string' ? pattern.exec(text) : null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match ? match.slice(1).map(Number) : [];
  const time = match ? Date.UTC(year!, month! - 1, day!, hour, minute, second) : NaN;
  const date = new Date(time);
  if (
    !match ||
    date.getUTCMonth() !== month! - 1 ||
    date.getUTCDate() !== day! ||
    hour > 23 ||
    minute > 59 ||
    second > 61
  ) {
    if (typeof text !== 'string')
      throw new PythonError(`strptime() argument 1 must be str, not ${pythonTypeName(text)}`);
    throw new PythonError(`time data ${pythonRepr(text)} does not match format '${format}'`);
  }
  return time;
}

export class TradingBot implements EnvironmentInstance {
  readonly className = 'TradingBot';
  /**
   * Keys that are all digits become ints, as the official loader converts them (a Map keeps them ints, in insertion
   * order).
   */
  private orders: Map<number | string, Order>;
  private accountInfo: Record<string, unknown>;
  private authenticated: boolean;
  private marketStatus: string;
  private orderCounter: number;
  private stocks: Record<string, Stock>;
  private watchList: string[];
  private transactionHistory: Record<string, unknown>[];
  private readonly random: PythonRandom;

  constructor(
    scenario: Record<string, unknown>,
    private readonly longContext: boolean,
    private readonly constants: LongContextConstants,
  ) {
    const defaults = deepCopy(DEFAULT_STATE);
    const pick = <T>(key: string, fallback: T): T => (key in scenario ? (scenario[key] as T) : fallback);
    this.orders = new Map(
      Object.entries(pick<Record<string, Order>>('orders', defaults.orders)).map(([key, order]) => [
        /^\d+$/.test(key) ? Number(key) : key,
        order,
      ]),
    );
    this.accountInfo = pick('account_info', defaults.account_info);
    this.authenticated = pick('authenticated', false);
    this.marketStatus = pick('market_status', 'Closed');
    this.orderCounter = pick('order_counter', 12446);
    this.stocks = pick('stocks', defaults.stocks);
    this.watchList = pick('watch_list', ['NVDA']);
    this.transactionHistory = pick('transaction_history', []);
    this.random = new PythonRandom(pick('random_seed', 1053520));
  }

  publicState(): Record<string, unknown> {
    return {
      orders: this.orders,
      account_info: this.accountInfo,
      authenticated: this.authenticated,
      market_status: this.marketStatus,
      order_counter: this.orderCounter,
      stocks: this.stocks,
      watch_list: this.watchList,
      transaction_history: this.transactionHistory,
      long_context: this.longContext,
    };
  }

  /** Python dict lookup: an int finds an int key, a string finds only a (non-digit) string key. */
  private findOrder(id: unknown): Order | undefined {
    if (isNumeric(id)) return this.orders.get(toNumber(id));
    return typeof id === 'string' ? this.orders.get(id) : undefined;
  }

  private transactionTimestamp(): string {
    const seconds = this.random.randint(CURRENT_TIME_SECONDS, CURRENT_TIME_SECONDS + 86400);
    return new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
  }

  private requireLogin(action: string): { error: string } | null {
    return this.authenticated ? null : { error: `User not authenticated. Please log in to ${action}.` };
  }

  readonly methods = methodTable([
    method('get_current_time()', () => ({ current_time: '10:30 AM' })),
    method('get_symbol_by_name(name: str)', ({ name }) => ({ symbol: lookup(SYMBOLS, name) ?? 'Stock not found' })),
    method('get_stock_info(symbol: str)', ({ symbol }) => {
      const info = lookup(this.stocks, symbol);
      if (!info) return { error: `Stock with symbol '${symbol}' not found.` };
      if (this.longContext)
        return { ...info, 'MA(5)': this.constants.MA_5_EXTENSION, 'MA(20)': this.constants.MA_20_EXTENSION };
      return info;
    }),
    method('get_order_details(order_id: any)', ({ order_id }) => {
      const order = this.findOrder(order_id);
      if (!order) {
        return {
          error:
            `Order with ID ${order_id} not found.Here is the list of orders_id: ` +
            `${pythonRepr([...this.orders.keys()])}`,
        };
      }
      if (!this.longContext) return order;
      const metadata: Record<string, string> = {};
      for (const [key, template] of Object.entries(this.constants.ORDER_DETAIL_EXTENSION)) {
        metadata[key] = template.replaceAll('{symbol}', order.symbol).replaceAll('{{', '{').replaceAll('}}', '}');
      }
      return { ...order, metadata };
    }),
    method('cancel_order(order_id: any)', ({ order_id }) => {
      const order = this.findOrder(order_id);
      if (!order) return { error: `Order with ID ${order_id} not found.` };
      if (order.status === 'Completed') return { error: `Can't cancel order ${order_id}. Order is already completed.` };
      order.status = 'Cancelled';
      return { order_id, status: 'Cancelled' };
    }),
    method(
      'place_order(order_type: str, symbol: str, price: float, amount: int)',
      ({ order_type, symbol, price, amount }) => {
        const denied = this.requireLogin('place an order');
        if (denied) return denied;
        if (!Object.hasOwn(this.stocks, symbol as string)) return { error: `Invalid stock symbol: ${symbol}` };
        if (toNumber(price) <= 0 || toNumber(amount) <= 0)
          return { error: 'Price and amount must be positive values.' };
        if ((order_type as string).toLowerCase() === 'buy') {
          const totalCost = toNumber(price) * Math.trunc(toNumber(amount));
          const balance = toNumber(this.accountInfo.balance ?? 0);
          if (totalCost > balance) {
            return {
              error:
                `Insufficient funds: required $${formatFixed2(totalCost)} but only ` +
                `$${formatFixed2(balance)} available.`,
            };
          }
        }
        const unitPrice = asFloat(toNumber(price));
        const orderId = this.orderCounter;
        this.orders.set(orderId, {
          id: orderId,
          order_type,
          symbol: symbol as string,
          price: unitPrice,
          amount,
          status: 'Open',
        });
        this.orderCounter += 1;
        return { order_id: orderId, order_type, status: 'Pending', price: unitPrice, amount };
      },
    ),
    method('withdraw_funds(amount: float)', ({ amount }) => {
      const denied = this.requireLogin('make a transaction');
      if (denied) return denied;
      if (this.marketStatus !== 'Open') return { error: 'Market is closed. Transactions are not allowed.' };
      if (toNumber(amount) <= 0) return { error: 'Transaction amount must be positive.' };
      if (toNumber(amount) > toNumber(this.accountInfo.balance)) return { error: 'Insufficient funds for withdrawal.' };
      this.accountInfo.balance = arithmetic('-', this.accountInfo.balance, amount);
      this.transactionHistory.push({ type: 'withdrawal', amount, timestamp: this.transactionTimestamp() });
      return { status: 'Withdrawal successful', new_balance: this.accountInfo.balance };
    }),
    method('get_account_info()', () => this.requireLogin('view account information') ?? this.accountInfo),
    method('trading_login(username: str, password: str)', () => {
      if (this.authenticated) return { status: 'Already logged in' };
      this.authenticated = true;
      return { status: 'Logged in successfully' };
    }),
    method('trading_get_login_status()', () => ({ status: Boolean(this.authenticated) })),
    method('trading_logout()', () => {
      if (!this.authenticated) return { status: 'No user is currently logged in' };
      this.authenticated = false;
      return { status: 'Logged out successfully' };
    }),
    method('fund_account(amount: float)', ({ amount }) => {
      const denied = this.requireLogin('fund the account');
      if (denied) return denied;
      if (toNumber(amount) <= 0) return { error: 'Funding amount must be positive.' };
      this.accountInfo.balance = arithmetic('+', this.accountInfo.balance, amount);
      this.transactionHistory.push({ type: 'deposit', amount, timestamp: this.transactionTimestamp() });
      return { status: 'Account funded successfully', new_balance: this.accountInfo.balance };
    }),
    method('remove_stock_from_watchlist(symbol: str)', ({ symbol }) => {
      const denied = this.requireLogin('modify the watchlist');
      if (denied) return denied;
      const position = this.watchList.indexOf(symbol as string);
      if (position < 0) return { error: `Stock ${symbol} not found in watchlist.` };
      this.watchList.splice(position, 1);
      return { status: `Stock ${symbol} removed from watchlist successfully.` };
    }),
    method('get_watchlist()', () => {
      if (!this.authenticated) return ['Error: User not authenticated. Please log in to view the watchlist.'];
      if (this.longContext) return [...this.watchList, ...this.constants.WATCH_LIST_EXTENSION];
      return { watchlist: this.watchList };
    }),
    method('get_order_history()', () => {
      if (!this.authenticated) return [{ error: 'User not authenticated. Please log in to view order history.' }];
      return { history: [...this.orders.keys()] };
    }),
    method(
      'get_transaction_history(start_date: Optional[str] = None, end_date: Optional[str] = None)',
      ({ start_date, end_date }) => {
        if (!this.authenticated)
          return [{ error: 'User not authenticated. Please log in to view transaction history.' }];
        const start = start_date ? parseDateTime(start_date, false) : -Infinity;
        const end = end_date ? parseDateTime(end_date, false) : Infinity;
        const history: unknown[] = this.transactionHistory.filter((transaction) => {
          if (!('timestamp' in transaction)) throw new PythonError("'timestamp'");
          const timestamp = parseDateTime(transaction.timestamp, true);
          return start <= timestamp && timestamp <= end;
        });
        if (this.longContext) history.push(...this.constants.TRANSACTION_HISTORY_EXTENSION);
        return { transaction_history: history };
      },
    ),
    method('get_available_stocks(sector: str)', ({ sector }) => {
      const sectors: Record<string, string[]> = {
        Technology: ['AAPL', 'GOOG', 'MSFT', 'NVDA'],
        Automobile: ['TSLA', 'F', 'GM'],
      };
      if (this.longContext) {
        sectors.Technology!.push(...this.constants.TECHNOLOGY_EXTENSION);
        sectors.Automobile!.push(...this.constants.AUTOMOBILE_EXTENSION);
      }
      return { stock_list: lookup(sectors, sector) ?? [] };
    }),
    method(
      'filter_stocks_by_price(stocks: list, min_price: float, max_price: float)',
      ({ stocks, min_price, max_price }) => {
        const priceOf = (symbol: unknown): number => {
          const entry =
            typeof symbol === 'string' && Object.hasOwn(this.stocks, symbol) ? this.stocks[symbol] : undefined;
          return isDict(entry) && isNumeric(entry.price) ? toNumber(entry.price) : 0;
        };
        return {
          filtered_stocks: (stocks as unknown[]).filter(
            (symbol) => priceOf(symbol) >= toNumber(min_price) && priceOf(symbol) <= toNumber(max_price),
          ),
        };
      },
    ),
    method('add_to_watchlist(stock: str)', ({ stock: symbol }) => {
      if (!this.watchList.includes(symbol as string) && Object.hasOwn(this.stocks, symbol as string))
        this.watchList.push(symbol as string);
      return { watchlist: this.watchList };
    }),
    method('notify_price_change(stocks: list, threshold: float)', ({ stocks, threshold }) => {
      const changed = (stocks as string[]).filter(
        (symbol) =>
          Object.hasOwn(this.stocks, symbol) &&
          Math.abs(toNumber(this.stocks[symbol]!.percent_change)) >= toNumber(threshold),
      );
      return changed.length > 0
        ? { notification: `Stocks ${changed.join(', ')} have significant price changes.` }
        : { notification: 'No significant price changes in the selected stocks.' };
    }),
  ]);
}
