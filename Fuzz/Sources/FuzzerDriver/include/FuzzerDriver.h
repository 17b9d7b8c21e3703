// libFuzzer's entry point for programs that keep their own main (libclang_rt.fuzzer_no_main).
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*UserCb)(const uint8_t *Data, size_t Size));
