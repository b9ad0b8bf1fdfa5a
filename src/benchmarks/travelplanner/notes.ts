/**
 * Every place where this TravelPlanner scorer departs from the official evaluation (evaluation/eval.py and friends),
 * and why.
 */
export const TRAVELPLANNER_NOTES: readonly string[] = [
  'Queries: the 45 training queries. Their structured fields (org, dest, days, visiting_city_number, date, ' +
    'people_number, local_constraint, budget, level) are not in the available data; they are derived from the ' +
    'query text and the reference information (see query-fields.ts), and with them every gold plan passes all 13 ' +
    'checks.',
  'Level is derived from the number of local constraints (0 easy, 1 medium, 3 hard); it decides which hard ' +
    'constraints enter the HC micro denominator, exactly as eval.py does (105 on train).',
  'Denominators are computed for the queries evaluated (8 per query for CS micro, the per-level slots for HC ' +
    'micro, the query count for the rates); eval.py hard-codes 45/360/105 for train, which these equal when all ' +
    '45 queries are run.',
  "Flights: the official sandbox is the full flights CSV (not available here); a plan's flight must be one " +
    "listed in some training query's reference information (313 flights). A real flight number outside those " +
    'lists would pass the official check and fails here.',
  'Restaurants, accommodations and attractions are checked against the full database CSVs, with pandas semantics ' +
    'reproduced: rows with any missing field dropped (.dropna(); 762 accommodation rows, most without house ' +
    'rules), case-sensitive substring match of the name within the city, first matching row for ' +
    'prices/cuisines/rules, minimum nights only when exactly one row matches.',
  'Malformed plans: where the official code raises (a missing key, an unreadable "from A to B" or flight number, ' +
    'a null field) and stops the whole run, here only the check that hit it fails, with the reason; null field ' +
    'values are read as empty strings.',
  'Plans are accepted as JSON or as the Python literal of the gold plans, in text (last list of day objects) or ' +
    'in a submit_plan tool call; the official pipeline instead turns free text into JSON with GPT-4 ' +
    "(postprocess/), which is not reproduced. A text with neither is read in the travel domain's compact plan " +
    'syntax (one line per day, "A>B <flight number|car|taxi>|stay|…"; src/domains/travel/checks/compact-plan.ts), ' +
    'so that the built-in agent trained on that domain is scored on what it writes; names containing "|" cannot ' +
    "be written in it. Text models read the query in that domain's compact prompt, which shows each leg's first " +
    "three flights and each city's first three stays and the first restaurants and attractions a plan can use " +
    '(compact-view.ts); chat models get the full reference information.',
  'Official quirks reproduced on purpose, since the published pass rates come from them: on single-city days the ' +
    '"within current city" test iterates over the characters of the city name; a meal in the origin city makes ' +
    'the cuisine check skip the rest of that day; a plan whose completeness or sandbox check fails counts for ' +
    'neither CS nor HC macro; day 1 must have transportation.',
];
