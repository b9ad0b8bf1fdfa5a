/** Every ported API by its official name. AddScene and ModifyScene (no gold call uses them) are not ported. */
import type { ApiDefinition } from '../api-types.ts';
import { deleteAccount, forgotPassword, getUserToken, modifyPassword, openBankAccount, queryBalance, registerUser } from './account-apis.ts';
import { calculator } from './calculator.ts';
import { appointmentRegistration, cancelRegistration, emergencyKnowledge, modifyRegistration, queryHealthData, queryRegistration, recordHealthData, symptomSearch } from './health-apis.ts';
import { bookHotel, cancelTimedSwitch, deleteScene, playMusic, queryScene, sendEmail, timedSwitch } from './home-apis.ts';
import { dictionary, documentQa, getToday, imageCaption, queryHistoryToday, queryStock, searchEngine, speechRecognition, wiki } from './information-apis.ts';
import { addMeeting, deleteMeeting, modifyMeeting, queryMeeting } from './meeting-apis.ts';
import { addAgenda, addAlarm, addReminder, deleteAgenda, deleteAlarm, deleteReminder, modifyAgenda, modifyAlarm, modifyReminder, queryAgenda, queryAlarm, queryReminder } from './schedule-apis.ts';
import { toolSearcher } from './tool-searcher.ts';
import { translate } from './translate.ts';

const all: ApiDefinition[] = [
  getUserToken, registerUser, deleteAccount, modifyPassword, forgotPassword, openBankAccount, queryBalance,
  addAgenda, deleteAgenda, modifyAgenda, queryAgenda, addAlarm, deleteAlarm, modifyAlarm, queryAlarm,
  addReminder, deleteReminder, modifyReminder, queryReminder, addMeeting, deleteMeeting, modifyMeeting, queryMeeting,
  appointmentRegistration, cancelRegistration, modifyRegistration, queryRegistration, queryHealthData, recordHealthData,
  emergencyKnowledge, symptomSearch, queryScene, deleteScene, timedSwitch, cancelTimedSwitch, playMusic, sendEmail, bookHotel,
  queryStock, queryHistoryToday, wiki, searchEngine, documentQa, imageCaption, speechRecognition, getToday, dictionary,
  translate, calculator, toolSearcher,
];

export const apiRegistry: ReadonlyMap<string, ApiDefinition> = new Map(all.map((api) => [api.name, api]));
