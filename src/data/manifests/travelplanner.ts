/**
 * TravelPlanner (Xie et al. 2024) from OSU-NLP-Group/TravelPlanner: the sandbox database as of 3038ffd (the next
 * commit deleted it from git), the 45 training queries with their reference data and gold plans, and the example
 * submission, from da7c1d4.
 */
import { type BenchmarkManifest, pinnedFiles } from '../manifest.ts';

const REPOSITORY = 'https://raw.githubusercontent.com/OSU-NLP-Group/TravelPlanner';

export const travelPlannerManifest: BenchmarkManifest = {
  name: 'travelplanner',
  source: 'OSU-NLP-Group/TravelPlanner @ 3038ffd (database) and da7c1d4 (training queries, example submission)',
  licence: 'MIT (the repository); the dataset card says CC-BY-4.0',
  files: [
    ...pinnedFiles(
      `${REPOSITORY}/3038ffd4aae5266cf5595c905f8bb4011cb39f86/`,
      `
7e70cc8cb573e824267be47153a3cf7934c839f01c955fb523d18be405921d86 520458 database/accommodations/clean_accommodations_2022.csv
8007fa851ba5b3adb205fbd298169c95116b297cef7ccd21dbea26ecce2605d8 817982 database/attractions/attractions.csv
5e80edac9ccacec673d51bbeaf2d4e99339e104684988eafdb42c214ddb0ce39 3064 database/background/citySet.txt
a3d18b5c692857cd561cbb4ad8d221ac3eb6c47af7c787a3489e3ffa184ca4d6 5921 database/background/citySet_with_states.txt
ad8d88f7e87cf85f230abf4b69c69cd4908399c1c93049eaa466d0ce0fe6bed5 642 database/background/stateSet.txt
44726ca74a335fd2d4824fc748f8832813550bfead37376fd51d6521a93a8b3b 777824 database/googleDistanceMatrix/distance.csv
a38ef00a3398b1ef78306a9b1851c491723d27899c6a1d4a3d6fe042929c0f26 683023 database/restaurants/clean_restaurant_2022.csv
`,
    ),
    ...pinnedFiles(
      `${REPOSITORY}/da7c1d41d51bf1d6e8592099bc109c9368b2dfe4/`,
      `
f9eff8c9e3056c726c4bc46b8183a51efdf63760755b0183fa36f1c9f14b6e83 1197800 database/train_ref_info.jsonl
1af188193644055ae95717dd4c6e4c92b6a4ca1b5a3833635b8ba9e54a26cf3c 1425968 finetuning_data/std_travelplanner.jsonl
50af8a77602f23b6e8365c264bc5feddb1e39c8703d4d9d91cc95c4f860961dd 336987 postprocess/example_evaluation.jsonl
`,
    ),
  ],
};
