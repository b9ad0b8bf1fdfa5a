{
  "variables": { "genenv_kernel_flags": ["-O3", "-fno-math-errno", "-ffp-contract=off", "-fPIC"] },
  "target_defaults": {
    "defines": ["<!(node -p \"process.env.GENENV_NATIVE_FAIL ? 'GENENV_FORCE_BUILD_FAILURE' : 'GENENV_BUILD'\")"]
  },
  "targets": [
    {
      "target_name": "genenv_kernels_portable",
      "type": "static_library",
      "sources": ["native/isa-portable.cc"],
      "cflags_cc": ["<@(genenv_kernel_flags)"],
      "cflags_cc!": ["-fno-exceptions"]
    },
    {
      "target_name": "genenv_kernels_avx2",
      "type": "static_library",
      "conditions": [
        ["target_arch=='x64'", {
          "sources": ["native/isa-avx2.cc"],
          "cflags_cc": ["<@(genenv_kernel_flags)", "-mavx2", "-mfma"]
        }]
      ]
    },
    {
      "target_name": "genenv_kernels_portable_fma",
      "type": "static_library",
      "conditions": [
        ["target_arch=='x64'", {
          "sources": ["native/isa-portable-fma.cc"],
          "cflags_cc": ["<@(genenv_kernel_flags)", "-mfma"]
        }]
      ]
    },
    {
      "target_name": "genenv_kernels_avx512_layout",
      "type": "static_library",
      "conditions": [
        ["target_arch=='x64'", {
          "sources": ["native/isa-avx512-layout.cc"],
          "cflags_cc": ["<@(genenv_kernel_flags)", "-mavx2", "-mfma", "-Wno-psabi"]
        }]
      ]
    },
    {
      "target_name": "genenv_kernels_avx512",
      "type": "static_library",
      "conditions": [
        ["target_arch=='x64'", {
          "sources": ["native/isa-avx512.cc"],
          "cflags_cc": ["<@(genenv_kernel_flags)", "-mavx512f", "-mavx512vl", "-mavx2", "-mfma", "-mprefer-vector-width=512"]
        }]
      ]
    },
    {
      "target_name": "genenv_native",
      "sources": ["native/addon.cc", "native/thread-pool.cc"],
      "cflags_cc": ["-O2", "-std=c++17", "-fexceptions", "-ffp-contract=off"],
      "cflags_cc!": ["-fno-exceptions"],
      "conditions": [
        ["target_arch=='x64'", {
          "dependencies": ["genenv_kernels_portable", "genenv_kernels_portable_fma", "genenv_kernels_avx2", "genenv_kernels_avx512",
                           "genenv_kernels_avx512_layout"]
        }, {
          "dependencies": ["genenv_kernels_portable"],
          "defines": ["GENENV_NO_X86_KERNELS"]
        }],
        ["OS=='linux'", { "libraries": ["-lpthread"] }]
      ]
    }
  ]
}
