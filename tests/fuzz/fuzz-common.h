/* fuzz-common: what the libFuzzer harnesses share: the entry points they define, a
 * bound on input size, inputs as NUL-terminated text or as files, and GLib set up to
 * abort on a critical warning.
 *
 * Every harness (fuzz-TARGET.c) defines LLVMFuzzerTestOneInput and calls
 * fuzz_init from LLVMFuzzerInitialize. The harnesses are linked twice: with libFuzzer in
 * the fuzz build (meson -Dfuzz=true, clang; tools/fuzz runs them), and with replay.c,
 * a plain main that runs each input file given, in the normal build, where the test
 * suite replays the regression inputs (tests/fuzz/regressions/TARGET/) and the seeds. */
#pragma once

#include <glib.h>
#include <stddef.h>
#include <stdint.h>

G_BEGIN_DECLS

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Inputs larger than this are skipped (return 0 at once): each run stays fast, and a
 * front end's speed on large inputs is not what the harnesses look for. */
#define FUZZ_MAX_INPUT (64 * 1024)

/* Makes GLib criticals and warnings fatal (a failed g_return_if_fail is a bug, not an
 * input error) and creates the process's scratch directory. Call once. */
void fuzz_init (void);

/* DATA as a NUL-terminated string (a NUL byte inside ends it, as for a C string). Owned. */
char *fuzz_text (const uint8_t *data, size_t size);

/* Writes DATA to the file NAME in the process's scratch directory (replacing it) and
 * returns its path (owned), so that a front end reads it as it reads a user's file:
 * binary-safe, NUL bytes included. */
char *fuzz_write_file (const char *name, const uint8_t *data, size_t size);

G_END_DECLS
