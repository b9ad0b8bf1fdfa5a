import { describe, expect, it } from 'vitest';
import { decimalSquareRoot, mpmathLogarithm } from './environments/math-api.ts';
import { EnvironmentSet } from './executor.ts';
import { PyFloat } from './python-float.ts';
import type { LongContextConstants } from './long-context.ts';
import { parsePythonCallList, type PythonCall } from './python-call-parser.ts';

/** Small stand-ins for the long-context constants, so these tests run without the shared data. */
const constants: LongContextConstants = {
  WATCH_LIST_EXTENSION: ['XTRA'],
  TRANSACTION_HISTORY_EXTENSION: [{ type: 'deposit', amount: 1 }],
  MA_5_EXTENSION: [1],
  MA_20_EXTENSION: [2],
  TECHNOLOGY_EXTENSION: ['TECH'],
  AUTOMOBILE_EXTENSION: ['AUTO'],
  ORDER_DETAIL_EXTENSION: { note: 'about {symbol}' },
  FILE_CONTENT_EXTENSION: ' EXT',
  POPULATE_FILE_EXTENSION: ['filler.jpg'],
  CAR_STATUS_METADATA_EXTENSION: 'META',
  LONG_WEATHER_EXTENSION: { '-1_day': { humidity: 75 } },
  PARKING_BRAKE_INSTRUCTION: 'MANUAL',
  INTERMEDIARY_CITIES: ['Midway'],
  CREDIT_CARD_EXTENSION: { '1111222233334444': { card_number: '1111222233334444', balance: 50 } },
  BOOKING_RECORD_EXTENSION: { booking_901: { card_id: '1111222233334444', travel_cost: new PyFloat(400) } },
  FILES_TAIL_USED: ['log.txt'],
};

const calls = (text: string): PythonCall[] => {
  const parsed = parsePythonCallList(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.calls;
};

const fileTree = {
  GorillaFileSystem: {
    root: {
      alex: {
        type: 'directory',
        contents: {
          workspace: {
            type: 'directory',
            contents: {
              'log.txt': { type: 'file', content: 'b line\na Error line\nc line' },
              'notes.txt': { type: 'file', content: 'hello' },
              archive: { type: 'directory', contents: {} },
            },
          },
        },
      },
    },
  },
};

describe('GorillaFileSystem port', () => {
  it(
    'loads the tree with long-context extensions: extra content except for tail files, fillers in leaf ' + 'folders',
    () => {
      const files = new EnvironmentSet(fileTree, ['GorillaFileSystem'], true, constants);
      expect(
        files.execute(
          calls(
            "[cd(folder='workspace'), cat(file_name='notes.txt'), cat(file_name='log.txt'), ls(), " +
              "cd(folder='archive'), ls()]",
          ),
        ),
      ).toEqual([
        '{"current_working_directory": "workspace"}',
        '{"file_content": "hello EXT"}',
        '{"file_content": "b line\\na Error line\\nc line"}',
        '{"current_directory_content": ["log.txt", "notes.txt", "archive"]}',
        '{"current_working_directory": "archive"}',
        '{"current_directory_content": ["filler.jpg"]}',
      ]);
    },
  );

  it('runs shell-like commands with the official results and errors', () => {
    const files = new EnvironmentSet(fileTree, ['GorillaFileSystem'], false, constants);
    expect(
      files.execute(
        calls(
          "[pwd(), cd(folder='workspace/archive'), cd(folder='workspace'), grep(file_name='log.txt', " +
            "pattern='Error'), sort(file_name='log.txt'), tail(file_name='log.txt', lines=0), " +
            "tail(file_name='log.txt', lines=2), wc(file_name='log.txt', mode='w'), mv(source='log.txt', " +
            "destination='archive'), mv(source='nope', destination='x'), cd(folder='..'), cd(folder='..'), " +
            "find(path='.', name='log')]",
        ),
      ),
    ).toEqual([
      '{"current_working_directory": "/alex"}',
      '{"error": "cd: workspace/archive: Unsupported path. Only one folder level at a time is supported."}',
      '{"current_working_directory": "workspace"}',
      '{"matching_lines": ["a Error line"]}',
      '{"sorted_content": "a Error line\\nb line\\nc line"}',
      '{"last_lines": "b line\\na Error line\\nc line"}',
      '{"last_lines": "a Error line\\nc line"}',
      '{"count": 7, "type": "words"}',
      `{"result": "'log.txt' moved to 'archive/log.txt'"}`,
      `{"error": "mv: cannot move 'nope': No such file or directory"}`,
      '{}',
      '{"error": "Current directory is already the root. Cannot go back."}',
      '{"matches": ["./workspace/archive/log.txt"]}',
    ]);
  });

  it('reports unknown functions, bad arguments and forbidden names as execution errors', () => {
    const files = new EnvironmentSet(fileTree, ['GorillaFileSystem'], false, constants);
    expect(files.execute(calls("[rmrf(path='/'), cd(dir='x'), cd(), kill(pid=1)]"))).toEqual([
      "Error during execution: name 'rmrf' is not defined",
      "Error during execution: GorillaFileSystem.cd() got an unexpected keyword argument 'dir'",
      "Error during execution: GorillaFileSystem.cd() missing 1 required positional argument: 'folder'",
      'Error during execution: Function call kill is not allowed.',
    ]);
    // Python fails comparing '2' > 3 inside tail; the port fails at the argument (the message text differs).
    const [, typeVariant] = files.execute(calls("[cd(folder='workspace'), tail(file_name='log.txt', lines='2')]"));
    expect(typeVariant).toMatch(/^Error during execution: /);
  });
});

// The expected strings of these tests were checked against the official Python classes (upstream commit 6ea5797).
describe('stateful API ports', () => {
  it('MessageAPI draws message ids from the seeded Python generator', () => {
    const messages = new EnvironmentSet({ MessageAPI: {} }, ['MessageAPI'], true, constants);
    const [login, sent] = messages.execute(
      calls("[message_login(user_id='USR001'), send_message(receiver_id='USR002', message='hi')]"),
    );
    expect(login).toBe(`{"login_status": true, "message": "User 'USR001' logged in successfully."}`);
    // random.Random(200191).randint(10000, 99999) == 67410 in CPython.
    expect(sent).toBe(
      `{"sent_status": true, "message_id": {"new_id": 67410}, "message": "Message sent to 'USR002' successfully."}`,
    );
  });

  it('TradingBot applies long-context extensions to results, not to state', () => {
    const trading = new EnvironmentSet({ TradingBot: { authenticated: true } }, ['TradingBot'], true, constants);
    expect(
      trading.execute(
        calls(
          "[get_watchlist(), get_order_details(order_id=12345), get_order_details(order_id='12345'), " +
            'cancel_order(order_id=12446)]',
        ),
      ),
    ).toEqual([
      "['NVDA', 'XTRA']",
      '{"id": 12345, "order_type": "Buy", "symbol": "AAPL", "price": 210.65, "amount": 10, "status": ' +
        '"Completed", "metadata": {"note": "about AAPL"}}',
      '{"error": "Order with ID 12345 not found.Here is the list of orders_id: [12345, 12446]"}',
      '{"order_id": 12446, "status": "Cancelled"}',
    ]);
    expect(trading.publicStates().get('TradingBot')!.watch_list).toEqual(['NVDA']);
  });

  it('TravelAPI adds the extension cards and bookings and books with seeded ids', () => {
    const travel = new EnvironmentSet(
      { TravelAPI: { access_token: 'tok', token_expires_in: 2 } },
      ['TravelAPI'],
      true,
      constants,
    );
    expect(
      travel.execute(
        calls(
          "[get_credit_card_balance(access_token='tok', card_id='1111222233334444'), " +
            "cancel_booking(access_token='tok', booking_id='booking_901'), " +
            "get_credit_card_balance(access_token='tok', card_id='1111222233334444'), " +
            "compute_exchange_rate(base_currency='EUR', target_currency='USD', value=100)]",
        ),
      ),
    ).toEqual([
      '{"card_balance": 50}',
      '{"cancel_status": true}',
      '{"card_balance": 450.0}',
      '{"exchanged_value": 125.0}',
    ]);
  });

  it('VehicleControlAPI needs locked doors and a fully pressed brake to start', () => {
    const car = new EnvironmentSet({ VehicleControlAPI: { fuelLevel: 10 } }, ['VehicleControlAPI'], false, constants);
    expect(
      car.execute(
        calls(
          "[startEngine(ignitionMode='START'), lockDoors(unlock=False, door=['driver', 'passenger', 'rear_left', " +
            "'rear_right']), pressBrakePedal(pedalPosition=0.5), startEngine(ignitionMode='START'), " +
            "pressBrakePedal(pedalPosition=1), startEngine(ignitionMode='START')]",
        ),
      ),
    ).toEqual([
      '{"error": "All doors must be locked before starting the engine. Here are the unlocked doors: driver, ' +
        'passenger, rear_left, rear_right"}',
      '{"lockStatus": "locked", "remainingUnlockedDoors": 0}',
      '{"brakePedalStatus": "pressed", "brakePedalForce": 500.0}',
      '{"error": "Must press the brake fully before starting the engine."}',
      '{"brakePedalStatus": "pressed", "brakePedalForce": 1000.0}',
      '{"engineState": "running", "fuelLevel": 10, "batteryVoltage": 12.6}',
    ]);
  });

  it('TicketAPI and TwitterAPI compare ids as Python does', () => {
    const set = new EnvironmentSet(
      {
        TicketAPI: { current_user: 'amy', ticket_queue: [{ id: 'T1', status: 'Open', created_by: 'amy' }] },
        TwitterAPI: {
          authenticated: true,
          tweets: { '0': { id: 0, username: 'john', content: 'x', tags: [], mentions: [] } },
        },
      },
      ['TicketAPI', 'TwitterAPI'],
      false,
      constants,
    );
    expect(
      set.execute(
        calls(
          "[close_ticket(ticket_id='T1'), retweet(tweet_id='0'), retweet(tweet_id=0), create_ticket(title='t', " +
            'priority=9)]',
        ),
      ),
    ).toEqual([
      '{"status": "Ticket T1 has been closed successfully."}',
      '{"error": "Tweet with ID 0 not found."}',
      '{"retweet_status": "Successfully retweeted"}',
      '{"error": "Invalid priority. Priority must be between 1 and 5."}',
    ]);
  });

  it('keeps Python floats apart from ints in results (50.0 vs 50), as the official result strings do', () => {
    const math = new EnvironmentSet({}, ['MathAPI'], false, constants);
    expect(
      math.execute(
        calls(
          '[add(a=1, b=2), add(a=1.0, b=2), mean(numbers=[2, 4]), sum_values(numbers=[1, 2]), ' +
            'round_number(number=2.5), round_number(number=7, decimal_places=-1), power(base=2, exponent=-1)]',
        ),
      ),
    ).toEqual([
      '{"result": 3}',
      '{"result": 3.0}',
      '{"result": 3.0}',
      '{"result": 3}',
      '{"result": 2.0}',
      '{"result": 10}',
      '{"result": 0.5}',
    ]);
    const files = new EnvironmentSet(fileTree, ['GorillaFileSystem'], false, constants);
    // content[-2.0:] raises in Python; 20.0 is first clamped to the (int) line count, so it works.
    const [, floatLines, clamped] = files.execute(
      calls("[cd(folder='workspace'), tail(file_name='log.txt', lines=2.0), tail(file_name='log.txt', lines=20.0)]"),
    );
    expect(floatLines).toBe(
      'Error during execution: slice indices must be integers or None or have an __index__ method',
    );
    expect(clamped).toBe('{"last_lines": "b line\\na Error line\\nc line"}');
  });

  it('MathAPI prints mpmath and Decimal results as their reprs', () => {
    const math = new EnvironmentSet({}, ['MathAPI'], true, constants);
    expect(
      math.execute(
        calls(
          '[square_root(number=16, precision=5), logarithm(value=8, base=2, precision=4), mean(numbers=[1, 2]), ' +
            'divide(a=1, b=0)]',
        ),
      ),
    ).toEqual([
      `{'result': Decimal('4')}`,
      `{'result': mpf('3.0')}`,
      '{"result": 1.5}',
      '{"error": "Cannot divide by zero"}',
    ]);
  });

  // Expected strings printed by CPython 3 with mpmath 1.3 (repr of log(a)/log(b) at mp.dps = p) and
  // decimal (str of Decimal(a).sqrt() at getcontext().prec = p).
  it('reproduces mpmath and Decimal printing digit for digit', () => {
    const logarithms: [number, number, number, string][] = [
      [20, 10, 2, '1.3027'],
      [3287, 6, 4, '4.51947'],
      [630, 10, 5, '2.7993393'],
      [980, 20, 10, '2.299121531134'],
      [2, 3, 1, '0.6328'],
      [1000, 7, 8, '3.5498839878'],
      [7, 3, 14, '1.7712437491614228'],
    ];
    expect(logarithms.map(([value, base, precision]) => mpmathLogarithm(value, base, precision))).toEqual(
      logarithms.map((row) => row[3]),
    );
    const roots: [number, number, string][] = [
      [16, 5, '4'],
      [6.25, 5, '2.5'],
      [2, 5, '1.4142'],
      [10, 1, '3'],
      [1e10, 3, '1.00E+5'],
      [0.0001, 3, '0.0100'],
      [1e-10, 4, '0.00001000'],
      [2, 15, '1.41421356237310'],
      [0.01, 6, '0.100000'],
    ];
    expect(roots.map(([value, precision]) => decimalSquareRoot(value, precision))).toEqual(roots.map((row) => row[2]));
  });
});
