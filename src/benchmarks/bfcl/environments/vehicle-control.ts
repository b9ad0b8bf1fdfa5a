/**
 * Port of BFCL's VehicleControlAPI (vehicle_control.py): doors, engine, brakes, climate, cruise
 * control, navigation and a few lookups. Long context adds car metadata, the parking-brake manual,
 * a 15-day weather history and a list of intermediary cities to some results.
 */
import { method, methodTable, PythonError, type EnvironmentInstance } from '../environment.ts';
import { deepCopy, lookup, pythonFloat, pythonRepr, pythonTruthy, pythonTypeName } from '../python-values.ts';
import { PythonRandom } from '../python-random.ts';
import { arithmetic, asFloat, isNumeric, PyFloat, toNumber } from '../python-float.ts';
import type { LongContextConstants } from '../long-context.ts';

const MAX_FUEL_LEVEL = 50;
const MIN_FUEL_LEVEL = 0.0;
const MILE_PER_GALLON = 20.0;

/** Zip-code pairs (either order) → distance in km (Python floats). */
const DISTANCES: [string, string, number][] = [
  ['83214', '74532', 750],
  ['56108', '62947', 320],
  ['71354', '83462', 450],
  ['47329', '52013', 290],
  ['69238', '51479', 630],
  ['94016', '83214', 980],
  ['94016', '94704', 600],
  ['94704', '08540', 2550],
  ['94016', '08540', 1950],
  ['62947', '47329', 1053],
  ['94016', '62947', 780],
  ['74532', '94016', 880],
];

const ZIP_CODES: Record<string, string> = {
  Rivermist: '83214',
  Stonebrook: '74532',
  Maplecrest: '56108',
  Silverpine: '62947',
  Shadowridge: '71354',
  'Sunset Valley': '83462',
  Oakendale: '47329',
  Willowbend: '52013',
  'Crescent Hollow': '69238',
  Autumnville: '51479',
  'San Francisco': '94016',
};

export class VehicleControlApi implements EnvironmentInstance {
  readonly className = 'VehicleControlAPI';
  private readonly random: PythonRandom;
  /** Public attributes, in the official class's order. */
  private readonly state: Record<string, unknown>;
  private parkingBrakeForce: unknown;
  private slopeAngle: unknown;
  private brakePedalForce: unknown;

  constructor(
    scenario: Record<string, unknown>,
    private readonly longContext: boolean,
    private readonly constants: LongContextConstants,
  ) {
    const pick = (key: string, fallback: unknown): unknown => (key in scenario ? scenario[key] : fallback);
    this.random = new PythonRandom(pick('random_seed', 141053) as number);
    const doorStatus = pick('doorStatus', {
      driver: 'unlocked',
      passenger: 'unlocked',
      rear_left: 'unlocked',
      rear_right: 'unlocked',
    }) as Record<string, string>;
    this.state = {
      fuelLevel: pick('fuelLevel', new PyFloat(0)),
      batteryVoltage: pick('batteryVoltage', 12.6),
      engine_state: pick('engineState', 'stopped'),
      // The official loader recomputes this from the door states, ignoring the configured value.
      remainingUnlockedDoors: 4 - Object.values(doorStatus).filter((status) => status === 'locked').length,
      doorStatus,
      acTemperature: pick('acTemperature', new PyFloat(25)),
      fanSpeed: pick('fanSpeed', 50),
      acMode: pick('acMode', 'auto'),
      humidityLevel: pick('humidityLevel', new PyFloat(50)),
      headLightStatus: pick('headLightStatus', 'off'),
      parkingBrakeStatus: pick('parkingBrakeStatus', 'released'),
      brakePedalStatus: pick('brakePedalStatus', 'released'),
      distanceToNextVehicle: pick('distanceToNextVehicle', new PyFloat(50)),
      cruiseStatus: pick('cruiseStatus', 'inactive'),
      destination: pick('destination', 'None'),
      frontLeftTirePressure: pick('frontLeftTirePressure', new PyFloat(32)),
      frontRightTirePressure: pick('frontRightTirePressure', new PyFloat(32)),
      rearLeftTirePressure: pick('rearLeftTirePressure', new PyFloat(30)),
      rearRightTirePressure: pick('rearRightTirePressure', new PyFloat(30)),
      long_context: longContext,
    };
    this.parkingBrakeForce = pick('parkingBrakeForce', new PyFloat(0));
    this.slopeAngle = pick('slopeAngle', new PyFloat(0));
    this.brakePedalForce = pick('brakePedalForce', new PyFloat(0));
  }

  publicState(): Record<string, unknown> {
    return this.state;
  }

  private get doors(): Record<string, string> {
    return this.state.doorStatus as Record<string, string>;
  }
  private number(key: string): number {
    return toNumber(this.state[key]);
  }

  private parkingBrakeResult(status: string, force: number): Record<string, unknown> {
    const result = { parkingBrakeStatus: status, _parkingBrakeForce: new PyFloat(force), _slopeAngle: new PyFloat(10) };
    return this.longContext ? { parkingBrakeInstruction: this.constants.PARKING_BRAKE_INSTRUCTION, ...result } : result;
  }

  readonly methods = methodTable([
    method('startEngine(ignitionMode: str)', ({ ignitionMode }) => {
      if (ignitionMode === 'STOP') this.state.engine_state = 'stopped';
      if (this.number('remainingUnlockedDoors') > 0) {
        const unlocked = Object.entries(this.doors)
          .filter(([, status]) => status === 'unlocked')
          .map(([door]) => door);
        return {
          error:
            `All doors must be locked before starting the engine. Here are the unlocked doors: ` +
            `${unlocked.join(', ')}`,
        };
      }
      if (this.state.brakePedalStatus !== 'pressed')
        return { error: 'Brake pedal needs to be pressed when starting the engine.' };
      if (toNumber(this.brakePedalForce) !== 1000)
        return { error: 'Must press the brake fully before starting the engine.' };
      if (this.number('fuelLevel') < MIN_FUEL_LEVEL) return { error: 'Fuel tank is empty.' };
      if (ignitionMode !== 'START') return { error: 'Invalid ignition mode.' };
      this.state.engine_state = 'running';
      return {
        engineState: 'running',
        fuelLevel: this.state.fuelLevel,
        batteryVoltage: this.state.batteryVoltage,
      };
    }),
    method('fillFuelTank(fuelAmount: float)', ({ fuelAmount }) => {
      const amount = toNumber(fuelAmount);
      if (amount < 0) return { error: 'Fuel amount cannot be negative.' };
      if (this.number('fuelLevel') + amount > MAX_FUEL_LEVEL)
        return { error: 'Cannot fill gas above the tank capacity.' };
      if (this.number('fuelLevel') + amount < MIN_FUEL_LEVEL)
        return { error: 'Fuel tank is empty. Min fuel level is 0 gallons.' };
      this.state.fuelLevel = arithmetic('+', this.state.fuelLevel, fuelAmount);
      return { fuelLevel: this.state.fuelLevel };
    }),
    method('lockDoors(unlock: bool, door: list)', ({ unlock, door }) => {
      const target = unlock ? 'unlocked' : 'locked';
      for (const name of door as unknown[]) {
        const key = String(name);
        // Python indexes doorStatus[d] and raises KeyError for an unknown door (earlier doors stay changed).
        if (!Object.hasOwn(this.doors, key)) throw new PythonError(pythonRepr(name));
        if (this.doors[key] === target) continue;
        this.doors[key] = target;
        this.state.remainingUnlockedDoors = this.number('remainingUnlockedDoors') + (unlock ? 1 : -1);
      }
      return { lockStatus: target, remainingUnlockedDoors: this.state.remainingUnlockedDoors };
    }),
    method(
      'adjustClimateControl(temperature: any, unit: str = "celsius", fanSpeed: int = 50, mode: str = "auto")',
      ({ temperature, unit, fanSpeed, mode }) => {
        const speed = toNumber(fanSpeed);
        if (!(speed >= 0 && speed <= 100)) return { error: 'Fan speed must be between 0 and 100.' };
        // Python stores the value as given; only the Fahrenheit conversion does arithmetic (and raises on a str).
        if (unit === 'fahrenheit' && !isNumeric(temperature))
          throw new PythonError(`unsupported operand type(s) for -: '${pythonTypeName(temperature)}' and 'int'`);
        this.state.acTemperature =
          unit === 'fahrenheit' ? asFloat(((toNumber(temperature) - 32) * 5) / 9) : temperature;
        this.state.fanSpeed = fanSpeed;
        this.state.acMode = mode;
        return { currentACTemperature: temperature, climateMode: mode, humidityLevel: this.state.humidityLevel };
      },
    ),
    method('get_outside_temperature_from_google()', () => {
      const outsideTemperature = asFloat(this.random.uniform(-10.0, 40.0));
      return this.longContext
        ? { ...deepCopy(this.constants.LONG_WEATHER_EXTENSION), outsideTemperature }
        : { outsideTemperature };
    }),
    method('get_outside_temperature_from_weather_com()', () => ({ error: 404 })),
    method('setHeadlights(mode: str)', ({ mode }) => {
      if (!['on', 'off', 'auto'].includes(mode as string)) return { error: 'Invalid headlight mode.' };
      this.state.headLightStatus = mode === 'on' ? 'on' : 'off';
      return { headlightStatus: this.state.headLightStatus };
    }),
    method('displayCarStatus(option: str)', ({ option }) => {
      const status: Record<string, unknown> = this.longContext
        ? { metadata: this.constants.CAR_STATUS_METADATA_EXTENSION }
        : {};
      const s = this.state;
      const sections: Record<string, Record<string, unknown>> = {
        fuel: { fuelLevel: s.fuelLevel },
        battery: { batteryVoltage: s.batteryVoltage },
        doors: { doorStatus: s.doorStatus },
        climate: {
          currentACTemperature: s.acTemperature,
          fanSpeed: s.fanSpeed,
          climateMode: s.acMode,
          humidityLevel: s.humidityLevel,
        },
        headlights: { headlightStatus: s.headLightStatus },
        parkingBrake: {
          parkingBrakeStatus: s.parkingBrakeStatus,
          parkingBrakeForce: this.parkingBrakeForce,
          slopeAngle: this.slopeAngle,
        },
        brakePedal: { brakePedalStatus: s.brakePedalStatus, brakePedalForce: this.brakePedalForce },
        engine: { engineState: s.engine_state },
      };
      return {
        ...status,
        ...(Object.hasOwn(sections, option as string) ? sections[option as string] : { error: 'Invalid option' }),
      };
    }),
    method('activateParkingBrake(mode: str)', ({ mode }) => {
      if (mode !== 'engage' && mode !== 'release') return { error: 'Invalid mode' };
      const engage = mode === 'engage';
      this.state.parkingBrakeStatus = engage ? 'engaged' : 'released';
      this.parkingBrakeForce = new PyFloat(engage ? 500 : 0);
      this.slopeAngle = new PyFloat(10);
      return this.parkingBrakeResult(engage ? 'engaged' : 'released', engage ? 500 : 0);
    }),
    method('pressBrakePedal(pedalPosition: float)', ({ pedalPosition }) => {
      const position = toNumber(pedalPosition);
      if (!(position >= 0 && position <= 1)) return { error: 'Pedal position must be between 0 and 1.' };
      if (position === 0) {
        this.state.brakePedalStatus = 'released';
        this.brakePedalForce = new PyFloat(0);
        return { brakePedalStatus: 'released', brakePedalForce: new PyFloat(0) };
      }
      this.state.brakePedalStatus = 'pressed';
      // The stored force keeps the position's type (1 * 1000 is an int); the result is float(force).
      this.brakePedalForce = arithmetic('*', pedalPosition, 1000);
      return { brakePedalStatus: 'pressed', brakePedalForce: asFloat(position * 1000) };
    }),
    method('releaseBrakePedal()', () => {
      this.state.brakePedalStatus = 'released';
      this.brakePedalForce = new PyFloat(0);
      return { brakePedalStatus: 'released', brakePedalForce: new PyFloat(0) };
    }),
    method(
      'setCruiseControl(speed: any, activate: bool, distanceToNextVehicle: any)',
      ({ speed, activate, distanceToNextVehicle }) => {
        // Python converts both with float() first, so numeric strings pass.
        const distance = asFloat(pythonFloat(distanceToNextVehicle));
        const velocity = asFloat(pythonFloat(speed));
        if (this.state.engine_state === 'stopped')
          return { error: 'Start the engine before activating the cruise control.' };
        this.state.distanceToNextVehicle = distance;
        if (pythonTruthy(activate)) {
          const value = toNumber(velocity);
          if (value < 0 || value > 120 || value % 5 !== 0) return { error: 'Invalid speed' };
          this.state.cruiseStatus = 'active';
          return { cruiseStatus: 'active', currentSpeed: velocity, distanceToNextVehicle: distance };
        }
        this.state.cruiseStatus = 'inactive';
        return { cruiseStatus: 'inactive', currentSpeed: velocity, distanceToNextVehicle: distance };
      },
    ),
    method('get_current_speed()', () => ({ currentSpeed: asFloat(this.random.uniform(0.0, 120.0)) })),
    method('display_log(messages: any)', ({ messages }) => ({ log: messages })),
    method('estimate_drive_feasibility_by_mileage(distance: float)', ({ distance }) => ({
      canDrive: !(this.number('fuelLevel') * MILE_PER_GALLON < toNumber(distance)),
    })),
    method('liter_to_gallon(liter: float)', ({ liter }) => ({ gallon: asFloat(toNumber(liter) * 0.264172) })),
    method('gallon_to_liter(gallon: float)', ({ gallon }) => ({ liter: asFloat(toNumber(gallon) * 3.78541) })),
    method('estimate_distance(cityA: str, cityB: str)', ({ cityA, cityB }) => {
      const found = DISTANCES.find(
        ([first, second]) => (cityA === first && cityB === second) || (cityA === second && cityB === first),
      );
      const result: Record<string, unknown> = found
        ? { distance: new PyFloat(found[2]) }
        : { error: 'distance not found in database.' };
      if (this.longContext) result.intermediaryCities = this.constants.INTERMEDIARY_CITIES;
      return result;
    }),
    method('get_zipcode_based_on_city(city: str)', ({ city }) => ({ zipcode: lookup(ZIP_CODES, city) ?? '00000' })),
    method('set_navigation(destination: str)', ({ destination }) => {
      this.state.destination = destination;
      return { status: `Navigating to ${destination as string}` };
    }),
    method('check_tire_pressure()', () => {
      const pressures = [
        'frontLeftTirePressure',
        'frontRightTirePressure',
        'rearLeftTirePressure',
        'rearRightTirePressure',
      ];
      const average = pressures.reduce((sum, key) => sum + this.number(key), 0) / 4;
      const status: Record<string, unknown> = {};
      for (const key of pressures) status[key] = this.state[key];
      status.healthy_tire_pressure = average >= 30 && average <= 35;
      status.car_info = this.longContext ? this.constants.CAR_STATUS_METADATA_EXTENSION : {};
      return status;
    }),
    method('find_nearest_tire_shop()', () => ({ shopLocation: '456 Oakwood Avenue, Rivermist, 83214' })),
  ]);
}
