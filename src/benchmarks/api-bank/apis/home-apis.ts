/** Ports of the smart-home and entertainment APIs (scenes, timed switches, music, hotel, e-mail). */
import {
  respond,
  text,
  type ApiContext,
  type ApiDefinition,
  type ApiResponse,
  type RecordedResult,
} from '../api-types.ts';
import { normalizeDateText, strftime, strptime } from '../python-datetime.ts';
import { PythonError, PythonExceptionValue, pythonEquals, pythonItem } from '../python-values.ts';
import { sameInputOutputException } from './account-apis.ts';

const inputOf = (result: ApiResponse | RecordedResult): Record<string, unknown> =>
  pythonItem(result, 'input') as Record<string, unknown>;
const sameOutputException = (response: ApiResponse, groundTruth: RecordedResult): boolean =>
  pythonEquals(response.output, pythonItem(groundTruth, 'output')) &&
  pythonEquals(response.exception, pythonItem(groundTruth, 'exception'));
const scenes = (context: ApiContext): Record<string, unknown> => context.databases.Scenes;
const switches = (context: ApiContext): Record<string, { time: unknown; on: unknown }[]> =>
  context.databases.TimeSwitch;
const sceneName = (value: unknown): string => text(value).trim().toLowerCase();
const switchTime = (value: unknown): string | PythonExceptionValue =>
  normalizeDateText(text(value), '%Y-%m-%d %H:%M:%S');

function sceneCheck(response: ApiResponse, groundTruth: RecordedResult): boolean {
  return (
    sceneName(pythonItem(inputOf(response), 'name')) === sceneName(pythonItem(inputOf(groundTruth), 'name')) &&
    sameOutputException(response, groundTruth)
  );
}

export const queryScene: ApiDefinition = {
  name: 'QueryScene',
  parameters: { name: 'str' },
  required: ['name'],
  call: ({ name }, context) =>
    respond('QueryScene', { name }, () => {
      const key = sceneName(name);
      if (key === '') throw new PythonError('Scene name cannot be empty.');
      if (!Object.hasOwn(scenes(context), key)) throw new PythonError('Scene not found.');
      return scenes(context)[key];
    }),
  check: sceneCheck,
};

export const deleteScene: ApiDefinition = {
  name: 'DeleteScene',
  parameters: { name: 'str' },
  required: ['name'],
  call: ({ name }, context) =>
    respond('DeleteScene', { name }, () => {
      const key = sceneName(name);
      if (key === '') throw new PythonError('Scene name cannot be empty.');
      if (!Object.hasOwn(scenes(context), key)) throw new PythonError('The scene does not exist.');
      delete scenes(context)[key];
      return 'success';
    }),
  check: sceneCheck,
};

export const timedSwitch: ApiDefinition = {
  name: 'TimedSwitch',
  parameters: { name: 'str', time: 'str', on: 'bool' },
  required: ['name', 'time', 'on'],
  call: ({ name, time, on }, context) =>
    respond('TimedSwitch', { name, time, on }, () => {
      const key = sceneName(name);
      if (key === '') throw new PythonError('Name cannot be empty.');
      const normalized = switchTime(time);
      if (normalized instanceof PythonExceptionValue) throw new PythonError(normalized.message);
      const database = switches(context);
      if (!Object.hasOwn(database, key)) database[key] = [];
      const existing = database[key]!.find((entry) => entry.time === normalized);
      if (existing) existing.on = on;
      else database[key]!.push({ time: normalized, on });
      return 'success';
    }),
  check: (response, groundTruth) => {
    const responseInput = inputOf(response);
    const groundTruthInput = inputOf(groundTruth);
    if (sceneName(pythonItem(responseInput, 'name')) !== sceneName(pythonItem(groundTruthInput, 'name'))) return false;
    if (!pythonEquals(switchTime(pythonItem(responseInput, 'time')), switchTime(pythonItem(groundTruthInput, 'time'))))
      return false;
    if (!pythonEquals(pythonItem(responseInput, 'on'), pythonItem(groundTruthInput, 'on'))) return false;
    return sameOutputException(response, groundTruth);
  },
};

export const cancelTimedSwitch: ApiDefinition = {
  name: 'CancelTimedSwitch',
  parameters: { name: 'str', time: 'str' },
  required: ['name', 'time'],
  call: ({ name, time }, context) =>
    respond('CancelTimedSwitch', { name, time }, () => {
      const key = sceneName(name);
      if (key === '') throw new PythonError('name cannot be empty.');
      const normalized = switchTime(time);
      if (normalized instanceof PythonExceptionValue) throw new PythonError(normalized.message);
      const database = switches(context);
      if (!Object.hasOwn(database, key)) throw new PythonError('device name does not exist.');
      const index = database[key]!.findIndex((entry) => entry.time === normalized);
      if (index === -1) throw new PythonError('time does not exist.');
      database[key]!.splice(index, 1);
      return 'success';
    }),
  check: (response, groundTruth) => {
    const responseInput = inputOf(response);
    const groundTruthInput = inputOf(groundTruth);
    if (sceneName(pythonItem(responseInput, 'name')) !== sceneName(pythonItem(groundTruthInput, 'name'))) return false;
    if (!pythonEquals(switchTime(pythonItem(responseInput, 'time')), switchTime(pythonItem(groundTruthInput, 'time'))))
      return false;
    return sameOutputException(response, groundTruth);
  },
};

export const playMusic: ApiDefinition = {
  name: 'PlayMusic',
  parameters: { music_name: 'str' },
  required: ['music_name'],
  call: ({ music_name: musicName }) =>
    respond('PlayMusic', { music_name: musicName }, () => {
      const name = text(musicName).toLowerCase().trim();
      if (name === '') throw new PythonError('The music name cannot be empty.');
      return `music://${name}`;
    }),
  // The official check compares the outputs only.
  check: (response, groundTruth) => pythonEquals(response.output, pythonItem(groundTruth, 'output')),
};

export const sendEmail: ApiDefinition = {
  name: 'SendEmail',
  parameters: { receiver: 'str', subject: 'str', content: 'str' },
  required: ['receiver', 'subject', 'content'],
  call: ({ receiver, subject, content }) =>
    respond('SendEmail', { receiver, subject, content }, () => {
      // Python's re.match with '$' also accepts one trailing newline.
      if (!/^[a-z0-9]+[._]?[a-z0-9]+[@][\p{L}\p{N}_]+[.][\p{L}\p{N}_]{2,3}\n?$/u.test(text(receiver).trim()))
        throw new PythonError('Email address of the receiver is invalid.');
      if (text(subject).trim() === '') throw new PythonError('Subject cannot be empty.');
      if (text(content).trim() === '') throw new PythonError('Content cannot be empty.');
      return 'success';
    }),
  check: (response, groundTruth) => {
    const responseInput = inputOf(response);
    const groundTruthInput = inputOf(groundTruth);
    const field = (input: Record<string, unknown>, key: string) => text(pythonItem(input, key)).trim();
    return (
      field(responseInput, 'receiver').toLowerCase() === field(groundTruthInput, 'receiver').toLowerCase() &&
      field(responseInput, 'subject') === field(groundTruthInput, 'subject') &&
      field(responseInput, 'content') === field(groundTruthInput, 'content') &&
      sameOutputException(response, groundTruth)
    );
  },
};

export const bookHotel: ApiDefinition = {
  name: 'BookHotel',
  parameters: {
    hotel_name: 'str',
    check_in_time: 'str',
    check_out_time: 'str',
    room_count: 'int',
    adult_count: 'int',
    child_count: 'int',
  },
  required: ['hotel_name', 'check_in_time', 'check_out_time', 'room_count', 'adult_count', 'child_count'],
  call: (values, context) => {
    const {
      hotel_name: hotelName,
      check_in_time: checkIn,
      check_out_time: checkOut,
      room_count: rooms,
      adult_count: adults,
      child_count: children,
    } = values;
    const order = {
      hotel_name: hotelName,
      check_in_time: checkIn,
      check_out_time: checkOut,
      room_count: rooms,
      adult_count: adults,
      child_count: children,
    };
    return respond('BookHotel', { ...order }, () => {
      const day = (value: unknown) => strftime(strptime(text(value), '%Y-%m-%d'), '%Y-%m-%d');
      const start = day(checkIn);
      const end = day(checkOut);
      if (typeof adults === 'number' && adults > 2 && pythonEquals(rooms, 1))
        throw new PythonError('The number of adults is greater than 2. Two rooms are ordered.');
      const database = context.databases.Hotel as Record<string, Record<string, unknown>>;
      for (const key of Object.keys(database)) {
        const booked = database[key]!;
        if (booked.hotel_name !== hotelName) continue;
        const bookedStart = day(booked.check_in_time);
        const bookedEnd = day(booked.check_out_time);
        if ((start >= bookedStart && start < bookedEnd) || (end > bookedStart && end <= bookedEnd))
          throw new PythonError('The room is not available.');
      }
      const id = String(Object.keys(database).length + 1);
      database[id] = order;
      return id;
    });
  },
  check: sameInputOutputException,
};
