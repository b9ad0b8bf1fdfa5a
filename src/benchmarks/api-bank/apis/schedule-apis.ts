/** Ports of the agenda, alarm and reminder APIs (official apis/*_agenda.py, *_alarm.py, *_reminder.py). */
import {
  respond,
  text,
  wordOverlapSatisfied,
  type ApiContext,
  type ApiDefinition,
  type ApiResponse,
  type RecordedResult,
} from '../api-types.ts';
import { strptime } from '../python-datetime.ts';
import { PythonError, PythonExceptionValue, pythonEquals, pythonItem } from '../python-values.ts';
import { checkToken, sameInputOutputException } from './account-apis.ts';

const dateTimeFormat = '%Y-%m-%d %H:%M:%S';

/** `datetime.strptime(value, fmt)` where a non-str argument raises TypeError. */
export function parseDateTime(value: unknown, format = dateTimeFormat): void {
  if (typeof value !== 'string')
    throw new PythonError(`strptime() argument 1 must be str, not ${value === null ? 'None' : typeof value}`);
  strptime(value, format);
}

type Row = Record<string, unknown>;
const table = (context: ApiContext, name: string): Record<string, Row> => context.databases[name];
const truthy = (value: unknown): boolean =>
  value !== null &&
  value !== undefined &&
  value !== '' &&
  value !== 0 &&
  value !== false &&
  !(Array.isArray(value) && value.length === 0);
const inputOf = (result: ApiResponse | RecordedResult): Record<string, unknown> =>
  pythonItem(result, 'input') as Record<string, unknown>;

/** AddAgenda/ModifyAgenda/QueryAgenda check: content overlap, then time, location, output, exception. */
function agendaCheck(response: ApiResponse, groundTruth: RecordedResult): boolean {
  const responseInput = inputOf(response);
  const groundTruthInput = inputOf(groundTruth);
  const satisfied = wordOverlapSatisfied(
    text(pythonItem(responseInput, 'content')),
    text(pythonItem(groundTruthInput, 'content')),
  );
  return (
    satisfied &&
    pythonEquals(pythonItem(responseInput, 'time'), pythonItem(groundTruthInput, 'time')) &&
    pythonEquals(pythonItem(responseInput, 'location'), pythonItem(groundTruthInput, 'location')) &&
    pythonEquals(response.output, pythonItem(groundTruth, 'output')) &&
    pythonEquals(response.exception, pythonItem(groundTruth, 'exception'))
  );
}

/** AddReminder/ModifyReminder/QueryReminder check: lower-cased content overlap, then time, output, exception. */
function reminderCheck(response: ApiResponse, groundTruth: RecordedResult): boolean {
  const responseInput = inputOf(response);
  const groundTruthInput = inputOf(groundTruth);
  const satisfied = wordOverlapSatisfied(
    text(pythonItem(responseInput, 'content')).toLowerCase(),
    text(pythonItem(groundTruthInput, 'content')).toLowerCase(),
  );
  return (
    satisfied &&
    pythonEquals(pythonItem(responseInput, 'time'), pythonItem(groundTruthInput, 'time')) &&
    pythonEquals(response.output, pythonItem(groundTruth, 'output')) &&
    pythonEquals(response.exception, pythonItem(groundTruth, 'exception'))
  );
}

/** DeleteAgenda/DeleteReminder check: two successes need equal times; otherwise output and exception. */
function deleteCheck(response: ApiResponse, groundTruth: RecordedResult): boolean {
  if (pythonItem(groundTruth, 'output') === 'success' && response.output === 'success') {
    return pythonEquals(pythonItem(inputOf(response), 'time'), pythonItem(inputOf(groundTruth), 'time'));
  }
  return (
    pythonEquals(response.output, pythonItem(groundTruth, 'output')) &&
    pythonEquals(response.exception, pythonItem(groundTruth, 'exception'))
  );
}

export const addAgenda: ApiDefinition = {
  name: 'AddAgenda',
  parameters: { token: 'str', content: 'str', time: 'str', location: 'str' },
  required: ['token', 'content', 'time', 'location'],
  call: ({ token, content, time, location }, context) =>
    respond('AddAgenda', { token, content, time, location }, () => {
      parseDateTime(time);
      if (text(content).trim() === '') throw new PythonError('Content should not be null');
      const rows = table(context, 'Agenda');
      const id = String(Object.keys(rows).length + 1);
      rows[id] = { username: checkToken(context, token), content, time, location };
      return 'success';
    }),
  check: agendaCheck,
};

export const deleteAgenda: ApiDefinition = {
  name: 'DeleteAgenda',
  parameters: { token: 'str', content: 'str', time: 'str', location: 'str' },
  required: ['token', 'content', 'time', 'location'],
  call: ({ token, content, time, location }, context) =>
    respond('DeleteAgenda', { token, content, time, location }, () => {
      if (truthy(time)) parseDateTime(time);
      const username = checkToken(context, token);
      const rows = table(context, 'Agenda');
      for (const key of Object.keys(rows)) {
        const row = rows[key]!;
        if (row.username === username && (pythonEquals(row.content, content) || pythonEquals(row.time, time))) {
          delete rows[key];
          return 'success';
        }
      }
      if (truthy(content)) throw new PythonError(`You have no meeting about ${String(content)}`);
      if (truthy(time)) throw new PythonError(`You have no meeting at time : ${String(time)}`);
      return 'success';
    }),
  check: deleteCheck,
};

export const modifyAgenda: ApiDefinition = {
  name: 'ModifyAgenda',
  parameters: { token: 'str', content: 'str', time: 'str', location: 'str' },
  required: ['token', 'content', 'time', 'location'],
  call: ({ token, content, time, location }, context) =>
    respond('ModifyAgenda', { token, content, time, location }, () => {
      if (truthy(time)) parseDateTime(time);
      const username = checkToken(context, token);
      const rows = table(context, 'Agenda');
      for (const key of Object.keys(rows)) {
        const row = rows[key]!;
        if (row.username === username && (pythonEquals(row.content, content) || pythonEquals(row.time, time))) {
          rows[key] = { username, content, time, location };
          return 'success';
        }
      }
      if (truthy(content)) throw new PythonError(`You have no agenda about ${String(content)}`);
      if (truthy(time)) throw new PythonError(`You have no agenda at time : ${String(time)}`);
      // The official code returns (not raises) an Exception object here: an output that equals nothing.
      return new PythonExceptionValue('Error');
    }),
  check: agendaCheck,
};

export const queryAgenda: ApiDefinition = {
  name: 'QueryAgenda',
  parameters: { token: 'str', content: 'str', time: 'str', location: 'str' },
  required: ['token', 'content', 'time', 'location'],
  call: ({ token, content, time, location }, context) =>
    respond('QueryAgenda', { token, content, time, location }, () => {
      if (truthy(time)) parseDateTime(time);
      const username = checkToken(context, token);
      const rows = table(context, 'Agenda');
      for (const key of Object.keys(rows)) {
        const row = rows[key]!;
        if (row.username === username && (pythonEquals(row.content, content) || pythonEquals(row.time, time)))
          return row;
      }
      if (truthy(content)) throw new PythonError(`You have no agenda about ${String(content)}`);
      if (truthy(time)) throw new PythonError(`You have no agenda at time : ${String(time)}`);
      throw new PythonError('Error');
    }),
  check: agendaCheck,
};

export const addAlarm: ApiDefinition = {
  name: 'AddAlarm',
  parameters: { token: 'str', time: 'str' },
  required: ['token', 'time'],
  call: ({ token, time }, context) =>
    respond('AddAlarm', { token, time }, () => {
      parseDateTime(time);
      const rows = table(context, 'Alarm');
      const id = String(Object.keys(rows).length + 1);
      rows[id] = { username: checkToken(context, token), time };
      return 'success';
    }),
  check: sameInputOutputException,
};

export const deleteAlarm: ApiDefinition = {
  name: 'DeleteAlarm',
  parameters: { token: 'str', time: 'str' },
  required: ['token', 'time'],
  call: ({ token, time }, context) =>
    respond('DeleteAlarm', { token, time }, () => {
      parseDateTime(time);
      const username = checkToken(context, token);
      const rows = table(context, 'Alarm');
      for (const key of Object.keys(rows)) {
        if (rows[key]!.username === username && pythonEquals(rows[key]!.time, time)) {
          delete rows[key];
          return 'success';
        }
      }
      if (truthy(time)) throw new PythonError(`You have no alarm clock at time : ${String(time)}`);
      return 'success';
    }),
  check: sameInputOutputException,
};

export const modifyAlarm: ApiDefinition = {
  name: 'ModifyAlarm',
  parameters: { token: 'str', from_time: 'str', to_time: 'str' },
  required: ['token', 'from_time', 'to_time'],
  call: ({ token, from_time: fromTime, to_time: toTime }, context) =>
    respond('ModifyAlarm', { token, from_time: fromTime, to_time: toTime }, () => {
      parseDateTime(fromTime);
      parseDateTime(toTime);
      const username = checkToken(context, token);
      const rows = table(context, 'Alarm');
      for (const key of Object.keys(rows)) {
        if (rows[key]!.username === username && pythonEquals(rows[key]!.time, fromTime)) {
          rows[key] = { username, time: toTime };
          return 'success';
        }
      }
      throw new PythonError(`You have no agenda at time : ${String(fromTime)}`);
    }),
  check: sameInputOutputException,
};

export const queryAlarm: ApiDefinition = {
  name: 'QueryAlarm',
  parameters: { token: 'str', time: 'str' },
  required: ['token', 'time'],
  call: ({ token, time }, context) =>
    respond('QueryAlarm', { token, time }, () => {
      parseDateTime(time);
      const username = checkToken(context, token);
      const rows = table(context, 'Alarm');
      for (const key of Object.keys(rows)) {
        if (rows[key]!.username === username && pythonEquals(rows[key]!.time, time)) return rows[key];
      }
      throw new PythonError(`You have no alarm clock at time : ${String(time)}`);
    }),
  check: sameInputOutputException,
};

export const addReminder: ApiDefinition = {
  name: 'AddReminder',
  parameters: { token: 'str', content: 'str', time: 'str' },
  required: ['token', 'content', 'time'],
  call: ({ token, content, time }, context) =>
    respond('AddReminder', { token, content, time }, () => {
      parseDateTime(time);
      if (text(content).trim() === '') throw new PythonError('Content should not be null');
      const rows = table(context, 'Reminder');
      const keys = Object.keys(rows);
      const id = keys.length === 0 ? 0 : Math.max(...keys.map((key) => Number.parseInt(key, 10))) + 1;
      rows[String(id)] = { username: checkToken(context, token), content, time };
      return 'success';
    }),
  check: reminderCheck,
};

export const deleteReminder: ApiDefinition = {
  name: 'DeleteReminder',
  parameters: { token: 'str', content: 'str', time: 'str' },
  required: ['token', 'content', 'time'],
  call: ({ token, content, time }, context) =>
    respond('DeleteReminder', { token, content, time }, () => {
      parseDateTime(time);
      if (text(content).trim() === '') throw new PythonError('Content should not be null');
      const username = checkToken(context, token);
      const rows = table(context, 'Reminder');
      for (const key of Object.keys(rows)) {
        const row = rows[key]!;
        if (row.username === username && (pythonEquals(row.content, content) || pythonEquals(row.time, time))) {
          delete rows[key];
          return 'success';
        }
      }
      throw new PythonError(`You have no reminder about ${String(content)} or at time : ${String(time)}`);
    }),
  check: deleteCheck,
};

export const modifyReminder: ApiDefinition = {
  name: 'ModifyReminder',
  parameters: { token: 'str', content: 'str', time: 'str' },
  required: ['token', 'content', 'time'],
  call: ({ token, content, time }, context) =>
    respond('ModifyReminder', { token, content, time }, () => {
      parseDateTime(time);
      if (text(content).trim() === '') throw new PythonError('Content should not be null');
      const username = checkToken(context, token);
      const rows = table(context, 'Reminder');
      for (const key of Object.keys(rows)) {
        const row = rows[key]!;
        if (row.username === username && (pythonEquals(row.content, content) || pythonEquals(row.time, time))) {
          row.content = content;
          row.time = time;
          return 'success';
        }
      }
      throw new PythonError(`You have no reminder about ${String(content)} or at time : ${String(time)}`);
    }),
  check: reminderCheck,
};

export const queryReminder: ApiDefinition = {
  name: 'QueryReminder',
  parameters: { token: 'str', content: 'str', time: 'str' },
  required: ['token', 'content', 'time'],
  call: ({ token, content, time }, context) =>
    respond('QueryReminder', { token, content, time }, () => {
      parseDateTime(time);
      if (text(content).trim() === '') throw new PythonError('Content should not be null');
      const username = checkToken(context, token);
      const rows = table(context, 'Reminder');
      for (const key of Object.keys(rows)) {
        const row = rows[key]!;
        if (row.username === username && (pythonEquals(row.content, content) || pythonEquals(row.time, time)))
          return row;
      }
      throw new PythonError(`You have no reminder about ${String(content)} or at time : ${String(time)}`);
    }),
  check: reminderCheck,
};
