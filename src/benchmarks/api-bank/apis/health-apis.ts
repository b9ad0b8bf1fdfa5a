/** Ports of the hospital and health APIs (appointments, health data, symptoms). */
import {
  respond,
  text,
  type ApiContext,
  type ApiDefinition,
  type ApiResponse,
  type RecordedResult,
} from '../api-types.ts';
import { normalizeDateText } from '../python-datetime.ts';
import { PythonError, PythonExceptionValue, pythonEquals, pythonItem, pythonRepr } from '../python-values.ts';

type Row = Record<string, unknown>;
const appointments = (context: ApiContext): Record<string, Row> => context.databases.Appointments;
const inputOf = (result: ApiResponse | RecordedResult): Record<string, unknown> =>
  pythonItem(result, 'input') as Record<string, unknown>;
const sameOutputException = (response: ApiResponse, groundTruth: RecordedResult): boolean =>
  pythonEquals(response.output, pythonItem(groundTruth, 'output')) &&
  pythonEquals(response.exception, pythonItem(groundTruth, 'exception'));

/** `format_check` of the appointment APIs: a normalised %Y-%m-%d date or an exception object. */
const appointmentDate = (value: unknown): string | PythonExceptionValue => normalizeDateText(text(value), '%Y-%m-%d');
const raiseIfException = <T>(value: T | PythonExceptionValue): T => {
  if (value instanceof PythonExceptionValue) throw new PythonError(value.message);
  return value;
};

export const appointmentRegistration: ApiDefinition = {
  name: 'AppointmentRegistration',
  parameters: { patient_name: 'str', date: 'str', doctor_name: 'str' },
  required: ['patient_name', 'date', 'doctor_name'],
  call: ({ patient_name: patientName, date, doctor_name: doctorName }, context) =>
    respond('AppointmentRegistration', { patient_name: patientName, date, doctor_name: doctorName }, () => {
      const patient = text(patientName).trim();
      const doctor = text(doctorName).trim();
      if (patient === '' || doctor === '') throw new PythonError('Patient name or doctor name cannot be empty.');
      const normalized = raiseIfException(appointmentDate(date));
      const rows = appointments(context);
      for (const key of Object.keys(rows)) {
        const row = rows[key]!;
        if (row.patient_name === patient && pythonEquals(appointmentDate(row.date), normalized)) {
          throw new PythonError(
            row.doctor_name === doctor
              ? 'This appointment has already been registered.'
              : 'This patient has already been registered in this day.',
          );
        }
      }
      let id = String(context.random.int(10000000, 99999999));
      while (Object.hasOwn(rows, id)) id = String(context.random.int(10000000, 99999999));
      rows[id] = { patient_name: patient, date: normalized, doctor_name: doctor };
      return id;
    }),
  check: (response, groundTruth) => {
    const responseInput = inputOf(response);
    const groundTruthInput = inputOf(groundTruth);
    if (
      text(pythonItem(responseInput, 'patient_name')).trim() !==
      text(pythonItem(groundTruthInput, 'patient_name')).trim()
    )
      return false;
    if (
      !pythonEquals(
        appointmentDate(pythonItem(responseInput, 'date')),
        appointmentDate(pythonItem(groundTruthInput, 'date')),
      )
    )
      return false;
    if (
      text(pythonItem(responseInput, 'doctor_name')).trim() !== text(pythonItem(groundTruthInput, 'doctor_name')).trim()
    )
      return false;
    // The appointment id is random: only its presence is compared.
    if (pythonItem(groundTruth, 'output') === null && response.output !== null) return false;
    return pythonEquals(response.exception, pythonItem(groundTruth, 'exception'));
  },
};

export const cancelRegistration: ApiDefinition = {
  name: 'CancelRegistration',
  parameters: { appointment_id: 'str' },
  required: ['appointment_id'],
  call: ({ appointment_id: appointmentId }, context) =>
    respond('CancelRegistration', { appointment_id: appointmentId }, () => {
      const id = text(appointmentId).trim();
      if (!Object.hasOwn(appointments(context), id)) throw new PythonError('The appointment ID is incorrect.');
      delete appointments(context)[id];
      return 'success';
    }),
  check: (response, groundTruth) =>
    text(pythonItem(inputOf(response), 'appointment_id')).trim() ===
      text(pythonItem(inputOf(groundTruth), 'appointment_id')).trim() && sameOutputException(response, groundTruth),
};

export const modifyRegistration: ApiDefinition = {
  name: 'ModifyRegistration',
  parameters: { appointment_id: 'str', new_appointment_date: 'str', new_appointment_doctor: 'str' },
  required: ['appointment_id'],
  call: (
    { appointment_id: appointmentId, new_appointment_date: newDate = null, new_appointment_doctor: newDoctor = null },
    context,
  ) =>
    respond(
      'ModifyRegistration',
      { appointment_id: appointmentId, new_appointment_date: newDate, new_appointment_doctor: newDoctor },
      () => {
        const id = text(appointmentId).trim();
        const rows = appointments(context);
        if (!Object.hasOwn(rows, id)) throw new PythonError('The appointment ID does not exist.');
        const date = newDate === null ? null : appointmentDate(newDate);
        let doctor: string | null = null;
        if (newDoctor !== null) {
          doctor = text(newDoctor).trim();
          if (doctor === '') throw new PythonError('Fail because the doctor name is empty.');
        }
        const validDate = date === null ? null : raiseIfException(date);
        const row = rows[id]!;
        if (validDate === null && doctor === null) throw new PythonError('Fail because no modification is made.');
        if (validDate === null) {
          if (doctor === row.doctor_name) throw new PythonError('Fail because doctor is not changed.');
          row.doctor_name = doctor;
        } else if (doctor === null) {
          if (validDate === row.date) throw new PythonError('Fail because date is not changed.');
          row.date = validDate;
        } else {
          if (validDate === row.date && doctor === row.doctor_name)
            throw new PythonError('Fail because no modification is made.');
          if (validDate === row.date) throw new PythonError('Fail because date is not changed.');
          if (doctor === row.doctor_name) throw new PythonError('Fail because doctor is not changed.');
          row.date = validDate;
          row.doctor_name = doctor;
        }
        return 'success';
      },
    ),
  check: (response, groundTruth) => {
    const responseInput = inputOf(response);
    const groundTruthInput = inputOf(groundTruth);
    const responseDate = pythonItem(responseInput, 'new_appointment_date');
    const groundTruthDate = pythonItem(groundTruthInput, 'new_appointment_date');
    const responseDoctor = pythonItem(responseInput, 'new_appointment_doctor');
    const groundTruthDoctor = pythonItem(groundTruthInput, 'new_appointment_doctor');
    if (
      String(pythonItem(responseInput, 'appointment_id')).trim() !==
      text(pythonItem(groundTruthInput, 'appointment_id')).trim()
    )
      return false;
    const normalize = (date: unknown) => (date === null ? null : appointmentDate(date));
    if (!pythonEquals(normalize(responseDate), normalize(groundTruthDate))) return false;
    const strip = (doctor: unknown) => (doctor === null ? null : text(doctor).trim());
    if (!pythonEquals(strip(responseDoctor), strip(groundTruthDoctor))) return false;
    return sameOutputException(response, groundTruth);
  },
};

export const queryRegistration: ApiDefinition = {
  name: 'QueryRegistration',
  parameters: { patient_name: 'str', date: 'str' },
  required: ['patient_name', 'date'],
  call: ({ patient_name: patientName, date }, context) =>
    respond('QueryRegistration', { patient_name: patientName, date }, () => {
      const patient = text(patientName).trim();
      const normalized = raiseIfException(appointmentDate(date));
      const found: Record<string, Row> = {};
      const rows = appointments(context);
      for (const key of Object.keys(rows)) {
        if (rows[key]!.patient_name === patient && pythonEquals(appointmentDate(rows[key]!.date), normalized))
          found[key] = rows[key]!;
      }
      if (Object.keys(found).length === 0) throw new PythonError('No appointments found.');
      return found;
    }),
  check: (response, groundTruth) => {
    const responseInput = inputOf(response);
    const groundTruthInput = inputOf(groundTruth);
    if (
      text(pythonItem(responseInput, 'patient_name')).trim() !==
      text(pythonItem(groundTruthInput, 'patient_name')).trim()
    )
      return false;
    if (
      !pythonEquals(
        appointmentDate(pythonItem(responseInput, 'date')),
        appointmentDate(pythonItem(groundTruthInput, 'date')),
      )
    )
      return false;
    return sameOutputException(response, groundTruth);
  },
};

/** `format_check` of QueryHealthData: (upper-cased id or None, start, end) with exception objects. */
function healthQueryFormat(
  userId: unknown,
  start: unknown,
  end: unknown,
): [string | null, string | PythonExceptionValue, string | PythonExceptionValue] {
  const id = text(userId).toUpperCase().trim();
  return [
    id === '' ? null : id,
    normalizeDateText(text(start), '%Y-%m-%d %H:%M:%S'),
    normalizeDateText(text(end), '%Y-%m-%d %H:%M:%S'),
  ];
}

export const queryHealthData: ApiDefinition = {
  name: 'QueryHealthData',
  parameters: { user_id: 'str', start_time: 'str', end_time: 'str' },
  required: ['user_id', 'start_time', 'end_time'],
  call: ({ user_id: userId, start_time: startTime, end_time: endTime }, context) =>
    respond('QueryHealthData', { user_id: userId, start_time: startTime, end_time: endTime }, () => {
      const [id, start, end] = healthQueryFormat(userId, startTime, endTime);
      if (id === null) throw new PythonError('The user id cannot be empty.');
      if (start instanceof PythonExceptionValue && end instanceof PythonExceptionValue)
        throw new PythonError(`${start.message}; ${end.message}`);
      const startText = raiseIfException(start);
      const endText = raiseIfException(end);
      if (startText > endText) throw new PythonError('The start time cannot be later than the end time.');
      const database = context.databases.HealthData as Record<string, Row[]>;
      if (!Object.hasOwn(database, id)) throw new PythonError('The user id does not exist.');
      const found = database[id]!.filter((row) => {
        const time = normalizeDateText(text(row.time), '%Y-%m-%d %H:%M:%S');
        return typeof time === 'string' && time >= startText && time <= endText;
      });
      if (found.length === 0) throw new PythonError('There is no health data in the given time span.');
      return found;
    }),
  check: (response, groundTruth) => {
    const responseInput = inputOf(response);
    const groundTruthInput = inputOf(groundTruth);
    const responseFormat = healthQueryFormat(
      pythonItem(responseInput, 'user_id'),
      pythonItem(responseInput, 'start_time'),
      pythonItem(responseInput, 'end_time'),
    );
    const groundTruthFormat = healthQueryFormat(
      pythonItem(groundTruthInput, 'user_id'),
      pythonItem(groundTruthInput, 'start_time'),
      pythonItem(groundTruthInput, 'end_time'),
    );
    if (!responseFormat.every((value, index) => pythonEquals(value, groundTruthFormat[index]))) return false;
    return sameOutputException(response, groundTruth);
  },
};

/** Python `needle in container` for str (substring) and dict (key) containers. */
function pythonContains(container: unknown, needle: string): boolean {
  if (typeof container === 'string') return container.includes(needle);
  if (Array.isArray(container)) return container.some((item) => pythonEquals(item, needle));
  if (container !== null && typeof container === 'object') return Object.hasOwn(container, needle);
  throw new PythonError(`argument of type '${typeof container === 'number' ? 'int' : 'NoneType'}' is not iterable`);
}

export const recordHealthData: ApiDefinition = {
  name: 'RecordHealthData',
  parameters: { user_id: 'str', time: 'str', health_data: 'list' },
  required: ['user_id', 'time'],
  call: ({ user_id: userId, time, health_data: healthData = null }, context) =>
    respond('RecordHealthData', { user_id: userId, time, health_data: healthData }, () => {
      const id = text(userId).toUpperCase().trim();
      if (id === '') throw new PythonError('The user id cannot be empty.');
      const normalized = raiseIfException(normalizeDateText(text(time), '%Y-%m-%d %H:%M:%S'));
      if (healthData === null) throw new PythonError('The health data cannot be empty.');
      // A str argument (what the official parser hands over for list literals) is iterated character by character.
      const items: unknown[] =
        typeof healthData === 'string'
          ? [...healthData]
          : Array.isArray(healthData)
            ? healthData
            : Object.keys(healthData as object);
      if (items.length === 0) throw new PythonError('The health data cannot be empty.');
      const names = new Set<string>();
      for (const item of items) {
        if (!pythonContains(item, 'name')) throw new PythonError('The health data has invalid format.');
        const name = JSON.stringify(pythonItemOrKeyError(item, 'name'));
        if (names.has(name)) throw new PythonError('The health data cannot contain duplicate items.');
        names.add(name);
      }
      const database = context.databases.HealthData as Record<string, Row[]>;
      database[id] ??= [];
      const existing = database[id]!.filter((record) => record.time === normalized).at(-1);
      const target = existing ?? { time: normalized };
      for (const item of items)
        target[String(pythonItemOrKeyError(item, 'name'))] = pythonItemOrKeyError(item, 'value');
      if (!existing) database[id]!.push(target);
      return 'success';
    }),
  check: (response, groundTruth) => {
    const responseInput = inputOf(response);
    const groundTruthInput = inputOf(groundTruth);
    if (
      String(pythonItem(responseInput, 'user_id')).toUpperCase().trim() !==
      text(pythonItem(groundTruthInput, 'user_id')).toUpperCase().trim()
    )
      return false;
    pythonItem(responseInput, 'health_data');
    pythonItem(groundTruthInput, 'health_data');
    const time = (value: unknown) => normalizeDateText(text(value), '%Y-%m-%d %H:%M:%S');
    if (!pythonEquals(time(pythonItem(responseInput, 'time')), time(pythonItem(groundTruthInput, 'time'))))
      return false;
    return sameOutputException(response, groundTruth);
  },
};

/** `data['name']` inside an API: a missing key raises KeyError, whose str() is the quoted key. */
function pythonItemOrKeyError(record: unknown, key: string): unknown {
  if (record !== null && typeof record === 'object' && Object.hasOwn(record, key))
    return (record as Record<string, unknown>)[key];
  throw new PythonError(pythonRepr(key));
}

const symptoms = (context: ApiContext): Record<string, Row[]> => context.databases.Symptom;

/** EmergencyKnowledge's format_check: an empty symptom fails with an AttributeError (its own bug). */
function emergencySymptom(value: unknown): string {
  const symptom = text(value).trim();
  if (symptom === '') throw new PythonError("'Exception' object has no attribute 'lower'");
  return symptom.toLowerCase();
}

function symptomSearchSymptom(value: unknown): string {
  const symptom = text(value).trim().toLowerCase();
  if (symptom === '') throw new PythonError('The symptom cannot be empty.');
  return symptom;
}

function symptomCheck(normalize: (value: unknown) => string) {
  return (response: ApiResponse, groundTruth: RecordedResult): boolean => {
    if (normalize(pythonItem(inputOf(response), 'symptom')) !== normalize(pythonItem(inputOf(groundTruth), 'symptom')))
      return false;
    return (
      pythonEquals(response.output, pythonItem(groundTruth, 'output')) &&
      pythonEquals(response.exception, pythonItem(groundTruth, 'exception'))
    );
  };
}

export const emergencyKnowledge: ApiDefinition = {
  name: 'EmergencyKnowledge',
  parameters: { symptom: 'str' },
  required: ['symptom'],
  call: ({ symptom }, context) =>
    respond('EmergencyKnowledge', { symptom }, () => {
      const key = emergencySymptom(symptom);
      if (!Object.hasOwn(symptoms(context), key)) throw new PythonError('The symptom does not exist.');
      return symptoms(context)[key]!.map((item) => ({ name: item.name, aid: item.aid }));
    }),
  check: symptomCheck(emergencySymptom),
};

export const symptomSearch: ApiDefinition = {
  name: 'SymptomSearch',
  parameters: { symptom: 'str' },
  required: ['symptom'],
  call: ({ symptom }, context) =>
    respond('SymptomSearch', { symptom }, () => {
      const key = symptomSearchSymptom(symptom);
      if (!Object.hasOwn(symptoms(context), key)) throw new PythonError('The symptom does not exist.');
      return symptoms(context)[key]!.map((item) => ({ name: item.name, description: item.description }));
    }),
  check: symptomCheck(symptomSearchSymptom),
};
