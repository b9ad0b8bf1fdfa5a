/** Ports of the meeting APIs (official apis/*_meeting.py). */
import {
  respond,
  text,
  wordOverlapSatisfied,
  type ApiContext,
  type ApiDefinition,
  type ApiResponse,
  type RecordedResult,
  type ScoringMode,
} from '../api-types.ts';
import { PythonError, PythonExceptionValue, pythonEquals, pythonItem } from '../python-values.ts';
import { checkToken } from './account-apis.ts';
import { parseDateTime } from './schedule-apis.ts';

const meetingParameters = {
  token: 'str',
  meeting_topic: 'str',
  start_time: 'str',
  end_time: 'str',
  location: 'str',
  attendees: 'list(str)',
} as const;
const meetingRequired = Object.keys(meetingParameters);

type Row = Record<string, unknown>;
const meetings = (context: ApiContext): Record<string, Row> => context.databases.Meeting;
const truthy = (value: unknown): boolean =>
  value !== null && value !== undefined && value !== '' && value !== 0 && value !== false;
const inputOf = (result: ApiResponse | RecordedResult): Record<string, unknown> =>
  pythonItem(result, 'input') as Record<string, unknown>;

function meetingInput(values: Record<string, unknown>): Record<string, unknown> {
  const { token, meeting_topic, start_time, end_time, location, attendees } = values;
  return { token, meeting_topic, start_time, end_time, location, attendees };
}

/** Common validation of the official add/modify/query/delete meeting methods. */
function validate(values: Record<string, unknown>, topicRequired: boolean): void {
  if (topicRequired) {
    parseDateTime(values.start_time);
    parseDateTime(values.end_time);
    if (text(values.meeting_topic).trim() === '') throw new PythonError('Meeting Topic should not be null');
    return;
  }
  if (truthy(values.start_time)) parseDateTime(values.start_time);
  if (truthy(values.end_time)) parseDateTime(values.end_time);
  if (text(values.meeting_topic).trim() === '' && !truthy(values.start_time))
    throw new PythonError('Meeting Topic and start_time should not be null both');
}

function findMeeting(context: ApiContext, username: string, values: Record<string, unknown>): string | undefined {
  const rows = meetings(context);
  return Object.keys(rows).find(
    (key) =>
      rows[key]!.username === username &&
      (pythonEquals(rows[key]!.meeting_topic, values.meeting_topic) ||
        pythonEquals(rows[key]!.start_time, values.start_time)),
  );
}

function notFound(values: Record<string, unknown>): never | undefined {
  if (truthy(values.meeting_topic)) throw new PythonError(`You have no meeting about ${String(values.meeting_topic)}`);
  if (truthy(values.start_time)) throw new PythonError(`You have no meeting at time : ${String(values.start_time)}`);
  return undefined;
}

/** Add/Modify/Query check: topic overlap > 0.5, then every other input field, output and exception. */
function meetingCheck(response: ApiResponse, groundTruth: RecordedResult): boolean {
  const responseInput = { ...inputOf(response) };
  const groundTruthInput = { ...inputOf(groundTruth) };
  const satisfied = wordOverlapSatisfied(
    text(pythonItem(responseInput, 'meeting_topic')),
    text(pythonItem(groundTruthInput, 'meeting_topic')),
  );
  delete responseInput.meeting_topic;
  delete groundTruthInput.meeting_topic;
  return (
    satisfied &&
    pythonEquals(responseInput, groundTruthInput) &&
    pythonEquals(response.output, pythonItem(groundTruth, 'output')) &&
    pythonEquals(response.exception, pythonItem(groundTruth, 'exception'))
  );
}

export const addMeeting: ApiDefinition = {
  name: 'AddMeeting',
  parameters: meetingParameters,
  required: meetingRequired,
  call: (values, context) =>
    respond('AddMeeting', meetingInput(values), () => {
      validate(values, true);
      const rows = meetings(context);
      const keys = Object.keys(rows);
      const id = keys.length === 0 ? 0 : Math.max(...keys.map((key) => Number.parseInt(key, 10))) + 1;
      rows[String(id)] = { username: checkToken(context, values.token), ...meetingInput(values) };
      delete rows[String(id)]!.token;
      return 'success';
    }),
  check: meetingCheck,
};

export const deleteMeeting: ApiDefinition = {
  name: 'DeleteMeeting',
  parameters: meetingParameters,
  required: meetingRequired,
  call: (values, context) =>
    respond('DeleteMeeting', meetingInput(values), () => {
      validate(values, false);
      const username = checkToken(context, values.token);
      const key = findMeeting(context, username, values);
      if (key !== undefined) {
        delete meetings(context)[key];
        return 'success';
      }
      notFound(values);
      return 'success';
    }),
  /**
   * Official: when both outputs are 'success' it compares `input['time']`, a key meeting inputs do not
   * have, so it raises KeyError and the call is judged wrong. Fixed mode compares `start_time`.
   */
  check: (response: ApiResponse, groundTruth: RecordedResult, mode: ScoringMode) => {
    if (pythonItem(groundTruth, 'output') === 'success' && response.output === 'success') {
      const key = mode === 'fixed' ? 'start_time' : 'time';
      return pythonEquals(pythonItem(inputOf(response), key), pythonItem(inputOf(groundTruth), key));
    }
    return (
      pythonEquals(response.output, pythonItem(groundTruth, 'output')) &&
      pythonEquals(response.exception, pythonItem(groundTruth, 'exception'))
    );
  },
};

export const modifyMeeting: ApiDefinition = {
  name: 'ModifyMeeting',
  parameters: meetingParameters,
  required: meetingRequired,
  call: (values, context) =>
    respond('ModifyMeeting', meetingInput(values), () => {
      validate(values, false);
      const username = checkToken(context, values.token);
      const key = findMeeting(context, username, values);
      if (key !== undefined) {
        const row = meetings(context)[key]!;
        if (truthy(values.meeting_topic)) row.meeting_topic = values.meeting_topic;
        if (truthy(values.start_time)) {
          row.start_time = values.start_time;
          row.end_time = values.end_time;
        }
        return 'success';
      }
      notFound(values);
      return 'success';
    }),
  check: meetingCheck,
};

export const queryMeeting: ApiDefinition = {
  name: 'QueryMeeting',
  parameters: meetingParameters,
  required: meetingRequired,
  call: (values, context) =>
    respond('QueryMeeting', meetingInput(values), () => {
      validate(values, false);
      const username = checkToken(context, values.token);
      const key = findMeeting(context, username, values);
      if (key !== undefined) return meetings(context)[key];
      notFound(values);
      // The official code returns an Exception object here (it equals nothing).
      return new PythonExceptionValue('Error');
    }),
  check: meetingCheck,
};
