/**
 * BFCL V4 multi-turn long-context (Berkeley Function-Calling Leaderboard) from ShishirPatil/gorilla,
 * `berkeley-function-call-leaderboard/bfcl_eval/data/`. `long_context_constants.json` has no upstream file: it
 * holds the literal constants of `long_context.py` (the extra state of the long-context environments), made as
 * Python's `json.dumps(constants, ensure_ascii=False)` would, with `...` (Ellipsis) as null.
 */
import { type BenchmarkManifest, pinnedFiles } from '../manifest.ts';

const COMMIT =
  'https://raw.githubusercontent.com/ShishirPatil/gorilla/6ea57973c7a6097fd7c5915698c54c17c5b1b6c8/berkeley-function-call-leaderboard/bfcl_eval';

export const bfclManifest: BenchmarkManifest = {
  name: 'bfcl',
  source: 'ShishirPatil/gorilla berkeley-function-call-leaderboard/bfcl_eval/ @ 6ea5797',
  licence: 'Apache-2.0',
  files: [
    ...pinnedFiles(
      `${COMMIT}/data/`,
      `
78c3268c5cc8e97c0f4ec6c811b3b9a2bba14323b1830b7a874b06d822749324 392016 BFCL_v4_multi_turn_long_context.json
c4c1b741c71e2a17c97a5dc9c4a91d89978c4eaece56494d14272d5df6c650e9 13953 multi_turn_func_doc/gorilla_file_system.json
83fa31708c89442bdcf12ac4dfbe3be8663ec9183a1b1524a9fda98164bc7e0b 9158 multi_turn_func_doc/math_api.json
96480cd9cbd3d4a34cd8f78879bc6622731768a26e080f7a34782e36e3402287 9087 multi_turn_func_doc/memory_kv.json
4ceff946df00983c7f0b95d1b70ae402247f3312fb898bac9ecfa1de52f5a783 2501 multi_turn_func_doc/memory_rec_sum.json
917908ca99fdd01e203274b7ec6eb2347fa91d57f3c6341e20945cc9c9d746cf 7287 multi_turn_func_doc/memory_vector.json
4d58ea933a5d2b280d7a52366617fb47fecd333d7b0e08e724db6fa12fb5f847 6027 multi_turn_func_doc/message_api.json
87f9fc404a06e4107d7c366f1399c596440e84c16cb119faf374b2f532d86e8b 10573 multi_turn_func_doc/posting_api.json
31324e0380782664fe82ba05bd23517808ad55692b45a5fe7c3d4d395fe4f0f8 6648 multi_turn_func_doc/ticket_api.json
1a7933fd8f0cb8fbec38aeae05cb8c24132747cad4904fe1c13ac3d01fc22c2d 12608 multi_turn_func_doc/trading_bot.json
f17b950c13adddf41d0848077df58788252e4c2e7cad5cfa71c8c4bf04f57b26 16979 multi_turn_func_doc/travel_booking.json
0c8a66292844874ef7b168f343bc394d8615d2d9e1f4387999a9ee23011eac78 17545 multi_turn_func_doc/vehicle_control.json
61fcee411e35f7ff67415e18cd67276615cf06e1c8841a683d2d997dbb46eac5 2252 multi_turn_func_doc/web_search.json
e82aa0e839c39d23c64a05834f7ae024d7c9738ec21738ecee78dc876e3d0d18 114439 possible_answer/BFCL_v4_multi_turn_long_context.json
`,
    ),
    {
      path: 'long_context_constants.json',
      bytes: 187176,
      sha256: '6faa0928d43c15eb691b7b6012a1e9df234b01eb31908374fb8c718343332fa8',
      upstream: {
        url: `${COMMIT}/eval_checker/multi_turn_eval/func_source_code/long_context.py`,
        bytes: 190330,
        sha256: '5c9a5710115609c779e5b2ccb43f6ad58271ed96f2ea7a797edb0d65c385aa38',
        derivation: 'python-constants-json',
      },
    },
  ],
};
