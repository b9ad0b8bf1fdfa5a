/**
 * Port of BFCL's TravelAPI (travel_booking.py): OAuth-like login, credit cards, flight costs,
 * bookings, invoices, insurance. Random ids and balances come from Python's `random.Random`
 * seeded with `random_seed` (default 141053). Long context adds the credit-card and booking-record
 * extensions at load, and flight-cost queries return the cost of every route.
 */
import { method, methodTable, PythonError, type EnvironmentInstance } from '../environment.ts';
import { deepCopy, lookup, pythonFloat, pythonRepr } from '../python-values.ts';
import { pythonRound } from './math-api.ts';
import { arithmetic, asFloat, toNumber, type PyNumber } from '../python-float.ts';
import { PythonRandom } from '../python-random.ts';
import type { LongContextConstants } from '../long-context.ts';

/** (from, to) → base cost in dollars, in the official dict's order (the long-context list follows it). */
const BASE_COSTS: ReadonlyMap<string, number> = new Map(
  (
    'SFO-LAX:200 SFO-JFK:500 SFO-ORD:400 SFO-BOS:450 SFO-RMS:300 SFO-SBK:350 SFO-MPC:370 SFO-SVP:320 SFO-SHD:330 ' +
    'SFO-SSV:340 SFO-OKD:360 SFO-WLB:310 SFO-CRH:380 SFO-ATV:390 SFO-PHV:420 SFO-GFD:430 SFO-CIA:700 LAX-SFO:100 ' +
    'LAX-JFK:600 LAX-ORD:500 LAX-BOS:550 LAX-RMS:310 LAX-SBK:320 LAX-MPC:330 LAX-SVP:340 LAX-SHD:350 LAX-SSV:360 ' +
    'LAX-OKD:370 LAX-WLB:380 LAX-CRH:390 LAX-ATV:400 LAX-PHV:410 LAX-GFD:420 LAX-HND:430 JFK-ORD:300 JFK-BOS:250 ' +
    'JFK-RMS:450 JFK-SBK:460 JFK-MPC:470 JFK-SVP:480 JFK-SHD:490 JFK-SSV:500 JFK-OKD:510 JFK-WLB:520 JFK-CRH:530 ' +
    'JFK-ATV:540 JFK-PHV:550 JFK-GFD:560 JFK-LAX:570 JFK-HND:800 JFK-PVG:950 JFK-PEK:1000 ORD-LAX:180 ORD-BOS:200 ' +
    'ORD-RMS:350 ORD-SBK:360 ORD-MPC:370 ORD-SVP:380 ORD-SHD:390 ORD-SSV:400 ORD-OKD:410 ORD-WLB:420 ORD-CRH:430 ' +
    'ORD-ATV:440 ORD-PHV:450 ORD-GFD:460 BOS-RMS:400 BOS-SBK:410 BOS-MPC:420 BOS-SVP:430 BOS-SHD:440 BOS-SSV:450 ' +
    'BOS-OKD:460 BOS-WLB:470 BOS-CRH:480 BOS-ATV:490 BOS-PHV:500 BOS-GFD:510 RMS-BOS:200 RMS-JFK:210 RMS-SBK:220 ' +
    'RMS-MPC:230 RMS-SVP:240 RMS-SHD:250 RMS-SSV:260 RMS-OKD:270 RMS-WLB:280 RMS-CRH:290 RMS-ATV:300 RMS-PHV:310 ' +
    'RMS-GFD:320 RMS-LAX:330 SBK-MPC:200 SBK-SVP:210 SBK-SHD:220 SBK-SSV:230 SBK-OKD:240 SBK-WLB:250 SBK-CRH:260 ' +
    'SBK-ATV:270 SBK-PHV:280 SBK-GFD:290 MPC-SVP:210 MPC-SHD:220 MPC-SSV:230 MPC-OKD:240 MPC-WLB:250 MPC-CRH:260 ' +
    'MPC-ATV:270 MPC-PHV:280 MPC-GFD:290 SVP-SHD:230 SVP-SSV:240 SVP-OKD:250 SVP-WLB:260 SVP-CRH:270 SVP-ATV:280 ' +
    'SVP-PHV:290 SVP-GFD:300 SHD-SSV:220 SHD-OKD:230 SHD-WLB:240 SHD-CRH:250 SHD-ATV:260 SHD-PHV:270 SHD-GFD:280 ' +
    'SSV-OKD:240 SSV-WLB:250 SSV-CRH:260 SSV-ATV:270 SSV-PHV:280 SSV-GFD:290 OKD-WLB:230 OKD-CRH:240 OKD-ATV:250 ' +
    'OKD-PHV:260 OKD-GFD:270 WLB-CRH:250 WLB-ATV:260 WLB-PHV:270 WLB-GFD:280 CRH-ATV:240 CRH-PHV:250 CRH-GFD:260 ' +
    'CRH-SFO:270 CRH-RMS:280 CRH-HKG:290 CRH-JFK:300 ATV-PHV:230 ATV-GFD:240 PHV-GFD:220 LHR-CDG:100 OKD-LAX:220'
  )
    .split(' ')
    .map((entry) => {
      const [route, cost] = entry.split(':');
      return [route!, Number(cost)] as const;
    }),
);

const AIRPORTS = [
  'RMS',
  'SBK',
  'MPC',
  'SVP',
  'SHD',
  'CDG',
  'LHR',
  'SSV',
  'OKD',
  'WLB',
  'PEK',
  'HND',
  'HKG',
  'CIA',
  'CRH',
  'ATV',
  'PHV',
  'GFD',
  'SFO',
  'LAX',
  'JFK',
  'ORD',
  'BOS',
];

const NEAREST_AIRPORT: Record<string, string> = {
  Rivermist: 'RMS',
  Stonebrook: 'SBK',
  Maplecrest: 'MPC',
  Silverpine: 'SVP',
  Shadowridge: 'SHD',
  London: 'LHR',
  Paris: 'CDG',
  'Sunset Valley': 'SSV',
  Oakendale: 'OKD',
  Willowbend: 'WLB',
  'Crescent Hollow': 'CRH',
  Autumnville: 'ATV',
  Pinehaven: 'PHV',
  Greenfield: 'GFD',
  'San Francisco': 'SFO',
  'Los Angeles': 'LAX',
  'New York': 'JFK',
  Chicago: 'ORD',
  Boston: 'BOS',
  Beijing: 'PEK',
  'Hong Kong': 'HKG',
  Rome: 'CIA',
  Tokyo: 'HND',
};

/** [base, target, rate]: one US dollar buys `rate` units of the target currency. */
const EXCHANGE_RATES: [string, string, number][] = [
  ['USD', 'RMB', 7],
  ['USD', 'EUR', 0.8],
  ['USD', 'JPY', 110],
  ['USD', 'GBP', 0.7],
  ['USD', 'CAD', 1.3],
  ['USD', 'AUD', 1.4],
  ['USD', 'INR', 70],
  ['USD', 'RUB', 60],
  ['USD', 'BRL', 3.8],
  ['USD', 'MXN', 20],
];

const isValidDate = (text: string): boolean => {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
};

type Card = Record<string, unknown> & { balance?: unknown };
type Booking = Record<string, unknown> & { card_id: string; travel_cost: unknown };

export class TravelApi implements EnvironmentInstance {
  readonly className = 'TravelAPI';
  private readonly random: PythonRandom;
  private readonly attributes: Record<string, unknown>;
  private flightCostLookup: Record<string, { cost: PyNumber }> = {};

  constructor(
    scenario: Record<string, unknown>,
    private readonly longContext: boolean,
    constants: LongContextConstants,
  ) {
    this.random = new PythonRandom((scenario.random_seed as number | undefined) ?? 141053);
    const pick = (key: string, fallback: unknown): unknown => (key in scenario ? scenario[key] : fallback);
    this.attributes = {
      // Maps keep insertion order for integer-like ids (booking ids), as Python dicts do.
      credit_card_list: new Map(Object.entries(pick('credit_card_list', {}) as Record<string, Card>)),
      booking_record: new Map(Object.entries(pick('booking_record', {}) as Record<string, Booking>)),
      access_token: pick('access_token', null),
      token_type: pick('token_type', null),
      token_expires_in: pick('token_expires_in', null),
      token_scope: pick('token_scope', null),
      user_first_name: pick('user_first_name', null),
      user_last_name: pick('user_last_name', null),
      budget_limit: pick('budget_limit', null),
      long_context: longContext,
    };
    if (longContext) {
      for (const [id, card] of Object.entries(constants.CREDIT_CARD_EXTENSION))
        if (!this.cards.has(id)) this.cards.set(id, deepCopy(card));
      for (const [id, booking] of Object.entries(constants.BOOKING_RECORD_EXTENSION))
        if (!this.bookings.has(id)) this.bookings.set(id, deepCopy(booking) as Booking);
    }
  }

  private get cards(): Map<string, Card> {
    return this.attributes.credit_card_list as Map<string, Card>;
  }
  private get bookings(): Map<string, Booking> {
    return this.attributes.booking_record as Map<string, Booking>;
  }
  private card(id: unknown): Card | undefined {
    return typeof id === 'string' ? this.cards.get(id) : undefined;
  }
  private booking(id: unknown): Booking | undefined {
    return typeof id === 'string' ? this.bookings.get(id) : undefined;
  }

  publicState(): Record<string, unknown> {
    return this.attributes;
  }

  /** Token checks shared by most methods: expired (0) or a wrong token. */
  private tokenProblem(accessToken: unknown): string | null {
    if (toNumber(this.attributes.token_expires_in) === 0) return 'Token expired';
    if (accessToken !== this.attributes.access_token) return 'Invalid access token';
    return null;
  }

  /** Costs are float(base · class factor · date multiplier), as in Python. */
  private flightCost(from: string, to: string, date: string, travelClass: string): PyNumber[] {
    const baseCost = BASE_COSTS.get(`${from}-${to}`);
    if (baseCost === undefined) throw new PythonError('No available route for the given airports.');
    const factor = lookup({ economy: 1, business: 2, first: 5 } as Record<string, number>, travelClass);
    if (factor === undefined) throw new PythonError('Invalid travel class. Options are: economy, business, first.');
    const digitSum = [...date]
      .filter((character) => /\d/.test(character))
      .reduce((sum, digit) => sum + Number(digit), 0);
    const multiplier = digitSum % 2 === 0 ? 2 : 1;
    if (!this.longContext) {
      const cost = asFloat(baseCost * factor * multiplier);
      this.flightCostLookup = { [`${from}|${to}|${travelClass}|${date}`]: { cost } };
      return [cost];
    }
    this.flightCostLookup = {};
    const costs: PyNumber[] = [];
    for (const [route, base] of BASE_COSTS) {
      const cost = asFloat(base * factor * multiplier);
      const [routeFrom, routeTo] = route.split('-');
      this.flightCostLookup[`${routeFrom}|${routeTo}|${travelClass}|${date}`] = { cost };
      costs.push(cost);
    }
    return costs;
  }

  readonly methods = methodTable([
    method(
      'authenticate_travel(client_id: str, client_secret: str, refresh_token: str, grant_type: str, ' +
        'user_first_name: str, user_last_name: str)',
      ({ grant_type, user_first_name, user_last_name }) => {
        Object.assign(this.attributes, {
          token_expires_in: 2,
          access_token: String(this.random.randint(100000, 999999)),
          token_type: 'Bearer',
          token_scope: grant_type,
          user_first_name,
          user_last_name,
        });
        return {
          expires_in: 2,
          access_token: this.attributes.access_token,
          token_type: 'Bearer',
          scope: grant_type,
        };
      },
    ),
    method('travel_get_login_status()', () => {
      const expires = this.attributes.token_expires_in;
      return { status: !(expires === null || toNumber(expires) === 0) };
    }),
    method(
      'get_budget_fiscal_year(lastModifiedAfter: Optional[str] = None, includeRemoved: Optional[str] = None)',
      () => ({ budget_fiscal_year: '2018' }),
    ),
    method(
      'register_credit_card(access_token: str, card_number: str, expiration_date: str, cardholder_name: str, ' +
        'card_verification_number: any)',
      ({ access_token, card_number, expiration_date, cardholder_name, card_verification_number }) => {
        if (this.attributes.token_expires_in === null) return { error: 'Token not initialized' };
        const problem = this.tokenProblem(access_token);
        if (problem) return { error: problem };
        // Python tests the card number against the card ids (a bug kept as is).
        if (this.card(card_number)) return { error: 'Card already registered' };
        const cardId = String(this.random.randint(100000000000, 999999999999));
        this.cards.set(cardId, {
          card_number,
          expiration_date,
          cardholder_name,
          card_verification_number,
          balance: this.random.randint(10000, 99999),
        });
        return { card_id: cardId };
      },
    ),
    method(
      'get_flight_cost(travel_from: str, travel_to: str, travel_date: str, travel_class: str)',
      ({ travel_from, travel_to, travel_date, travel_class }) => ({
        travel_cost_list: this.flightCost(
          travel_from as string,
          travel_to as string,
          travel_date as string,
          travel_class as string,
        ),
      }),
    ),
    method('get_credit_card_balance(access_token: str, card_id: str)', ({ access_token, card_id }) => {
      const problem = this.tokenProblem(access_token);
      if (problem) return { error: problem };
      const card = this.card(card_id);
      if (!card)
        return { error: `Card not registered. Here are a list of card_id's: ${pythonRepr([...this.cards.keys()])}` };
      return { card_balance: card.balance };
    }),
    method(
      'book_flight(access_token: str, card_id: str, travel_date: str, travel_from: str, travel_to: str, ' +
        'travel_class: str)',
      (args) => {
        const { access_token, travel_date, travel_from, travel_to, travel_class } = args as Record<string, string>;
        const cardId = args.card_id as string;
        const problem = this.tokenProblem(access_token);
        if (problem) return { booking_status: false, error: problem };
        const card = this.card(cardId);
        if (!card) return { booking_status: false, error: 'Card not registered' };
        if (!('balance' in card)) return { booking_status: false, error: 'Balance not found' };
        if (!AIRPORTS.includes(travel_from!))
          return { booking_status: false, error: `Invalid departure airport code: ${travel_from}` };
        if (!AIRPORTS.includes(travel_to!))
          return { booking_status: false, error: `Invalid destination airport code: ${travel_to}` };
        if (!isValidDate(travel_date!)) return { booking_status: false, error: 'Invalid date format. Use YYYY-MM-DD.' };
        if (!['economy', 'business', 'first'].includes(travel_class!)) {
          return {
            booking_status: false,
            error: "Invalid travel class. Must be one of {'economy', 'business', 'first'}",
          };
        }
        let travelCost: PyNumber;
        try {
          this.flightCost(travel_from!, travel_to!, travel_date!, travel_class!);
          const entry = this.flightCostLookup[`${travel_from}|${travel_to}|${travel_class}|${travel_date}`];
          if (!entry) return { booking_status: false, error: 'No available route for the given parameters' };
          travelCost = entry.cost;
        } catch (error) {
          if (error instanceof PythonError) return { booking_status: false, error: error.message };
          throw error;
        }
        if (toNumber(card.balance) < toNumber(travelCost))
          return { booking_status: false, error: 'Insufficient funds' };
        const budget = this.attributes.budget_limit;
        if (budget !== null && toNumber(card.balance) < toNumber(budget))
          return { booking_status: false, error: 'Balance is less than budget limit' };
        card.balance = arithmetic('-', card.balance, travelCost);
        const bookingId = String(this.random.randint(1000000, 9999999));
        const transactionId = String(this.random.randint(10000000, 99999999));
        this.bookings.set(bookingId, {
          card_id: cardId,
          travel_date,
          travel_from,
          travel_to,
          travel_class,
          travel_cost: travelCost,
          transaction_id: transactionId,
        });
        return {
          booking_id: bookingId,
          transaction_id: transactionId,
          booking_status: true,
          booking_history: this.longContext ? this.bookings : {},
        };
      },
    ),
    method(
      'retrieve_invoice(access_token: str, booking_id: Optional[str] = None, insurance_id: Optional[str] = None)',
      ({ access_token, booking_id }) => {
        const problem = this.tokenProblem(access_token);
        if (problem) return { error: problem };
        const booking = this.booking(booking_id);
        if (!booking) return { error: 'Booking not found' };
        const { travel_date, travel_from, travel_to, travel_class, travel_cost, transaction_id } = booking;
        return {
          invoice: { booking_id, travel_date, travel_from, travel_to, travel_class, travel_cost, transaction_id },
        };
      },
    ),
    method('get_booking_history(access_token: str)', ({ access_token }) => {
      const problem = this.tokenProblem(access_token);
      return problem ? { error: problem } : { booking_history: deepCopy(this.bookings) };
    }),
    method('list_all_airports()', () => [...AIRPORTS]),
    method('cancel_booking(access_token: str, booking_id: str)', ({ access_token, booking_id }) => {
      const problem = this.tokenProblem(access_token);
      if (problem) return { cancel_status: false, error: problem };
      const booking = this.booking(booking_id);
      if (!booking) return { cancel_status: false, error: 'Booking not found' };
      const card = this.card(booking.card_id);
      if (!card) throw new PythonError(pythonRepr(booking.card_id));
      card.balance = arithmetic('+', card.balance, booking.travel_cost);
      this.bookings.delete(booking_id as string);
      return { cancel_status: true };
    }),
    method(
      'compute_exchange_rate(base_currency: str, target_currency: str, value: float)',
      ({ base_currency, target_currency, value }) => {
        for (const [base, target, rate] of EXCHANGE_RATES) {
          if (base_currency === base && target_currency === target)
            return { exchanged_value: asFloat(toNumber(value) * rate) };
          if (base_currency === target && target_currency === base)
            return { exchanged_value: asFloat(pythonRound(toNumber(value) / rate, 2)) };
        }
        throw new PythonError('No available exchange rate for the given currencies.');
      },
    ),
    method(
      'verify_traveler_information(first_name: str, last_name: str, date_of_birth: str, passport_number: str)',
      (args) => {
        const { first_name, last_name, date_of_birth, passport_number } = args as Record<string, string>;
        const expectedFirst = this.attributes.user_first_name;
        const expectedLast = this.attributes.user_last_name;
        if (expectedFirst !== first_name || expectedLast !== last_name) {
          const shown = (value: unknown): string => (value === null ? 'None' : String(value));
          return {
            verification_status: false,
            verification_failure:
              `Cannot book flight information for another user.Expected ` +
              `${shown(expectedFirst)} ${shown(expectedLast)}, got ${first_name} ${last_name}`,
          };
        }
        if (!isValidDate(date_of_birth!))
          return {
            verification_status: false,
            verification_failure: 'Invalid date of birth format. Please use YYYY-MM-DD.',
          };
        const [year, month, day] = date_of_birth!.split('-').map(Number) as [number, number, number];
        const today = new Date();
        const beforeBirthday =
          today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day);
        if (today.getFullYear() - year - (beforeBirthday ? 1 : 0) < 18) {
          return { verification_status: false, verification_failure: 'Traveler must be at least 18 years old.' };
        }
        if (!passport_number!.startsWith('US'))
          return { verification_status: false, verification_failure: 'Passport must be issued by the United States.' };
        return { verification_status: true };
      },
    ),
    method('set_budget_limit(access_token: str, budget_limit: any)', ({ access_token, budget_limit }) => {
      const problem = this.tokenProblem(access_token);
      if (problem) return { error: problem };
      // Python converts with float(), which also accepts numeric strings.
      const limit = asFloat(pythonFloat(budget_limit));
      this.attributes.budget_limit = limit;
      return { budget_limit: limit };
    }),
    method('get_nearest_airport_by_city(location: str)', ({ location }) => ({
      nearest_airport: lookup(NEAREST_AIRPORT, location) ?? 'Unknown',
    })),
    method(
      'purchase_insurance(access_token: str, insurance_type: str, booking_id: str, insurance_cost: float, ' +
        'card_id: str)',
      (args) => {
        const problem = this.tokenProblem(args.access_token);
        if (problem) return { insurance_status: false, error: problem };
        const budget = this.attributes.budget_limit;
        if (budget !== null && toNumber(budget) < toNumber(args.insurance_cost))
          return { insurance_status: false, error: 'Exceeded budget limit' };
        if (!this.booking(args.booking_id)) return { insurance_status: false, error: 'Booking not found' };
        const card = this.card(args.card_id);
        if (!card) return { insurance_status: false, error: 'Credit card not registered' };
        card.balance = arithmetic('-', card.balance, args.insurance_cost);
        return { insurance_id: String(this.random.randint(100000000, 999999999)), insurance_status: true };
      },
    ),
    method('contact_customer_support(booking_id: str, message: str)', ({ booking_id }) =>
      this.booking(booking_id)
        ? {
            customer_support_message:
              'Thank you for contacting customer support. Your message has been received and we will get back to ' +
              'you shortly.',
          }
        : { error: 'Booking not found' },
    ),
    method('get_all_credit_cards()', () => ({ credit_card_list: this.cards })),
  ]);
}
