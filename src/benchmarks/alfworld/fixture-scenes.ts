/**
 * The scenes of this project's ALFWorld fixture games (one per task type, ALFWorld ≥ 2.1.2 grammar),
 * written for tests because the official game files are not available here. `write-fixtures.ts`
 * turns them into `fixtures/<task folder>/<trial>/game.tw-pddl`; a test checks the files match.
 */
import type { SceneSpec } from '../../domains/household/alfred/scene.ts';

export interface FixtureScene {
  /** Folder under fixtures/, in ALFWorld's `task-Object-Movable-Receptacle-Scene/trial_*` layout. */
  folder: string;
  scene: SceneSpec;
}

export const FIXTURE_SCENES: FixtureScene[] = [
  {
    folder: 'pick_and_place_simple-KeyChain-None-Safe-301/trial_T20190001_000001',
    scene: {
      name: 'trial_T20190001_000001',
      taskType: 'pick_and_place_simple',
      task: 'put a keychain in safe.',
      dialect: 'current',
      target: { object: 'keychain', receptacle: 'safe' },
      receptacles: [
        {
          kind: 'bed',
          number: 1,
          contents: [
            { kind: 'pillow', number: 1 },
            { kind: 'laptop', number: 1 },
          ],
        },
        { kind: 'drawer', number: 1, openable: true },
        { kind: 'drawer', number: 2, openable: true, contents: [{ kind: 'keychain', number: 2 }] },
        { kind: 'safe', number: 1, openable: true, contents: [{ kind: 'cd', number: 1 }] },
        {
          kind: 'sidetable',
          number: 1,
          contents: [
            { kind: 'keychain', number: 1 },
            { kind: 'creditcard', number: 1 },
          ],
        },
      ],
      cannotContain: { safe: ['pillow', 'laptop'] },
      walkthrough: [
        'go to drawer 1',
        'open drawer 1',
        'go to drawer 2',
        'open drawer 2',
        'take keychain 2 from drawer 2',
        'go to safe 1',
        'open safe 1',
        'move keychain 2 to safe 1',
      ],
    },
  },
  {
    folder: 'pick_clean_then_place_in_recep-Mug-None-CoffeeMachine-12/trial_T20190002_000002',
    scene: {
      name: 'trial_T20190002_000002',
      taskType: 'pick_clean_then_place_in_recep',
      task: 'clean some mug and put it in coffeemachine.',
      dialect: 'current',
      target: { object: 'mug', receptacle: 'coffeemachine' },
      receptacles: [
        { kind: 'cabinet', number: 1, openable: true, contents: [{ kind: 'mug', number: 2 }] },
        { kind: 'coffeemachine', number: 1 },
        {
          kind: 'countertop',
          number: 1,
          contents: [
            { kind: 'mug', number: 1 },
            { kind: 'knife', number: 1 },
          ],
        },
        { kind: 'sinkbasin', number: 1, contents: [{ kind: 'spoon', number: 1 }] },
      ],
      walkthrough: [
        'go to countertop 1',
        'take mug 1 from countertop 1',
        'go to sinkbasin 1',
        'clean mug 1 with sinkbasin 1',
        'go to coffeemachine 1',
        'move mug 1 to coffeemachine 1',
      ],
    },
  },
  {
    folder: 'pick_heat_then_place_in_recep-Potato-None-GarbageCan-7/trial_T20190003_000003',
    scene: {
      name: 'trial_T20190003_000003',
      taskType: 'pick_heat_then_place_in_recep',
      task: 'heat some potato and put it in garbagecan.',
      dialect: 'current',
      target: { object: 'potato', receptacle: 'garbagecan' },
      receptacles: [
        { kind: 'countertop', number: 1, contents: [{ kind: 'bread', number: 1 }] },
        {
          kind: 'fridge',
          number: 1,
          openable: true,
          contents: [
            { kind: 'potato', number: 1 },
            { kind: 'egg', number: 1 },
          ],
        },
        { kind: 'garbagecan', number: 1 },
        { kind: 'microwave', number: 1, openable: true },
      ],
      walkthrough: [
        'go to fridge 1',
        'open fridge 1',
        'take potato 1 from fridge 1',
        'go to microwave 1',
        'heat potato 1 with microwave 1',
        'go to garbagecan 1',
        'move potato 1 to garbagecan 1',
      ],
    },
  },
  {
    folder: 'pick_cool_then_place_in_recep-Tomato-None-CounterTop-21/trial_T20190004_000004',
    scene: {
      name: 'trial_T20190004_000004',
      taskType: 'pick_cool_then_place_in_recep',
      task: 'put a cool tomato in countertop.',
      dialect: 'current',
      target: { object: 'tomato', receptacle: 'countertop' },
      receptacles: [
        { kind: 'countertop', number: 1 },
        { kind: 'countertop', number: 2, contents: [{ kind: 'saltshaker', number: 1 }] },
        {
          kind: 'diningtable',
          number: 1,
          contents: [
            { kind: 'tomato', number: 2 },
            { kind: 'tomato', number: 1 },
            { kind: 'bread', number: 1 },
          ],
        },
        { kind: 'fridge', number: 1, openable: true, contents: [{ kind: 'lettuce', number: 1 }] },
      ],
      walkthrough: [
        'go to diningtable 1',
        'take tomato 1 from diningtable 1',
        'go to fridge 1',
        'cool tomato 1 with fridge 1',
        'go to countertop 2',
        'move tomato 1 to countertop 2',
      ],
    },
  },
  {
    folder: 'look_at_obj_in_light-Book-None-DeskLamp-309/trial_T20190005_000005',
    scene: {
      name: 'trial_T20190005_000005',
      taskType: 'look_at_obj_in_light',
      task: 'look at book under the desklamp.',
      dialect: 'current',
      target: { object: 'book', toggle: 'desklamp' },
      receptacles: [
        {
          kind: 'desk',
          number: 1,
          contents: [
            { kind: 'book', number: 1 },
            { kind: 'pen', number: 1 },
          ],
        },
        { kind: 'dresser', number: 1, location: 'corner', contents: [{ kind: 'book', number: 2 }] },
        { kind: 'shelf', number: 1 },
        { kind: 'sidetable', number: 1, location: 'corner', contents: [{ kind: 'desklamp', number: 1 }] },
      ],
      walkthrough: ['go to desk 1', 'take book 1 from desk 1', 'go to sidetable 1', 'use desklamp 1'],
    },
  },
  {
    folder: 'pick_two_obj_and_place-CellPhone-None-Sofa-212/trial_T20190006_000006',
    scene: {
      name: 'trial_T20190006_000006',
      taskType: 'pick_two_obj_and_place',
      task: 'put two cellphone in sofa.',
      dialect: 'current',
      target: { object: 'cellphone', receptacle: 'sofa' },
      receptacles: [
        { kind: 'armchair', number: 1, contents: [{ kind: 'cellphone', number: 1 }] },
        {
          kind: 'coffeetable',
          number: 1,
          contents: [
            { kind: 'cellphone', number: 3 },
            { kind: 'remotecontrol', number: 1 },
          ],
        },
        { kind: 'drawer', number: 1, openable: true, contents: [{ kind: 'cellphone', number: 2 }] },
        { kind: 'sofa', number: 1, contents: [{ kind: 'pillow', number: 1 }] },
      ],
      walkthrough: [
        'go to coffeetable 1',
        'take cellphone 3 from coffeetable 1',
        'go to sofa 1',
        'move cellphone 3 to sofa 1',
        'go to armchair 1',
        'take cellphone 1 from armchair 1',
        'go to sofa 1',
        'move cellphone 1 to sofa 1',
      ],
    },
  },
];
